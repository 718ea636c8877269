/**
 * The translation runtime shared by the server and the browser: one i18next instance per request (or
 * per mounted micro-app), never a global, so concurrent server renders cannot leak languages.
 */
import { createInstance } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Dictionaries } from './dictionaries.ts';
import {
  formatDate,
  formatDayMonth,
  formatMoney,
  formatMoneyAmount,
  formatNumber,
  type MoneyOptions,
} from './format.ts';
import type { Language, Namespace } from './languages.ts';

export type { Dictionaries, Dictionary } from './dictionaries.ts';

/** Translates `key` of namespace `ns`; a missing key returns the key itself so it is visible, not blank. */
export type TranslateFn = (key: string, values?: Record<string, string | number>) => string;

export interface Translator {
  lng: Language;
  /** t('common', 'nav.sports') === 'Sports' (en). */
  t(ns: Namespace, key: string, values?: Record<string, string | number>): string;
}

const MAX_CACHED_TRANSLATORS = 200;
const translators = new Map<string, { dictionaries: Dictionaries; translator: Translator }>();

/**
 * A translator for a language and a set of dictionaries. A translator never changes its language
 * or resources after creation, so one built from the very same dictionary objects is reused:
 * building an i18next instance for every server render was a large share of the render's cost.
 */
export function createTranslator(lng: Language, dictionaries: Dictionaries): Translator {
  const key = `${lng}|${Object.keys(dictionaries).sort().join(',')}`;
  const cached = translators.get(key);
  const same =
    cached &&
    Object.keys(dictionaries).every(
      (ns) => cached.dictionaries[ns as keyof Dictionaries] === dictionaries[ns as keyof Dictionaries],
    );
  if (cached && same) return cached.translator;
  const translator = buildTranslator(lng, dictionaries);
  if (translators.size >= MAX_CACHED_TRANSLATORS) translators.clear();
  translators.set(key, { dictionaries, translator });
  return translator;
}

function buildTranslator(lng: Language, dictionaries: Dictionaries): Translator {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: dictionaries },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // "{{count, number}}": i18next's own number formatter caches by the call's whole options, count
  // included, so each distinct count built a new Intl.NumberFormat (~95 ms of a throttled home
  // hydration for the "N more markets" labels). format.ts keeps one per language; up to 3 decimals
  // as Intl's default. A whole number under 1000 reads the same in every language we have, so it
  // skips Intl: the page's first Intl.NumberFormat alone cost ~50 ms of a throttled hydration.
  instance.services.formatter?.add('number', (value, formatLng) =>
    Number.isInteger(value) && value >= 0 && value < 1000
      ? String(value)
      : formatNumber(value as number, formatLng ?? lng, { upTo: 3 }),
  );
  // A translator's dictionaries never change (createTranslator builds a new one for new ones), so
  // the same question always gets the same text: a page asks hundreds, mostly the same few dozen
  // ("Break", "1", "Total", a period's name), and i18next takes microseconds for each.
  const answers = new Map<string, string>();
  return {
    lng,
    t: (ns, key, values) => {
      const question =
        values === undefined ? `${ns}\u0000${key}` : `${ns}\u0000${key}\u0000${JSON.stringify(values)}`;
      let text = answers.get(question);
      if (text === undefined) {
        text = instance.t(key, { ...values, ns }) as string;
        if (answers.size >= MAX_ANSWERS) answers.clear();
        answers.set(question, text);
      }
      return text;
    },
  };
}

/** Answers one translator keeps, at most (each is a short string). */
const MAX_ANSWERS = 5_000;

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

/**
 * useT's function, the same object while the provider's translator is: for props compared by identity
 * (a memoised component's labels), where useT's new function each render would render it again.
 */
export function useStableT(ns: Namespace): TranslateFn {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useStableT() needs an <I18nProvider> above it');
  return useMemo<TranslateFn>(() => (key, values) => translator.t(ns, key, values), [translator, ns]);
}

/** The language of the nearest provider. */
export function useLanguage(): Language {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useLanguage() needs an <I18nProvider> above it');
  return translator.lng;
}

/** The shared formatters (format.ts) bound to the language of the nearest provider. */
export interface Formatters {
  money(minor: bigint | string, iso: string, options?: MoneyOptions): string;
  moneyAmount(amount: string, iso: string, options?: MoneyOptions): string;
  number(value: number | bigint, options?: { fractionDigits?: number; upTo?: number }): string;
  date(at: string | number, timeZoneHours: number, style?: 'numeric' | 'medium'): string;
  dayMonth(at: string | number, timeZoneHours: number): string;
}

/** const format = useFormat(); format.money(150000n, 'RUB') → "1 500,00 RUB" on a Russian page. */
export function useFormat(): Formatters {
  const lng = useLanguage();
  return useMemo(
    () => ({
      money: (minor, iso, options) => formatMoney(minor, iso, lng, options),
      moneyAmount: (amount, iso, options) => formatMoneyAmount(amount, iso, lng, options),
      number: (value, options) => formatNumber(value, lng, options),
      date: (at, timeZoneHours, style) => formatDate(at, lng, timeZoneHours, style),
      dayMonth: (at, timeZoneHours) => formatDayMonth(at, lng, timeZoneHours),
    }),
    [lng],
  );
}
