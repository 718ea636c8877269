/**
 * The micro-apps of the site: one line each. Adding an app is its folder (web/apps/<name>/ with its
 * manifest app.ts, entries and dictionaries) and its line here; the build, the shell's route table
 * and header, the dictionary loaders and the server read this list (docs: web/README.md).
 * The order is the route table's: a full tie between two patterns goes to the earlier app.
 */
import auth from './auth/app.ts';
import backoffice from './backoffice/app.ts';
import casino from './casino/app.ts';
import footer from './footer/app.ts';
import info from './info/app.ts';
import lotto from './lotto/app.ts';
import office from './office/app.ts';
import sports from './sports/app.ts';
import technical from './technical/app.ts';

export const APPS = [sports, casino, auth, office, info, lotto, technical, footer, backoffice] as const;

/** The name of a listed app. */
export type AppName = (typeof APPS)[number]['name'];
