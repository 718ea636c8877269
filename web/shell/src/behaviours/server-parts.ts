/** What the shell server adds to each page for the shell behaviours (server-side only). */
import { DICTIONARIES, type Dictionary } from '@parlay/i18n/dictionaries.ts';
import { AVAILABLE_LANGUAGES, type Language } from '@parlay/i18n/languages.ts';

/** The maintenance notice's texts in every language (the notice language follows the geo country). */
export function maintenanceTexts(): Partial<Record<Language, Dictionary>> {
  const texts: Partial<Record<Language, Dictionary>> = {};
  for (const lng of AVAILABLE_LANGUAGES) {
    const maintenance = DICTIONARIES[lng].shell.maintenance;
    if (typeof maintenance === 'object') texts[lng] = maintenance;
  }
  return texts;
}
