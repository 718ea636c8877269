/** The lotto micro-app: lotto draws and toto. */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    lotto: true;
  }
}

const LOTTO: AreaDefaults = {
  area: 'lotto',
  layout: 'default',
  guards: [],
  dictionaries: ['lotto', 'errors'],
  robots: 'index',
  parent: 'home',
};

export default defineApp({
  name: 'lotto',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['lotto'],
  menu: [
    { id: 'lotto', path: '/lotto', order: 90, priority: 3, active: { routes: ['lotto', 'lotto-draw'] } },
    {
      id: 'toto',
      path: '/toto',
      order: 100,
      priority: 3,
      active: { routes: ['toto', 'toto-section', 'toto-section-page'] },
    },
  ],
  routes: [
    route('lotto', '/lotto/{sectionName?}', LOTTO),
    route('lotto-draw', '/lotto/{sectionName}/{lottoId}', LOTTO, {
      params: { sectionName: 'lottoSection', lottoId: 'digits' },
      parent: 'lotto',
    }),
    route('toto', '/toto', LOTTO),
    route('toto-section', '/toto/{totoSection}', LOTTO, { parent: 'toto' }),
    route('toto-section-page', '/toto/{totoSection}/{totoPage}', LOTTO, {
      params: { totoPage: 'totoPage' },
      parent: 'toto-section',
    }),
  ],
});
