/**
 * The technical micro-app: /500, /oldbrowser, the block pages, and the 404 page the shell shows for
 * every path no route has.
 */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    technical: true;
  }
}

const TECHNICAL: AreaDefaults = {
  area: 'technical',
  layout: 'default',
  guards: ['terms-exempt', 'banned-allowed'],
  dictionaries: ['technical'],
  robots: 'noindex',
  parent: 'home',
};
/** Block pages (blocked layout); visiting one while not blocked redirects to the language root. */
const BLOCKED: AreaDefaults = { ...TECHNICAL, area: 'blocked', layout: 'blocked', parent: null };

export default defineApp({
  name: 'technical',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['technical'],
  provides: ['not-found'],
  routes: [
    // Technical pages
    route('oldbrowser', '/oldbrowser', TECHNICAL, { layout: 'empty' }),
    route('server-error', '/500', TECHNICAL, { status: 500 }),
    // Block pages (blocked layout); visiting one while not blocked redirects to the language root
    route('block', '/block', BLOCKED, { status: 403 }),
    route('block-ua', '/block-ua', BLOCKED, { status: 403 }),
    route('block-ie', '/block-ie', BLOCKED, { status: 403 }),
    route('site-updates', '/site-updates', BLOCKED, { status: 503 }),
    route('coming-soon', '/coming-soon', BLOCKED, { status: 200 }),
    route('suspension', '/suspension', BLOCKED, { status: 403 }),
  ],
});
