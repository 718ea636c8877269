/**
 * This app's texts: the namespaces its manifest owns (../dictionaries/<lng>/<namespace>.json, their
 * routes.json adding to "routes") with the site's shared ones. Server side only: pages hand their
 * namespaces to the browser in their props.
 */
import { appDictionaries } from '@parlay/mf/app-dictionaries.ts';
import manifest from '../app.ts';

export const dictionaries = appDictionaries(
  manifest,
  import.meta.glob('../dictionaries/*/*.json', { eager: true, import: 'default' }),
);
