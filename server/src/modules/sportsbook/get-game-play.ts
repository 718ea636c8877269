/**
 * A game's play-by-play at an instant (the live match visualisation): its latest events and where
 * the ball is, drawn from the same seeded timeline as the simulator's scoreboard, so the goals here
 * are the goals there. Nothing after `nowMs` is returned. Throws GAME_NOT_FOUND.
 */
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import {
  type PlayEvent,
  type PlayMoment,
  playEventsAt,
  playKeyOf,
  playMomentAt,
} from '@parlay/domain/sportsbook/match-play.ts';
import {
  drawTimeline,
  type Side,
  snapshotAt,
  type Timeline,
} from '@parlay/domain/sportsbook/match-timeline.ts';
import type { SportProfile } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { matchRng, scheduledGameOf } from './feed/simulator/schedule.ts';
import type { SimWorld } from './feed/simulator/world.ts';

type SideName = 'home' | 'away' | null;

export interface GamePlay {
  gameId: number;
  sportId: number;
  status: number;
  available: boolean;
  moment: { phase: PlayMoment['phase']; side: SideName; zone: PlayMoment['zone'] };
  score: { home: number; away: number };
  corners: [number, number];
  cards: [number, number];
  events: {
    id: string;
    type: PlayEvent['type'];
    side: SideName;
    period: number;
    clockSeconds: number;
    value: number;
  }[];
}

/** A game as the play needs it: its row and, for a simulated game, its drawn timeline. */
export interface PlayedGame {
  id: number;
  sportId: number;
  status: number;
  startAtMs: number;
  play: { profile: SportProfile; timeline: Timeline; key: number } | null;
}

/** The simulated world a game's match is drawn again from (null: the feed is not the simulator). */
export interface PlayWorld {
  seed: number;
  world: SimWorld;
}

/**
 * Reads the game and draws its match again exactly as the simulator did: the scheduled game behind
 * its ref (its profile, best-of-N included, its teams and its seeded stream). Throws GAME_NOT_FOUND.
 */
export async function loadPlayedGame(
  db: Kysely<Database>,
  gameId: number,
  sim: PlayWorld | null,
): Promise<PlayedGame> {
  const g = await db
    .selectFrom('games')
    .select(['id', 'ref', 'sport_id', 'start_at', 'status'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!g) throw new AppError('GAME_NOT_FOUND', `No game ${gameId}`);
  const game: PlayedGame = {
    id: g.id,
    sportId: g.sport_id,
    status: g.status,
    startAtMs: g.start_at.getTime(),
    play: null,
  };
  const scheduled = sim ? scheduledGameOf(sim.seed, sim.world, g.ref) : null;
  if (!sim || !scheduled) return game;
  const { profile } = scheduled;
  const strengths = strengthsOf(profile, scheduled.home, scheduled.away);
  const timeline = drawTimeline(profile, strengths, matchRng(sim.seed, scheduled));
  return {
    ...game,
    startAtMs: scheduled.startAtMs,
    play: { profile, timeline, key: playKeyOf(sim.seed, g.ref) },
  };
}

/** The play at `nowMs`: the latest `limit` events up to then and the ball's place. */
export function gamePlayAt(game: PlayedGame, nowMs: number, limit: number): GamePlay {
  const base = { gameId: game.id, sportId: game.sportId };
  const quiet = { phase: 'stopped' as const, side: null, zone: null };
  if (!game.play || game.status === GAME_STATUS.CANCELLED) {
    const empty = {
      score: { home: 0, away: 0 },
      corners: [0, 0] as [number, number],
      cards: [0, 0] as [number, number],
    };
    return { ...base, status: game.status, available: false, moment: quiet, ...empty, events: [] };
  }
  const { profile, timeline, key } = game.play;
  const elapsedMs = nowMs - game.startAtMs;
  const state = snapshotAt(profile, timeline, elapsedMs);
  const moment = playMomentAt(profile, timeline, key, elapsedMs);
  const events = elapsedMs < 0 ? [] : playEventsAt(profile, timeline, key, elapsedMs).slice(-limit);
  return {
    ...base,
    status: state.status,
    available: true,
    moment: { ...moment, side: sideName(moment.side) },
    score: { home: state.score[0], away: state.score[1] },
    corners: state.corners,
    cards: state.cards,
    events: events.map((e) => ({
      id: e.key,
      type: e.type,
      side: sideName(e.side),
      period: e.period,
      clockSeconds: e.clockSeconds,
      value: e.value,
    })),
  };
}

function sideName(side: Side | null): SideName {
  return side === null ? null : side === 0 ? 'home' : 'away';
}
