/**
 * The shell's server-side texts: the site's shared namespaces with every listed app's additions to
 * "routes" (page names, descriptions, header entries), read by the document head and the header.
 * Server side only: the browser gets what it needs in the page state.
 */
import { appRoutesDictionaries } from '@parlay/apps/dictionaries.ts';
import { createCatalogue } from '@parlay/i18n/catalogue.ts';

export const SITE_TEXTS = createCatalogue(...appRoutesDictionaries());
