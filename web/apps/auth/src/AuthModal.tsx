/**
 * The contents of the shell's login, registration and forgot-password modals, loaded lazily by the
 * shell (web/shell/src/modals/ModalContent.tsx) with the auth dictionary of the page language.
 * Closing the registration modal while still a guest records a registration-leave event (site-shell §4).
 */
import { createTranslator, type Dictionary, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { closeModal, openModal } from '@parlay/mf/host-api.ts';
import { useEffect, useMemo, useRef } from 'react';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm.tsx';
import { LoginForm } from './forms/LoginForm.tsx';
import { RegistrationForm } from './forms/RegistrationForm.tsx';

export type AuthModalId = 'login' | 'registration' | 'forgot-password';

export interface AuthModalProps {
  id: AuthModalId;
  lng: 'ru' | 'en';
  dictionary: Dictionary;
}

export function AuthModal({ id, lng, dictionary }: AuthModalProps) {
  const translator = useMemo(() => createTranslator(lng, { auth: dictionary }), [lng, dictionary]);
  const finished = useRef(false);
  useEffect(() => {
    if (id !== 'registration') return;
    return () => {
      if (!finished.current) {
        window.dispatchEvent(
          new CustomEvent('parlay:analytics', { detail: { event: 'registration_leave' } }),
        );
      }
    };
  }, [id]);
  const props = {
    lng,
    returnUrl: null,
    onSwitch: (to: AuthModalId) => {
      closeModal(id);
      openModal(to);
    },
    onDone: () => {
      finished.current = true;
      closeModal(id);
    },
  };
  return (
    <I18nProvider translator={translator}>
      <div data-auth-modal={id}>
        {id === 'login' ? <LoginForm {...props} /> : null}
        {id === 'registration' ? <RegistrationForm {...props} /> : null}
        {id === 'forgot-password' ? <ForgotPasswordForm {...props} /> : null}
      </div>
    </I18nProvider>
  );
}
