/**
 * What a player sees of the simulator's markets, over many seeds and ticks: the events are applied
 * to a book with the ingester's rules (suspension per market, a null price suspends the outcome,
 * results are final), and after every tick each market the tick touched must make sense:
 * - an open market has no suspended outcome beside an open one (suspension is per market);
 * - no open outcome is one the model says cannot win, and none sits at the cap unless its fair price
 *   is beyond the cap;
 * - the implied probabilities of an open market sum to its fair total within the margin band: never
 *   below it (no sure bet against the house), and above it by the margin, the ladder's rounding and
 *   what the cap adds (a long shot whose fair price is beyond the cap is offered at the cap).
 */

import { MAX_OFFERED_ODDS_MILLI } from '@parlay/domain/sportsbook/pricing.ts';
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../provider.ts';
import { FeedSimulator } from './simulator.ts';

const MARGIN = 0.06;
const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const TICK_MS = 20_000;
const RUN_MS = 60 * 60_000;
const SEEDS = [1, 2, 3, 4];
/** Rounding to the odds ladder moves each price by at most half a step (≤ 0.005 of implied chance). */
const LADDER_SLACK = 0.02;
const CAP_IMPLIED = 1000 / MAX_OFFERED_ODDS_MILLI;

interface BookOutcome {
  oddsMilli: number;
  state: 'open' | 'suspended' | 'resulted';
}
interface BookMarket {
  state: 'open' | 'suspended' | 'resulted';
  outcomes: Map<string, BookOutcome>;
}

/** The ingester's view of the feed, kept in memory: game ref → market key → market. */
class Book {
  readonly games = new Map<string, Map<string, BookMarket>>();
  /** Markets changed by the last batch, as "gameRef|marketKey". */
  touched = new Set<string>();

  apply(events: FeedEvent[]): void {
    this.touched = new Set();
    const order: FeedEvent['type'][] = ['markets', 'odds', 'market_state', 'result'];
    for (const type of order) for (const e of events) if (e.type === type) this.#apply(e);
  }

  #apply(e: FeedEvent): void {
    if (e.type === 'markets') {
      const game = this.games.get(e.gameRef) ?? new Map<string, BookMarket>();
      this.games.set(e.gameRef, game);
      for (const m of e.markets) {
        const market = game.get(m.key) ?? { state: 'open', outcomes: new Map() };
        game.set(m.key, market);
        if (market.state !== 'resulted') market.state = m.suspended ? 'suspended' : 'open';
        for (const o of m.outcomes) {
          const before = market.outcomes.get(o.key);
          if (before?.state === 'resulted') continue;
          market.outcomes.set(o.key, {
            oddsMilli: o.oddsMilli ?? before?.oddsMilli ?? MAX_OFFERED_ODDS_MILLI,
            state: o.oddsMilli === null ? 'suspended' : 'open',
          });
        }
        this.touched.add(`${e.gameRef}|${m.key}`);
      }
    } else if (e.type === 'odds') {
      for (const c of e.changes) {
        const outcome = this.games.get(e.gameRef)?.get(c.marketKey)?.outcomes.get(c.outcomeKey);
        if (!outcome || outcome.state === 'resulted') continue;
        outcome.state = c.oddsMilli === null ? 'suspended' : 'open';
        outcome.oddsMilli = c.oddsMilli ?? outcome.oddsMilli;
        this.touched.add(`${e.gameRef}|${c.marketKey}`);
      }
    } else if (e.type === 'market_state') {
      const game = this.games.get(e.gameRef);
      for (const [key, market] of game ?? []) {
        if (e.marketKeys && !e.marketKeys.includes(key)) continue;
        if (market.state === 'resulted') continue;
        market.state = e.suspended ? 'suspended' : 'open';
        this.touched.add(`${e.gameRef}|${key}`);
      }
    } else if (e.type === 'result') {
      for (const r of e.markets) {
        const market = this.games.get(e.gameRef)?.get(r.marketKey);
        if (!market || market.state === 'resulted') continue;
        market.state = 'resulted';
        for (const o of market.outcomes.values()) o.state = 'resulted';
      }
    }
  }
}

/** The implied probability at which the margin puts a price at the cap. */
const CAP_CHANCE = 1000 / MAX_OFFERED_ODDS_MILLI / (1 + MARGIN);

function problemsOf(where: string, market: BookMarket, chances: (number | null)[] | undefined): string[] {
  if (market.state !== 'open') return [];
  const outcomes = [...market.outcomes.values()];
  if (outcomes.some((o) => o.state !== 'open'))
    return [`${where}: open market with a suspended outcome (${outcomes.map((o) => o.state)})`];
  if (!chances || chances.length !== outcomes.length) return [`${where}: open but not priced by the model`];
  const problems: string[] = [];
  outcomes.forEach((o, i) => {
    const chance = chances[i] ?? 0;
    if (chance <= 0) problems.push(`${where}: outcome ${i} open at ${o.oddsMilli} but cannot win`);
    else if (o.oddsMilli === MAX_OFFERED_ODDS_MILLI && chance > CAP_CHANCE * 1.02)
      problems.push(`${where}: outcome ${i} at the cap with a fair chance of ${chance.toFixed(4)}`);
  });
  const implied = outcomes.reduce((s, o) => s + 1000 / o.oddsMilli, 0);
  // 1 for a complete set of outcomes, 2 for a double chance (each result covered twice).
  const fair = chances.reduce<number>((s, c) => s + (c ?? 0), 0);
  const capped = outcomes.filter((o) => o.oddsMilli === MAX_OFFERED_ODDS_MILLI).length;
  if (implied < fair || implied > fair * (1 + MARGIN) + LADDER_SLACK + capped * CAP_IMPLIED)
    problems.push(`${where}: implied probabilities sum to ${implied.toFixed(3)} (fair ${fair.toFixed(3)})`);
  return problems;
}

describe('the simulator offers coherent markets', () => {
  it.each(SEEDS)(
    'seed %i: every tick, every touched market is wholly open or wholly suspended, priced within the margin band',
    (seed) => {
      const sim = new FeedSimulator({ seed, margin: MARGIN, horizonMs: 2 * 3_600_000, backfillMs: 0 });
      const book = new Book();
      const startMs = START + seed * 7 * 3_600_000;
      const problems: string[] = [];
      let checked = 0;
      for (let now = startMs; now <= startMs + RUN_MS; now += TICK_MS) {
        book.apply(sim.advance(now));
        const chancesByGame = new Map<string, Map<string, (number | null)[]> | null>();
        for (const id of book.touched) {
          const [gameRef, key] = [id.slice(0, id.indexOf('|')), id.slice(id.indexOf('|') + 1)];
          const market = book.games.get(gameRef)!.get(key)!;
          if (market.state !== 'open') continue;
          checked += 1;
          if (!chancesByGame.has(gameRef)) chancesByGame.set(gameRef, sim.fairChances(gameRef));
          problems.push(...problemsOf(id, market, chancesByGame.get(gameRef)?.get(key)));
        }
      }
      expect(checked).toBeGreaterThan(10_000);
      expect(problems.slice(0, 10)).toEqual([]);
    },
  );
});
