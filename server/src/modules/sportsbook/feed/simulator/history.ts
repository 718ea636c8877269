/**
 * The simulated world's past: every game the schedule of a seed had started and finished in a
 * window, with its final scoreboard, drawn exactly as the simulator plays it (the same schedule,
 * strengths and match stream), so the statistics of games the database never saw (played before
 * this database started) agree with the ones it did.
 */
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { drawTimeline, snapshotAt } from '@parlay/domain/sportsbook/match-timeline.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { fixturePlanOf, knockoutRoundKey } from './calendar.ts';
import { knockoutDraw } from './knockout-draw.ts';
import {
  currentSeason,
  gamesOfHour,
  HOUR_MS,
  matchRng,
  type ScheduledGame,
  seasonStartMs,
} from './schedule.ts';
import { buildWorld, type SimWorld } from './world.ts';

/** A finished simulated game, by the refs the feed gives the catalogue. */
export interface HistoricGame {
  ref: string;
  champRef: string;
  homeRef: string;
  awayRef: string;
  startAtMs: number;
  endAtMs: number;
  score: [number, number];
  periodScores: [number, number][];
  corners: [number, number];
  cards: [number, number];
}

/** A knockout draw by player refs: rounds ("r32" … "final") of pairings in draw order, and the seeds. */
export interface CurrentDraw {
  seeds: Map<string, number>;
  rounds: { key: string; matches: { homeRef: string; awayRef: string }[] }[];
}

/** Which scheduled games a caller wants played out (a champ's, two teams'): the rest are not drawn. */
export type GameFilter = (game: { champRef: string; homeRef: string; awayRef: string }) => boolean;

/** Schedules of hours kept (cheap, past hours never change): the head-to-head half year of every sport. */
const MAX_HOURS_KEPT = 184 * 24 * 18;
/** Played-out games kept: a match is drawn in full, so each one is drawn once. */
const MAX_GAMES_KEPT = 60_000;

export class SimulatedHistory {
  readonly #seed: number;
  readonly #world: SimWorld;
  readonly #hours = new Map<string, ScheduledGame[]>();
  readonly #games = new Map<string, HistoricGame>();

  constructor(seed: number) {
    this.#seed = seed;
    this.#world = buildWorld(seed);
  }

  get world(): SimWorld {
    return this.#world;
  }

  /** When the current season of a simulated champ began (null for a champ not of this world). */
  seasonStartMs(sportId: number, champRef: string, nowMs: number): number | null {
    const champ = this.#world.champsBySport.get(sportId)?.find((c) => c.ref === champRef);
    return champ ? seasonStartMs(this.#world, champ, nowMs) : null;
  }

  /**
   * The pairings of a knockout champ's current draw (tennis), by player ref, round by round, with
   * the seeds; null for a champ that plays a league. Every pairing is there, those of rounds still
   * to come too: a reader shows only what the finished games have decided.
   */
  currentDraw(sportId: number, champRef: string, nowMs: number): CurrentDraw | null {
    const champ = this.#world.champsBySport.get(sportId)?.find((c) => c.ref === champRef);
    if (!champ || !fixturePlanOf(sportId).knockout) return null;
    const season = currentSeason(this.#world, champ, nowMs);
    if (!season) return null;
    const draw = knockoutDraw(this.#seed, profileOf(sportId), champ, season.number);
    const ref = (i: number) => champ.teams[i]!.ref;
    return {
      seeds: new Map([...draw.seeds].map(([i, seed]) => [ref(i), seed])),
      rounds: draw.rounds.map((matches) => ({
        key: knockoutRoundKey(2 * matches.length),
        matches: matches.map((m) => ({ homeRef: ref(m.home), awayRef: ref(m.away) })),
      })),
    };
  }

  /** Games of the sport that started in [fromMs, nowMs) and were over by nowMs, oldest first. */
  finishedGames(
    sportId: number,
    fromMs: number,
    nowMs: number,
    wanted: GameFilter = () => true,
  ): HistoricGame[] {
    const games: HistoricGame[] = [];
    for (let hour = Math.floor(fromMs / HOUR_MS); hour * HOUR_MS < nowMs; hour += 1) {
      for (const scheduled of this.#hour(sportId, hour)) {
        if (scheduled.startAtMs < fromMs || scheduled.startAtMs >= nowMs) continue;
        const refs = {
          champRef: scheduled.champ.ref,
          homeRef: scheduled.home.ref,
          awayRef: scheduled.away.ref,
        };
        if (!wanted(refs)) continue;
        const game = this.#played(scheduled);
        if (game.endAtMs <= nowMs) games.push(game);
      }
    }
    return games.sort((a, b) => a.startAtMs - b.startAtMs);
  }

  #hour(sportId: number, hour: number): ScheduledGame[] {
    const key = `${sportId}:${hour}`;
    const kept = this.#hours.get(key);
    if (kept) return kept;
    const games = gamesOfHour(this.#seed, this.#world, profileOf(sportId), hour);
    keep(this.#hours, key, games, MAX_HOURS_KEPT);
    return games;
  }

  #played(game: ScheduledGame): HistoricGame {
    const kept = this.#games.get(game.ref);
    if (kept) return kept;
    const strengths = strengthsOf(game.profile, game.home, game.away);
    const timeline = drawTimeline(game.profile, strengths, matchRng(this.#seed, game));
    const final = snapshotAt(game.profile, timeline, timeline.endMs);
    const played = {
      ref: game.ref,
      champRef: game.champ.ref,
      homeRef: game.home.ref,
      awayRef: game.away.ref,
      startAtMs: game.startAtMs,
      endAtMs: game.startAtMs + timeline.endMs,
      score: final.score,
      periodScores: final.periodScores,
      corners: final.corners,
      cards: final.cards,
    };
    keep(this.#games, game.ref, played, MAX_GAMES_KEPT);
    return played;
  }
}

/** Sets key in a map of at most `max` entries, the oldest leaving first. */
function keep<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
