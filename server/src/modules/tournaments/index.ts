/**
 * Tournaments module (issue 19, docs/casino-tournaments.md): casino tournaments over a period on
 * eligible in-house games, scored from the casino's finished real-money rounds (scoreRound, the
 * casino's RoundObserver port, wired in app.ts) by wagered amount, biggest win or biggest
 * multiplier; a live leaderboard (topic casino:tournament:<id>); the worker's catch-up (catch-up.ts)
 * counts from the rounds' own rows every eligible round the live telling missed, with the same
 * statement, and at the end (once the catch-up covered the whole window) the worker fixes the places
 * and pays each prize once through the ledger (house → the player's account, reason
 * tournament_prize, key tournament:<id>:place:<n>).
 *
 * Routes under /web-api/tournaments/v1 (routes.ts). Worker: startTournamentsWorker (the `workers`
 * role). CLI: `parlay tournaments create|list|finish` (runTournamentsCommand).
 *
 * Errors: TOURNAMENT_NOT_FOUND (404), TOURNAMENT_NOT_RUNNING (409); AUTH_REQUIRED from requireUser.
 */
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { TournamentsContext } from './context.ts';
import { tournamentsRoutes } from './routes.ts';

export { createTournamentsContext, type TournamentsContext, tournamentTopic } from './context.ts';
export { type CreateTournamentInput, createTournament } from './manage.ts';
export { prizeKey, runTournamentsDue, type TournamentsRunSummary } from './pay-prizes.ts';
export { TOURNAMENTS_PREFIX } from './routes.ts';
export { type ScoredRound, scoreRound } from './score.ts';
export type { TournamentTables } from './tables.ts';
export { runTournamentsCommand, TOURNAMENTS_USAGE } from './tournaments-command.ts';
export { startTournamentsWorker } from './worker.ts';

export async function tournamentsModule(app: RoutesApp, options: { ctx: TournamentsContext }): Promise<void> {
  await app.register(tournamentsRoutes, options);
}
