/**
 * The deterministic feed simulator. advance(now) returns the events that bring a listener from the
 * previous call up to `now`: new fixtures with priced markets, scoreboards, suspensions on dangerous
 * moments, repriced odds and results. Everything is a function of (seed, time): a game's match is
 * drawn in full from its own seeded stream, so two simulators with the same seed agree event for
 * event, and a restarted one finds every game where it was.
 */
import { GAME_STATUS, isInLiveList, isLiveStatus } from '@parlay/domain/sportsbook/game-status.ts';
import {
  expectationOf,
  finalValues,
  gridsFor,
  marketChances,
  preMatchSnapshot,
  priceMarkets,
  settleMarket,
  strengthsOf,
} from '@parlay/domain/sportsbook/live-model.ts';
import { marketsForGame } from '@parlay/domain/sportsbook/market-lists.ts';
import { type MarketSpec, nextGoalMarket } from '@parlay/domain/sportsbook/markets.ts';
import {
  drawTimeline,
  type LiveSnapshot,
  type Strengths,
  scorerOfGoal,
  snapshotAt,
  type Timeline,
} from '@parlay/domain/sportsbook/match-timeline.ts';
import { SPORT_PROFILES } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { FeedEvent, FeedLive, FeedMarket, FeedResult } from '../provider.ts';
import { gamesOfHour, HOUR_MS, matchRng, type ScheduledGame } from './schedule.ts';
import { buildWorld, type SimChamp, type SimTeam, type SimWorld } from './world.ts';

export interface SimulatorOptions {
  seed: number;
  /** Bookmaker margin on every market, e.g. 0.06. */
  margin: number;
  /** How far ahead the line reaches. */
  horizonMs: number;
  /** On the first call, games finished this long ago are delivered with their final score. */
  backfillMs: number;
  /** Live games are repriced this often (and at once on every score change). */
  liveRepriceMs: number;
  /** Games in the line are repriced this often (prices drift slowly before the start). */
  lineRepriceMs: number;
  /** A live scoreboard is re-sent at least this often so clocks stay in step. */
  liveResendMs: number;
}

export const DEFAULT_SIMULATOR_OPTIONS: SimulatorOptions = {
  seed: 285,
  margin: 0.06,
  horizonMs: 7 * 24 * HOUR_MS,
  backfillMs: 24 * HOUR_MS,
  liveRepriceMs: 10_000,
  lineRepriceMs: 5 * 60_000,
  liveResendMs: 30_000,
};

/** Longest a game stays in the live window after its start (cricket, baseball with delays). */
const LOOKBACK_MS = 8 * HOUR_MS;
const KEEP_FINISHED_MS = 10 * 60_000;

interface TrackedGame {
  game: ScheduledGame;
  strengths: Strengths;
  timeline: Timeline;
  markets: MarketSpec[];
  prices: Map<string, (number | null)[]>;
  last: LiveSnapshot | null;
  lastLiveSentMs: number;
  lastPricedMs: number;
  /** A dangerous moment: every market suspended. */
  dangerous: boolean;
  /** Markets the model could price in full at the last pricing (the others are withdrawn). */
  offered: Map<string, boolean>;
  /** Markets delivered and not resulted, with the state last sent: true = open. */
  sentOpen: Map<string, boolean>;
  resulted: Set<string>;
  nextGoal: number;
  finishedAtMs: number | null;
}

export class FeedSimulator {
  readonly #options: SimulatorOptions;
  readonly #world: SimWorld;
  readonly #hours = new Map<string, ScheduledGame[]>();
  readonly #tracked = new Map<string, TrackedGame>();
  /** Games already delivered finished, by ref, with their start (to forget them later). */
  readonly #done = new Map<string, number>();
  readonly #announced = new Set<string>();
  #started = false;

  constructor(options: Partial<SimulatorOptions> = {}) {
    this.#options = { ...DEFAULT_SIMULATOR_OPTIONS, ...options };
    this.#world = buildWorld(this.#options.seed);
  }

  get world(): SimWorld {
    return this.#world;
  }

  /** Events from the previous call up to nowMs; a heartbeat when nothing happened. */
  advance(nowMs: number): FeedEvent[] {
    const events: FeedEvent[] = [];
    if (!this.#started) this.#announceCountries(events);
    this.#discover(nowMs, events);
    for (const tracked of this.#tracked.values()) this.#step(tracked, nowMs, events);
    this.#forget(nowMs);
    this.#started = true;
    if (events.length === 0) events.push({ type: 'heartbeat' });
    return events;
  }

  /** Live games the simulator is playing right now. */
  liveCount(nowMs: number): number {
    let n = 0;
    for (const t of this.#tracked.values())
      if (isInLiveList(snapshotAt(t.game.profile, t.timeline, nowMs - t.game.startAtMs).status)) n += 1;
    return n;
  }

  #announceCountries(events: FeedEvent[]): void {
    for (const c of this.#world.countries) {
      events.push({ type: 'country', ...c });
      this.#announced.add(c.ref);
    }
  }

  #discover(nowMs: number, events: FeedEvent[]): void {
    const lookback = this.#started ? LOOKBACK_MS : Math.max(LOOKBACK_MS, this.#options.backfillMs);
    const firstHour = Math.floor((nowMs - lookback) / HOUR_MS);
    const lastHour = Math.floor((nowMs + this.#options.horizonMs) / HOUR_MS);
    for (const key of this.#hours.keys()) if (Number(key.split(':')[1]) < firstHour) this.#hours.delete(key);
    for (const profile of SPORT_PROFILES) {
      for (let hour = firstHour; hour <= lastHour; hour += 1) {
        const key = `${profile.sportId}:${hour}`;
        let games = this.#hours.get(key);
        if (!games) {
          games = gamesOfHour(this.#options.seed, this.#world, profile, hour);
          this.#hours.set(key, games);
        }
        for (const game of games) this.#consider(game, nowMs, events);
      }
    }
  }

  #consider(game: ScheduledGame, nowMs: number, events: FeedEvent[]): void {
    if (this.#tracked.has(game.ref) || this.#done.has(game.ref)) return;
    if (game.publishAtMs > nowMs || game.startAtMs > nowMs + this.#options.horizonMs) return;
    const tracked = this.#track(game);
    const endedAtMs = game.startAtMs + tracked.timeline.endMs;
    if (endedAtMs + KEEP_FINISHED_MS >= nowMs) {
      this.#tracked.set(game.ref, tracked);
      return;
    }
    this.#done.set(game.ref, game.startAtMs);
    if (this.#started) return;
    // Backfill for the results page: the fixture and its final scoreboard, without markets.
    this.#announceGame(game, events);
    const final = snapshotAt(game.profile, tracked.timeline, tracked.timeline.endMs);
    events.push(liveEvent(tracked, final));
  }

  #track(game: ScheduledGame): TrackedGame {
    const strengths = strengthsOf(game.profile, game.home, game.away);
    const timeline = drawTimeline(game.profile, strengths, matchRng(this.#options.seed, game));
    return {
      game,
      strengths,
      timeline,
      markets: marketsForGame(game.profile, expectationOf(game.profile, strengths)),
      prices: new Map(),
      last: null,
      lastLiveSentMs: 0,
      // Staggered so that live games do not all reprice in the same tick.
      lastPricedMs: -(game.number % this.#options.liveRepriceMs),
      dangerous: false,
      offered: new Map(),
      sentOpen: new Map(),
      resulted: new Set(),
      nextGoal: 0,
      finishedAtMs: null,
    };
  }

  #announceGame(game: ScheduledGame, events: FeedEvent[]): void {
    this.#announceChamp(game.champ, events);
    for (const team of [game.home, game.away]) this.#announceTeam(team, events);
    events.push({
      type: 'fixture',
      ref: game.ref,
      number: game.number,
      sportId: game.profile.sportId,
      champRef: game.champ.ref,
      homeRef: game.home.ref,
      awayRef: game.away.ref,
      startAtMs: game.startAtMs,
      isTop: game.isTop,
      statisticId: `st${game.number}`,
    });
  }

  #announceChamp(champ: SimChamp, events: FeedEvent[]): void {
    if (this.#announced.has(champ.ref)) return;
    this.#announced.add(champ.ref);
    const { teams: _teams, ...fields } = champ;
    events.push({ type: 'champ', ...fields });
  }

  #announceTeam(team: SimTeam, events: FeedEvent[]): void {
    if (this.#announced.has(team.ref)) return;
    this.#announced.add(team.ref);
    events.push({ type: 'team', ...team });
  }

  #step(t: TrackedGame, nowMs: number, events: FeedEvent[]): void {
    if (t.finishedAtMs !== null) return;
    const { profile } = t.game;
    const state = snapshotAt(profile, t.timeline, nowMs - t.game.startAtMs);
    const first = t.last === null;
    if (first) {
      this.#announceGame(t.game, events);
      this.#resultGoalsSoFar(t, state, events);
    }
    const scoreChanged = first || changed(t.last!, state);
    if (
      (first && state.status !== GAME_STATUS.NOT_STARTED) ||
      (!first && scoreChanged) ||
      resendDue(t, state, nowMs, this.#options)
    ) {
      events.push(liveEvent(t, state));
      t.lastLiveSentMs = nowMs;
    }
    const added = this.#nextGoalMarkets(t, state, events);
    this.#resultPeriods(t, state, events);
    if (state.status === GAME_STATUS.FINISHED) {
      this.#resultAll(t, state, events);
      t.finishedAtMs = nowMs;
      t.last = state;
      return;
    }
    const repriceEvery =
      state.status === GAME_STATUS.NOT_STARTED ? this.#options.lineRepriceMs : this.#options.liveRepriceMs;
    const reprice = first || added.length > 0 || scoreChanged || nowMs - t.lastPricedMs >= repriceEvery;
    const dangerChanged = state.isDangerous !== t.dangerous;
    t.dangerous = state.isDangerous;
    if (reprice) this.#price(t, state, nowMs, first ? t.markets : added, events);
    if (reprice || dangerChanged) this.#sendStates(t, events);
    t.last = state;
  }

  /**
   * Opens or suspends each delivered market as a whole: open only when the model prices every one
   * of its outcomes and no dangerous moment is under way.
   */
  #sendStates(t: TrackedGame, events: FeedEvent[]): void {
    const opened: string[] = [];
    const suspended: string[] = [];
    for (const [key, wasOpen] of t.sentOpen) {
      const open = !t.dangerous && t.offered.get(key) === true;
      if (open === wasOpen) continue;
      t.sentOpen.set(key, open);
      (open ? opened : suspended).push(key);
    }
    const gameRef = t.game.ref;
    if (suspended.length > 0)
      events.push({ type: 'market_state', gameRef, marketKeys: suspended, suspended: true });
    if (opened.length > 0)
      events.push({ type: 'market_state', gameRef, marketKeys: opened, suspended: false });
  }

  /** Next-goal markets in play: the open one is resulted by each goal and the next one opened. */
  #nextGoalMarkets(t: TrackedGame, state: LiveSnapshot, events: FeedEvent[]): MarketSpec[] {
    if (t.game.profile.model !== 'goals' || !isLiveStatus(state.status)) return [];
    const goals = state.score[0] + state.score[1];
    if (t.nextGoal > goals) return [];
    if (t.nextGoal > 0) {
      const goal = t.nextGoal;
      const market = t.markets.find((m) => m.key === nextGoalMarket(goal).key)!;
      this.#result(t, [market], () => scorerOfGoal(t.timeline, goal), events);
    }
    const next = nextGoalMarket(goals + 1);
    t.nextGoal = goals + 1;
    t.markets.push(next);
    return [next];
  }

  /**
   * A game first seen under way or over (the feed started, or restarted, meanwhile): the next-goal
   * markets of the goals already scored, and of the one that never came if it is over, may exist
   * from an earlier run; they are resulted (results for markets never offered are dropped).
   */
  #resultGoalsSoFar(t: TrackedGame, state: LiveSnapshot, events: FeedEvent[]): void {
    if (t.game.profile.model !== 'goals' || state.status === GAME_STATUS.NOT_STARTED) return;
    const goals = state.score[0] + state.score[1];
    const markets = goalMarketsUpTo(state.status === GAME_STATUS.FINISHED ? goals + 1 : goals);
    this.#result(t, markets, (m) => scorerOfGoal(t.timeline, Number(m.specifiers.goal)), events);
  }

  #resultPeriods(t: TrackedGame, state: LiveSnapshot, events: FeedEvent[]): void {
    const done = (k: number) =>
      state.period > k || (state.period === k && state.status !== GAME_STATUS.IN_PLAY);
    const due = t.markets.filter(
      (m) => !t.resulted.has(m.key) && /^p\d+$/.test(m.grid) && done(Number(m.grid.slice(1))),
    );
    if (due.length === 0) return;
    const values = finalValues(t.game.profile, t.timeline, state);
    this.#result(t, due, (m) => values.get(m.grid)!, events);
  }

  #resultAll(t: TrackedGame, state: LiveSnapshot, events: FeedEvent[]): void {
    const values = finalValues(t.game.profile, t.timeline, state);
    values.set('next', [0, 0]);
    const due = t.markets.filter((m) => !t.resulted.has(m.key) && values.has(m.grid));
    // The open next-goal market by the timeline, as a catch-up results it: a goal in the last tick
    // before the end (an overtime winner) is its goal, not "none".
    const finalOf = (m: MarketSpec) =>
      m.type === 'next_goal' ? scorerOfGoal(t.timeline, Number(m.specifiers.goal)) : values.get(m.grid)!;
    this.#result(t, due, finalOf, events);
  }

  #result(
    t: TrackedGame,
    markets: MarketSpec[],
    finalOf: (m: MarketSpec) => [number, number],
    events: FeedEvent[],
  ): void {
    if (markets.length === 0) return;
    for (const m of markets) {
      t.resulted.add(m.key);
      t.sentOpen.delete(m.key);
    }
    events.push({
      type: 'result',
      gameRef: t.game.ref,
      markets: markets.map((m) => ({ marketKey: m.key, outcomes: settleMarket(m, finalOf(m)) })),
    });
  }

  #price(
    t: TrackedGame,
    state: LiveSnapshot,
    nowMs: number,
    created: MarketSpec[],
    events: FeedEvent[],
  ): void {
    t.lastPricedMs = nowMs;
    const { markets, grids } = this.#model(t, state, nowMs);
    const priced = priceMarkets(markets, grids, this.#options.margin);
    const createdKeys = new Set(created.map((m) => m.key));
    const fresh: FeedMarket[] = [];
    const changes: { marketKey: string; outcomeKey: string; oddsMilli: number | null }[] = [];
    priced.forEach((p, i) => {
      const spec = markets[i]!;
      const odds = p.outcomes.map((o) => o.oddsMilli);
      const before = t.prices.get(p.key);
      t.prices.set(p.key, odds);
      t.offered.set(p.key, p.offered);
      if (createdKeys.has(p.key) || !before) {
        const open = p.offered && !state.isDangerous;
        t.sentOpen.set(p.key, open);
        fresh.push(feedMarket(spec, p.outcomes, t.markets.indexOf(spec), !open));
        return;
      }
      odds.forEach((o, j) => {
        if (o !== before[j]) changes.push({ marketKey: p.key, outcomeKey: p.outcomes[j]!.key, oddsMilli: o });
      });
    });
    if (fresh.length > 0) events.push({ type: 'markets', gameRef: t.game.ref, markets: fresh });
    if (changes.length > 0) events.push({ type: 'odds', gameRef: t.game.ref, changes });
  }

  /** The markets still to price at this state (in-play ones only live) and the grids they read. */
  #model(t: TrackedGame, state: LiveSnapshot, nowMs: number) {
    const live = state.status !== GAME_STATUS.NOT_STARTED;
    const strengths = live ? t.strengths : drift(t, nowMs);
    return {
      markets: t.markets.filter((m) => !t.resulted.has(m.key) && (live || !m.isLive)),
      grids: gridsFor(t.game.profile, strengths, live ? state : preMatchSnapshot()),
    };
  }

  /**
   * The model's fair chance of every outcome behind a game's current prices (as of its last
   * pricing), by market key; null for a game not being played or priced. For checks and diagnostics.
   */
  fairChances(gameRef: string): Map<string, (number | null)[]> | null {
    const t = this.#tracked.get(gameRef);
    if (!t || t.finishedAtMs !== null || t.last === null) return null;
    const state = snapshotAt(t.game.profile, t.timeline, t.lastPricedMs - t.game.startAtMs);
    const { markets, grids } = this.#model(t, state, t.lastPricedMs);
    const chances = marketChances(markets, grids);
    return new Map(markets.map((m, i) => [m.key, chances[i]!]));
  }

  /**
   * The catch-up for games the database still has markets to result for (after a restart or a lost
   * batch): for each one of this simulator's games that is over by nowMs, its final scoreboard and
   * the result of every market it can have had. A game not over yet, or not this simulator's (its
   * ref or start differ), gives nothing; results for markets already resulted are dropped by the
   * ingester, so this can run any number of times.
   */
  catchUp(games: readonly { ref: string; startAtMs: number }[], nowMs: number): FeedEvent[] {
    const events: FeedEvent[] = [];
    for (const { ref, startAtMs } of games) {
      const game = this.#scheduled(ref);
      if (!game || game.startAtMs !== startAtMs) continue;
      const t = this.#tracked.get(ref) ?? this.#track(game);
      if (game.startAtMs + t.timeline.endMs > nowMs) continue;
      const final = snapshotAt(game.profile, t.timeline, t.timeline.endMs);
      events.push(liveEvent(t, final), finalResults(t, final));
    }
    return events;
  }

  /** The scheduled game behind a ref "g:<sport>:<hour>:<index>", or null. */
  #scheduled(ref: string): ScheduledGame | null {
    const [, sportId, hour, index] = ref.split(':').map(Number);
    const profile = SPORT_PROFILES.find((p) => p.sportId === sportId);
    if (!profile || !Number.isInteger(hour) || !Number.isInteger(index)) return null;
    const games =
      this.#hours.get(`${sportId}:${hour}`) ?? gamesOfHour(this.#options.seed, this.#world, profile, hour!);
    return games.find((g) => g.ref === ref) ?? null;
  }

  #forget(nowMs: number): void {
    for (const [ref, t] of this.#tracked) {
      if (t.finishedAtMs !== null && nowMs - t.finishedAtMs > KEEP_FINISHED_MS) {
        this.#tracked.delete(ref);
        this.#done.set(ref, t.game.startAtMs);
      }
    }
    const horizon = nowMs - Math.max(LOOKBACK_MS, this.#options.backfillMs) - HOUR_MS;
    for (const [ref, startAtMs] of this.#done) if (startAtMs < horizon) this.#done.delete(ref);
  }
}

/** Next-goal markets for goals 1..last. */
function goalMarketsUpTo(last: number): MarketSpec[] {
  return Array.from({ length: last }, (_, i) => nextGoalMarket(i + 1));
}

/** Every market a finished game can have had, resulted against its final state. */
function finalResults(t: TrackedGame, final: LiveSnapshot): FeedResult {
  const values = finalValues(t.game.profile, t.timeline, final);
  const base = t.markets.filter((m) => m.type !== 'next_goal' && values.has(m.grid));
  const goals = t.game.profile.model === 'goals' ? goalMarketsUpTo(final.score[0] + final.score[1] + 1) : [];
  return {
    type: 'result',
    gameRef: t.game.ref,
    markets: [
      ...base.map((m) => ({ marketKey: m.key, outcomes: settleMarket(m, values.get(m.grid)!) })),
      ...goals.map((m) => ({
        marketKey: m.key,
        outcomes: settleMarket(m, scorerOfGoal(t.timeline, Number(m.specifiers.goal))),
      })),
    ],
  };
}

function changed(a: LiveSnapshot, b: LiveSnapshot): boolean {
  return (
    a.status !== b.status ||
    a.period !== b.period ||
    a.clockRunning !== b.clockRunning ||
    JSON.stringify([a.periodScores, a.corners, a.cards]) !==
      JSON.stringify([b.periodScores, b.corners, b.cards])
  );
}

function resendDue(t: TrackedGame, state: LiveSnapshot, nowMs: number, options: SimulatorOptions): boolean {
  return isInLiveList(state.status) && nowMs - t.lastLiveSentMs >= options.liveResendMs;
}

/** Slow pre-match movement of the rates (team news, money): ±4 % over a six-hour wave. */
function drift(t: TrackedGame, nowMs: number): Strengths {
  const phase = (t.game.number % 1000) / 1000;
  const wave = 0.04 * Math.sin(2 * Math.PI * (nowMs / (6 * HOUR_MS) + phase));
  return {
    ...t.strengths,
    homeRate: t.strengths.homeRate * (1 + wave),
    awayRate: t.strengths.awayRate * (1 - wave),
  };
}

function liveEvent(t: TrackedGame, state: LiveSnapshot): FeedLive {
  return {
    type: 'live',
    gameRef: t.game.ref,
    status: state.status,
    period: state.period,
    clockSeconds: state.clockSeconds,
    clockRunning: state.clockRunning,
    score: state.score,
    periodScores: state.periodScores,
    stats: t.game.profile.hasCornersAndCards ? { corners: state.corners, cards: state.cards } : {},
  };
}

function feedMarket(
  spec: MarketSpec,
  outcomes: { key: string; oddsMilli: number | null }[],
  position: number,
  suspended: boolean,
): FeedMarket {
  return {
    key: spec.key,
    typeId: spec.typeId,
    type: spec.type,
    kind: spec.kind,
    nameKey: spec.nameKey,
    specifiers: spec.specifiers,
    isMain: spec.isMain,
    isLive: spec.isLive,
    position,
    suspended,
    outcomes: outcomes.map((o, i) => ({
      key: o.key,
      nameKey: spec.outcomes[i]!.nameKey,
      oddsMilli: o.oddsMilli,
    })),
  };
}
