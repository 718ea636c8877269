import type { Language } from '@parlay/i18n/languages.ts';
import type { Dictionaries } from '@parlay/i18n/runtime.tsx';
import type { SportsResult } from './sports-api.ts';

/** Props of the sports app: rendered on the server, embedded in the fragment, hydrated with the same. */
export interface SportsProps {
  lng: Language;
  dictionaries: Dictionaries;
  sports: SportsResult;
  /** Hours from UTC for the clock (spec: the player's time zone). */
  timeZone: number;
}
