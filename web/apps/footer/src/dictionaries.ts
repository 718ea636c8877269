/**
 * This app's texts: its own namespaces (../dictionaries/<lng>/<namespace>.json, their routes.json adding
 * to "routes") with the site's shared ones. Server side only: pages hand their namespaces to the browser
 * in their props.
 */
import { createCatalogue, dictionariesFromFiles } from '@parlay/i18n/catalogue.ts';

export const dictionaries = createCatalogue(
  dictionariesFromFiles(import.meta.glob('../dictionaries/*/*.json', { eager: true, import: 'default' })),
);
