/**
 * Paths whose parameters break the rules of site-shell §5 (or that no route has), each answering 404.
 * The table tests and the server's route walk (server/src/modules/web/routes.test.ts) use them with
 * each app's sample paths (web/apps/<app>/route-samples.ts, gathered by @parlay/apps/route-samples.ts).
 */

/** Paths that break a parameter rule of site-shell §5 (or no route has), each answering 404. */
export const BROKEN_PATHS: readonly (readonly [path: string, why: string])[] = [
  ['/print-coupon/12a', 'couponId digits only'],
  ['/print-coupon/-1', 'couponId digits only'],
  ['/cyber/online', 'type only real, virtual or stream'],
  ['/esports/REAL/all', 'type only real, virtual or stream'],
  ['/results/past', 'results type live or zone'],
  ['/home/prematch', 'section only line or live'],
  ['/team/today/arsenal', 'section only line or live'],
  ['/bingo/game/1/x', 'casino sections keno, slots, casino'],
  ['/slots/game/abc/fruit', 'casino game id digits'],
  ['/user/activatefast/now', 'activatefast type activatefast or activate'],
  ['/registration/email', 'registration type socialregistration'],
  ['/lotto/archive/12', 'lotto id with results or view'],
  ['/toto/football-15/winners', 'toto subpaths'],
  ['/nope', 'a word is not a token'],
  ['/information', 'no index page'],
  ['/information/contacts/extra', 'no deeper page'],
  ['/office/unknown', 'no such office section'],
];
