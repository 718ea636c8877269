/** The casino micro-app: the casino, games, providers, bingo, poker and the casino promotions. */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    casino: true;
    'casino-games': true;
  }
}

const CASINO: AreaDefaults = {
  area: 'casino',
  layout: 'default',
  guards: [],
  dictionaries: ['casino', 'errors'],
  robots: 'index',
  parent: 'home',
};

const casinoGame = { casinoSection: 'casinoSection', gameId: 'digits' } as const;

export default defineApp({
  name: 'casino',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['casino', 'casino-games'],
  menu: [
    {
      id: 'casino',
      path: '/casino',
      order: 40,
      priority: 1,
      active: { paths: ['/casino'] },
      tab: { icon: '♠' },
    },
    {
      id: 'live_casino',
      path: '/casino/live',
      order: 50,
      priority: 2,
      active: { pathPrefixes: ['/casino/live'] },
    },
    { id: 'slots', path: '/slots', order: 60, priority: 2, active: { pathPrefixes: ['/slots'] } },
    { id: 'fast_games', path: '/fast-games', order: 70, priority: 2, active: { routes: ['fast-games'] } },
  ],
  routes: [
    // Casino
    route('bingo', '/bingo', CASINO),
    route('bonus-casino', '/bonus/casino', CASINO),
    route('bonus-casino-promotion', '/bonus/casino/promotions/{id}', CASINO, { parent: 'bonus-casino' }),
    route('casino-tournaments', '/bonus/casino/tournaments', CASINO, { parent: 'bonus-casino' }),
    route('casino-tournament', '/bonus/casino/tournaments/{id}', CASINO, { parent: 'casino-tournaments' }),
    route('bonus-casino-item', '/bonus/casino/{id}', CASINO, { parent: 'bonus-casino' }),
    route('casino-brand', '/casino/brand', CASINO),
    route('fishinghunting', '/fishinghunting', CASINO),
    route('poker', '/poker/{game?}', CASINO),
    route('tvgames', '/tvgames', CASINO),
    route('scratchcards', '/scratchcards', CASINO),
    route('casino-section', '/{casinoSection}/{subcategory?}', CASINO, {
      params: { casinoSection: 'casinoSection' },
    }),
    route('casino-game', '/{casinoSection}/game/{gameId}/{gameName}', CASINO, {
      params: casinoGame,
      parent: 'casino-section',
      dictionaries: ['casino', 'casino-games', 'errors'],
    }),
    route('casino-thank-you', '/{casinoSection}/thank-you', CASINO, {
      params: { casinoSection: 'casinoSection' },
      robots: 'noindex',
    }),
    route('virtualsports', '/virtualsports', CASINO),
    route('fast-games', '/fast-games', CASINO),
    route('fast-bet', '/fast-bet', CASINO),
    route('slots-vulkan', '/slots/vulkan', CASINO),
    route('asian-games', '/asian-games', CASINO),
    route('card-games', '/card-games', CASINO),
    route('crash-games', '/crash-games', CASINO),
    route('skill-games', '/skill-games', CASINO),
    route('my-casino', '/my-casino', CASINO, { guards: ['auth-required'], robots: 'noindex' }),
    route('my-casino-favorites', '/my-casino/favorites', CASINO, {
      guards: ['auth-required'],
      robots: 'noindex',
      parent: 'my-casino',
    }),
    route('casino-lobby', '/casino-lobby', CASINO),
    route('casino-verify', '/provably-fair/{roundId?}', CASINO, {
      params: { roundId: 'digits' },
      robots: 'noindex',
      dictionaries: ['casino', 'casino-games'],
    }),
    route('providers', '/providers', CASINO),
    route('provider', '/providers/{provider}', CASINO, { parent: 'providers' }),
    route('casino-search', '/casino-search', CASINO, { robots: 'noindex' }),
    route('casino-landing', '/{landing}', CASINO, {
      params: { landing: 'casinoLanding' },
      layout: 'headless',
    }),
    route('othergames', '/othergames', CASINO),
    route('games', '/games', CASINO),
    route('games-view', '/games/{gameRoute}', CASINO, { parent: 'games' }),
    route('games-landing', '/games-landing/{landingRoute}', CASINO, { parent: 'games', layout: 'headless' }),
    route('allgamesentrance', '/allgamesentrance', CASINO),
  ],
});
