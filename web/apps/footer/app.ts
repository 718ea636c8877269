/** The footer micro-app: the site footer under every page with the default or headless layout. */
import { defineApp } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    footer: true;
  }
}

export default defineApp({
  name: 'footer',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['footer'],
  provides: ['footer'],
  routes: [],
});
