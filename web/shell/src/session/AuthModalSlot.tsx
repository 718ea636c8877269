/**
 * The login, registration and forgot-password modals' contents: the auth micro-app's forms
 * (web/apps/auth/src/AuthModal.tsx), loaded as a lazy chunk on first open so the first page load
 * does not carry them. Their texts come with the page state (namespace auth).
 */
import type { Language } from '@parlay/i18n/languages.ts';
import type { Dictionary } from '@parlay/i18n/runtime.tsx';
import { type ComponentType, useEffect, useState } from 'react';
import type { AuthModalId, AuthModalProps } from '../../../apps/auth/src/AuthModal.tsx';
import { readShellState } from '../state.ts';

let loading: Promise<ComponentType<AuthModalProps>> | null = null;
let loaded: ComponentType<AuthModalProps> | null = null;
let dictionary: Dictionary | null = null;

function loadAuthModal(): Promise<ComponentType<AuthModalProps>> {
  loading ??= import('../../../apps/auth/src/AuthModal.tsx').then((module) => {
    loaded = module.AuthModal;
    return module.AuthModal;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function authDictionary(): Dictionary {
  dictionary ??= readShellState(document)?.dictionaries.auth ?? {};
  return dictionary;
}

export function AuthModalSlot({
  id,
  lng,
  loadingText,
}: {
  id: AuthModalId;
  lng: Language;
  loadingText: string;
}) {
  const [Component, setComponent] = useState<ComponentType<AuthModalProps> | null>(() => loaded);
  useEffect(() => {
    let live = true;
    void loadAuthModal()
      .then((component) => {
        if (live) setComponent(() => component);
      })
      .catch((error: unknown) => console.error('auth forms failed to load', error));
    return () => {
      live = false;
    };
  }, []);
  if (!Component) return <p aria-busy="true">{loadingText}</p>;
  return <Component id={id} lng={lng} dictionary={authDictionary()} />;
}
