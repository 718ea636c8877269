/**
 * The translation runtime shared by the server and the browser: one i18next instance per request (or
 * per mounted micro-app), never a global, so concurrent server renders cannot leak languages.
 */
import { createInstance } from 'i18next';
import { createContext, type ReactNode, useContext } from 'react';
import type { Dictionaries } from './dictionaries.ts';
import type { Language, Namespace } from './languages.ts';

export type { Dictionaries, Dictionary } from './dictionaries.ts';

/** Translates `key` of namespace `ns`; a missing key returns the key itself so it is visible, not blank. */
export type TranslateFn = (key: string, values?: Record<string, string | number>) => string;

export interface Translator {
  lng: Language;
  /** t('common', 'nav.sports') === 'Sports' (en). */
  t(ns: Namespace, key: string, values?: Record<string, string | number>): string;
}

/** Builds a translator synchronously from already loaded dictionaries. */
export function createTranslator(lng: Language, dictionaries: Dictionaries): Translator {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: dictionaries },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return {
    lng,
    t: (ns, key, values) => instance.t(key, { ...values, ns }) as string,
  };
}

const TranslatorContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** The translate function of one namespace: const t = useT('sports'); t('heading'). */
export function useT(ns: Namespace): TranslateFn {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useT() needs an <I18nProvider> above it');
  return (key, values) => translator.t(ns, key, values);
}

/** The language of the nearest provider. */
export function useLanguage(): Language {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useLanguage() needs an <I18nProvider> above it');
  return translator.lng;
}
