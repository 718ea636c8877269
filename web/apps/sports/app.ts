/**
 * The sports micro-app: line and live sports and esports (site-shell §2 "Sports"), the results,
 * statistics and print pages.
 */
import { type AreaDefaults, defineApp, type RouteTag, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    sports: true;
  }
}

/** The pages with odds to click (RouteTag quickCoupon). */
const QUICK_COUPON: readonly RouteTag[] = ['quickCoupon'];
const SPORTS: AreaDefaults = {
  area: 'sports',
  layout: 'default',
  guards: [],
  // markets: the names of markets and outcomes (shared with the server's bet history).
  dictionaries: ['sports', 'markets'],
  robots: 'index',
  parent: 'home',
};
const ESPORTS: AreaDefaults = { ...SPORTS, area: 'esports', parent: 'esports', tags: QUICK_COUPON };

const sportPage = { pageType: 'pageType', section: 'section' } as const;
const esports = { root: 'esportsRoot', type: 'esportsType' } as const;

export default defineApp({
  name: 'sports',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['sports'],
  menu: [
    {
      id: 'sports',
      path: '/home/line',
      order: 10,
      priority: 1,
      active: { routes: ['home', 'sports-page', 'sports-game'], notPathPrefixes: ['/home/live'] },
      tab: { icon: 'football', sportIcon: true, path: '/' },
    },
    {
      id: 'live',
      path: '/home/live',
      order: 20,
      priority: 1,
      active: { pathPrefixes: ['/home/live'] },
      tab: { icon: '●' },
    },
    {
      id: 'esports',
      path: '/esports/real',
      order: 30,
      priority: 1,
      active: {
        routes: [
          'esports',
          'esports-disciplines',
          'esports-all',
          'esports-discipline',
          'esports-discipline-champs',
          'esports-champ',
          'esports-game',
        ],
        notPathPrefixes: ['/esports/virtual', '/cyber/virtual'],
      },
    },
    {
      id: 'virtual',
      path: '/esports/virtual',
      order: 80,
      priority: 3,
      active: { pathPrefixes: ['/esports/virtual'] },
    },
    { id: 'results', path: '/results', order: 200, priority: 'more', active: { routes: ['results'] } },
    { id: 'multi', path: '/multi', order: 210, priority: 'more', active: { routes: ['multi'] } },
  ],
  routes: [
    // Sports (site-shell §2 "Sports")
    route('home', '/', SPORTS, { parent: null, description: 'own', tags: QUICK_COUPON }),
    route('sports-page', '/{pageType}/{section}/{menuSection?}/{sport?}/{champ?}', SPORTS, {
      params: sportPage,
      tags: QUICK_COUPON,
    }),
    route('sports-game', '/{pageType}/{section}/{menuSection}/{sport}/{champ}/{game}', SPORTS, {
      params: sportPage,
      parent: 'sports-page',
      tags: QUICK_COUPON,
    }),
    route('team', '/team/{section}/{team}', SPORTS, { params: { section: 'section' }, tags: QUICK_COUPON }),
    route('team-info', '/team/{teamId}', SPORTS, { params: { teamId: 'digits' }, tags: QUICK_COUPON }),
    route('multi', '/multi', SPORTS, { tags: QUICK_COUPON }),
    route('champs', '/champs/{champId?}', SPORTS),
    route('top-events', '/top-events/{pageSubType}', SPORTS, { tags: QUICK_COUPON }),
    route('top-sports-cricket', '/top-sports/cricket', SPORTS),
    route('cricket-all-champs', '/top-sports/cricket/all-champs', SPORTS, { parent: 'top-sports-cricket' }),
    route('cricket-all-events', '/top-sports/cricket/all-events', SPORTS, { parent: 'top-sports-cricket' }),
    route('cricket-favorites', '/top-sports/cricket/favorites', SPORTS, {
      parent: 'top-sports-cricket',
      robots: 'noindex',
    }),
    route('cricket-search-events', '/top-sports/cricket/search-events', SPORTS, {
      parent: 'top-sports-cricket',
      robots: 'noindex',
    }),
    route('cricket-broadcasts', '/top-sports/cricket/broadcasts', SPORTS, { parent: 'top-sports-cricket' }),
    route('cricket-champ', '/top-sports/cricket/champ/{champ}', SPORTS, { parent: 'top-sports-cricket' }),
    route('player-info', '/player-info/{id}', SPORTS, { tags: QUICK_COUPON }),
    route('game', '/game', SPORTS),
    route('token', '/{token}', SPORTS, { params: { token: 'token' }, robots: 'noindex' }),
    route('results', '/results/{type?}', SPORTS, { params: { type: 'resultsType' } }),
    route('statistic', '/statistic', SPORTS),
    route('statisticpopup', '/statisticpopup', SPORTS, { layout: 'empty', robots: 'noindex' }),
    route('print-coupon', '/print-coupon/{couponId}', SPORTS, {
      params: { couponId: 'digits' },
      guards: ['auth-required'],
      layout: 'empty',
      robots: 'noindex',
    }),
    // Esports: cyber or esports with type real, virtual or stream
    route('esports', '/{root}/{type}', ESPORTS, { params: esports, parent: 'home' }),
    route('esports-disciplines', '/{root}/{type}/disciplines', ESPORTS, { params: esports }),
    route('esports-all', '/{root}/{type}/all', ESPORTS, { params: esports }),
    route('esports-discipline', '/{root}/{type}/{discipline}', ESPORTS, { params: esports }),
    route('esports-discipline-champs', '/{root}/{type}/{discipline}/champs', ESPORTS, { params: esports }),
    route('esports-champ', '/{root}/{type}/{discipline}/{champ}', ESPORTS, { params: esports }),
    route('esports-game', '/{root}/{type}/{discipline}/{champ}/{game}', ESPORTS, { params: esports }),
  ],
});
