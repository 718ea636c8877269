/**
 * One sample path (without language) for every route of this app: the route table's tests and the
 * server's route walk (server/src/modules/web/routes.test.ts) open each. The type makes a route of
 * the manifest without a sample an error.
 */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  bingo: '/bingo',
  'bonus-casino': '/bonus/casino',
  'bonus-casino-promotion': '/bonus/casino/promotions/15',
  'casino-tournaments': '/bonus/casino/tournaments',
  'casino-tournament': '/bonus/casino/tournaments/7',
  'bonus-casino-item': '/bonus/casino/welcome-pack',
  'casino-brand': '/casino/brand',
  fishinghunting: '/fishinghunting',
  poker: '/poker/holdem',
  tvgames: '/tvgames',
  scratchcards: '/scratchcards',
  'casino-section': '/slots/popular',
  'casino-game': '/casino/game/1003/european-roulette',
  'casino-thank-you': '/keno/thank-you',
  virtualsports: '/virtualsports',
  'fast-games': '/fast-games',
  'fast-bet': '/fast-bet',
  'slots-vulkan': '/slots/vulkan',
  'asian-games': '/asian-games',
  'card-games': '/card-games',
  'crash-games': '/crash-games',
  'skill-games': '/skill-games',
  'my-casino': '/my-casino',
  'my-casino-favorites': '/my-casino/favorites',
  'casino-lobby': '/casino-lobby',
  'casino-verify': '/provably-fair/1001',
  providers: '/providers',
  provider: '/providers/parlay-originals',
  'casino-search': '/casino-search',
  'casino-landing': '/landing-summer-slots',
  othergames: '/othergames',
  games: '/games',
  'games-view': '/games/crash',
  'games-landing': '/games-landing/crash-week',
  allgamesentrance: '/allgamesentrance',
};
