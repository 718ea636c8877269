/**
 * The contents of the shell's login, registration and forgot-password modals: the shell mounts them
 * through this app's entry (mountModal, web/mf/src/app-modals.tsx) with the page's auth and limits
 * dictionaries. Closing the registration modal while still a guest records a registration-leave
 * event (site-shell §4).
 */
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import type { AppModalProps } from '@parlay/mf/app-modals.tsx';
import { closeModal, openModal } from '@parlay/mf/host-api.ts';
import { useEffect, useMemo, useRef } from 'react';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm.tsx';
import { LoginForm } from './forms/LoginForm.tsx';
import { RegistrationForm } from './forms/RegistrationForm.tsx';

/** The modals this app lends the shell (its manifest lists the same ids). */
export const AUTH_MODALS = ['login', 'registration', 'forgot-password'] as const;
export type AuthModalId = (typeof AUTH_MODALS)[number];

export function AuthModal({ id, lng, dictionaries }: AppModalProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
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
