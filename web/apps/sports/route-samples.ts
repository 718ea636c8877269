/**
 * One sample path (without language) for every route of this app: the route table's tests and the
 * server's route walk (server/src/modules/web/routes.test.ts) open each. The type makes a route of
 * the manifest without a sample an error.
 */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  home: '/',
  'sports-page': '/home/line/popular/football/premier-league',
  'sports-game': '/topgame/live/popular/football/premier-league/123456',
  team: '/team/line/arsenal',
  'team-info': '/team/42',
  multi: '/multi',
  champs: '/champs/88',
  'top-events': '/top-events/today',
  'top-sports-cricket': '/top-sports/cricket',
  'cricket-all-champs': '/top-sports/cricket/all-champs',
  'cricket-all-events': '/top-sports/cricket/all-events',
  'cricket-favorites': '/top-sports/cricket/favorites',
  'cricket-search-events': '/top-sports/cricket/search-events',
  'cricket-broadcasts': '/top-sports/cricket/broadcasts',
  'cricket-champ': '/top-sports/cricket/champ/ipl',
  'player-info': '/player-info/777',
  game: '/game',
  token: '/Ab3dEf6hIj9kLm2nOp5qRs8t',
  results: '/results/live',
  statistic: '/statistic',
  statisticpopup: '/statisticpopup',
  'print-coupon': '/print-coupon/1234567',
  esports: '/cyber/real',
  'esports-disciplines': '/esports/virtual/disciplines',
  'esports-all': '/cyber/stream/all',
  'esports-discipline': '/cyber/real/counter-strike',
  'esports-discipline-champs': '/cyber/real/counter-strike/champs',
  'esports-champ': '/esports/real/dota-2/the-international',
  'esports-game': '/esports/real/dota-2/the-international/9001',
};
