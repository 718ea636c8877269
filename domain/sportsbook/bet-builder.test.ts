import { describe, expect, it } from 'vitest';
import {
  type BuilderLeg,
  type BuilderModel,
  builderModel,
  builderProbability,
  builderWins,
  isBuilderMarket,
  priceBuilder,
} from './bet-builder.ts';
import { finalValues, strengthsOf, type TeamStrength } from './live-model.ts';
import { drawTimeline, snapshotAt } from './match-timeline.ts';
import { Rng } from './prng.ts';
import { profileOf } from './sport-profiles.ts';

const football = profileOf(1);
const even: TeamStrength = { attack: 1, defence: 1, rating: 0 };
const strong: TeamStrength = { attack: 1.3, defence: 0.8, rating: 0.8 };
const model = builderModel(football, strong, even)!;
const MARGIN = 0.08;

const leg = (marketKey: string, outcomeKey: string): BuilderLeg => ({ marketKey, outcomeKey });
const HOME = leg('result', 'home');
const DRAW = leg('result', 'draw');
const AWAY = leg('result', 'away');
const OVER_25 = leg('total|line=2.5', 'over');
const UNDER_15 = leg('total|line=1.5', 'under');
const UNDER_25 = leg('total|line=2.5', 'under');
const BTTS_YES = leg('btts', 'yes');
const BTTS_NO = leg('btts', 'no');
const GOALS_2_3 = leg('goal_range', 'goals_2_3');
const CORNERS_OVER_95 = leg('total|line=9.5|stat=corners', 'over');
const CORNERS_HOME = leg('result|stat=corners', 'home');

/** Independent check: the two Poisson counts summed by brute force, not through the grid code. */
function poisson(rate: number, k: number): number {
  let p = Math.exp(-rate);
  for (let i = 1; i <= k; i += 1) p *= rate / i;
  return p;
}
function bruteForce(rates: [number, number], event: (h: number, a: number) => boolean): number {
  let total = 0;
  for (let h = 0; h <= 40; h += 1)
    for (let a = 0; a <= 40; a += 1) if (event(h, a)) total += poisson(rates[0], h) * poisson(rates[1], a);
  return total;
}
const s = strengthsOf(football, strong, even);
const goals: [number, number] = [s.homeRate, s.awayRate];
const share = s.homeRate / (s.homeRate + s.awayRate);
const corners: [number, number] = [10 * share, 10 * (1 - share)];

describe('bet builder pricing (table)', () => {
  const cases: [string, BuilderLeg[], number][] = [
    ['home win + over 2.5', [HOME, OVER_25], bruteForce(goals, (h, a) => h > a && h + a > 2.5)],
    ['draw + btts yes', [DRAW, BTTS_YES], bruteForce(goals, (h, a) => h === a && h > 0)],
    [
      'away + btts no + under 2.5',
      [AWAY, BTTS_NO, UNDER_25],
      bruteForce(goals, (h, a) => a > h && h === 0 && a <= 2),
    ],
    [
      '2–3 goals + btts yes',
      [GOALS_2_3, BTTS_YES],
      bruteForce(goals, (h, a) => h > 0 && a > 0 && h + a <= 3),
    ],
    [
      'home + over 2.5 + btts + corners over 9.5',
      [HOME, OVER_25, BTTS_YES, CORNERS_OVER_95],
      bruteForce(goals, (h, a) => h > a && h + a >= 3 && a > 0) * bruteForce(corners, (h, a) => h + a >= 10),
    ],
    [
      'home + corners home',
      [HOME, CORNERS_HOME],
      bruteForce(goals, (h, a) => h > a) * bruteForce(corners, (h, a) => h > a),
    ],
  ];
  it.each(cases)('%s: P and price = floor(1000 (1 − m) / P)', (_name, legs, expected) => {
    const quote = priceBuilder(model, legs, MARGIN);
    if (!quote.ok) throw new Error(quote.code);
    expect(quote.probability).toBeCloseTo(expected, 8);
    expect(quote.oddsMilli).toBe(Math.floor((1000 * (1 - MARGIN)) / quote.probability));
  });

  it('positively correlated legs price shorter than the product of their own fair prices', () => {
    const quote = priceBuilder(model, [HOME, OVER_25], 0);
    if (!quote.ok) throw new Error(quote.code);
    const product = quote.legProbabilities.reduce((p, q) => p * q, 1);
    expect(quote.probability).toBeGreaterThan(product);
    expect(quote.oddsMilli).toBeLessThan(1000 / product);
  });

  it('negatively correlated legs price longer than the product', () => {
    const quote = priceBuilder(model, [DRAW, OVER_25], 0);
    if (!quote.ok) throw new Error(quote.code);
    const product = quote.legProbabilities.reduce((p, q) => p * q, 1);
    expect(quote.probability).toBeLessThan(product);
    expect(quote.oddsMilli).toBeGreaterThan(Math.floor(1000 / product));
  });
});

describe('bet builder refusals', () => {
  it.each<[string, BuilderLeg[], string, number[] | undefined]>([
    ['home win + draw', [HOME, DRAW], 'BET_BUILDER_CONTRADICTION', [0, 1]],
    ['under 1.5 + btts yes + over 2.5', [UNDER_15, BTTS_YES, OVER_25], 'BET_BUILDER_CONTRADICTION', [0, 1]],
    [
      'home + btts + under 2.5 (no pair, the three)',
      [HOME, BTTS_YES, UNDER_25],
      'BET_BUILDER_CONTRADICTION',
      [0, 1, 2],
    ],
    ['2–3 goals + over 3.5', [GOALS_2_3, leg('total|line=3.5', 'over')], 'BET_BUILDER_CONTRADICTION', [0, 1]],
    ['one leg', [HOME], 'BET_BUILDER_LEGS', undefined],
    ['the same leg twice', [HOME, HOME], 'BET_BUILDER_LEGS', undefined],
    ['a first-half market', [HOME, leg('result|period=1', 'home')], 'BET_BUILDER_UNSUPPORTED', undefined],
    [
      'a cards market',
      [HOME, leg('total|line=4.5|stat=cards', 'over')],
      'BET_BUILDER_UNSUPPORTED',
      undefined,
    ],
    ['a whole line (pushes)', [HOME, leg('total|line=2', 'over')], 'BET_BUILDER_UNSUPPORTED', undefined],
    ['an unknown outcome', [HOME, leg('result', 'nobody')], 'BET_BUILDER_UNSUPPORTED', undefined],
    [
      'near certain (under 6.5 + under 5.5)',
      [leg('total|line=6.5', 'under'), leg('total|line=5.5', 'under')],
      'BET_BUILDER_NOT_OFFERED',
      undefined,
    ],
  ])('%s → %s', (_name, legs, code, conflict) => {
    const quote = priceBuilder(model, legs, MARGIN);
    expect(quote).toEqual({ ok: false, code, ...(conflict ? { conflict } : {}) });
  });

  it('covers football-like sports only', () => {
    expect(builderModel(profileOf(2), even, even)).toBeNull();
    expect(builderModel(football, even, even)).not.toBeNull();
  });

  it('tells builder markets from their type and specifiers', () => {
    expect(isBuilderMarket({ type: 'total', specifiers: { line: '2.5' } })).toBe(true);
    expect(isBuilderMarket({ type: 'handicap', specifiers: { line: '-1.5' } })).toBe(true);
    expect(isBuilderMarket({ type: 'total', specifiers: { line: '2.25' } })).toBe(false);
    expect(isBuilderMarket({ type: 'total', specifiers: { line: '9.5', stat: 'corners' } })).toBe(true);
    expect(isBuilderMarket({ type: 'btts', specifiers: { stat: 'corners' } })).toBe(false);
    expect(isBuilderMarket({ type: 'result', specifiers: { period: '1' } })).toBe(false);
    expect(isBuilderMarket({ type: 'next_goal', specifiers: { goal: '1' } })).toBe(false);
    expect(isBuilderMarket({ type: 'draw_no_bet', specifiers: {} })).toBe(false);
  });
});

/** Every supported leg of the model, as BuilderLegs. */
function allLegs(m: BuilderModel): BuilderLeg[] {
  return [...m.markets.values()].flatMap((market) => market.outcomes.map((o) => leg(market.key, o.key)));
}

describe('bet builder property (seeded)', () => {
  it('the price is exactly floor(1000 (1 − m) / P(joint)), P(joint) ≤ every leg alone, and it matches brute force', () => {
    const rng = new Rng(20_261_127);
    let priced = 0;
    for (let run = 0; run < 200; run += 1) {
      const home = { attack: rng.between(0.7, 1.4), defence: rng.between(0.7, 1.4), rating: 0 };
      const away = { attack: rng.between(0.7, 1.4), defence: rng.between(0.7, 1.4), rating: 0 };
      const m = builderModel(football, home, away)!;
      const margin = rng.between(0, 0.15);
      const pool = allLegs(m);
      const count = rng.int(2, 4);
      const legs: BuilderLeg[] = [];
      while (legs.length < count) {
        const next = rng.pick(pool);
        if (!legs.includes(next)) legs.push(next);
      }
      const probability = builderProbability(m, legs);
      if (typeof probability === 'string') throw new Error(probability);
      // Independent check of P: the Poisson counts summed by brute force (no truncated grid), goals
      // and corners drawn independently as the simulator draws them (checked against it below).
      const st = strengthsOf(football, home, away);
      const sh = st.homeRate / (st.homeRate + st.awayRate);
      const cells = (rates: [number, number], max: number) => {
        const out: [number, number, number][] = [];
        for (let h = 0; h <= max; h += 1)
          for (let a = 0; a <= max; a += 1) {
            const p = poisson(rates[0], h) * poisson(rates[1], a);
            if (p > 1e-13) out.push([h, a, p]);
          }
        return out;
      };
      const isCorner = (l: BuilderLeg) => l.marketKey.includes('stat=corners');
      const settleOf = (l: BuilderLeg) =>
        m.markets.get(l.marketKey)!.outcomes.find((o) => o.key === l.outcomeKey)!.settle;
      const sumWhere = (list: [number, number, number][], chosen: BuilderLeg[]) =>
        list.reduce((sum, [h, a, p]) => (chosen.every((l) => settleOf(l)(h, a) > 0) ? sum + p : sum), 0);
      const brute =
        sumWhere(
          cells([st.homeRate, st.awayRate], 25),
          legs.filter((l) => !isCorner(l)),
        ) * sumWhere(cells([10 * sh, 10 * (1 - sh)], 40), legs.filter(isCorner));
      expect(probability).toBeCloseTo(brute, 8);
      const quote = priceBuilder(m, legs, margin);
      if (!quote.ok) {
        if (quote.code === 'BET_BUILDER_CONTRADICTION') expect(probability).toBe(0);
        else expect(quote.code).toBe('BET_BUILDER_NOT_OFFERED');
        continue;
      }
      priced += 1;
      const fair = (1 - margin) / probability;
      expect(quote.oddsMilli).toBe(Math.floor(1000 * fair));
      expect(quote.oddsMilli / 1000).toBeLessThanOrEqual(fair);
      expect(fair - quote.oddsMilli / 1000).toBeLessThan(0.001);
      for (const alone of quote.legProbabilities) expect(probability).toBeLessThanOrEqual(alone + 1e-15);
      // Positively correlated legs (P above the product of the legs' chances) never price above the
      // product of their fair prices with the same margin; negatively correlated ones never below it.
      const product = quote.legProbabilities.reduce((p, q) => p * q, 1);
      if (probability >= product) expect(quote.oddsMilli / 1000).toBeLessThanOrEqual((1 - margin) / product);
      else expect(quote.oddsMilli / 1000).toBeGreaterThan((1 - margin) / product - 0.001);
    }
    expect(priced).toBeGreaterThan(80);
  }, 60_000);
});

describe('the joint model is the simulator’s', () => {
  it('combinations win in simulated matches as often as the grid says (4 σ of the sample)', () => {
    const strengths = strengthsOf(football, strong, even);
    const combos = [
      [HOME, OVER_25],
      [DRAW, BTTS_YES],
      [HOME, BTTS_YES, CORNERS_OVER_95],
      [AWAY, UNDER_25, CORNERS_HOME],
      [GOALS_2_3, BTTS_NO, leg('total|line=10.5|stat=corners', 'under')],
    ];
    const wins = combos.map(() => 0);
    const n = 6000;
    for (let i = 0; i < n; i += 1) {
      const timeline = drawTimeline(football, strengths, Rng.derive('builder', i));
      const final = snapshotAt(football, timeline, timeline.endMs);
      const values = finalValues(football, timeline, final);
      combos.forEach((legs, k) => {
        if (builderWins(model, legs, { match: values.get('match')!, corners: values.get('corners')! }))
          wins[k]! += 1;
      });
    }
    combos.forEach((legs, k) => {
      const p = builderProbability(model, legs) as number;
      const sd = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(wins[k]! / n - p)).toBeLessThan(4 * sd);
    });
  });

  it('pays back (1 − margin) of the stakes over many seeded matches (4 standard errors of the sample)', () => {
    const rng = new Rng(26);
    const ratios: number[] = [];
    for (let n = 0; n < 8000; n += 1) {
      const home = { attack: rng.between(0.8, 1.3), defence: rng.between(0.8, 1.3), rating: 0 };
      const away = { attack: rng.between(0.8, 1.3), defence: rng.between(0.8, 1.3), rating: 0 };
      const m = builderModel(football, home, away)!;
      // Long shots (correct scores) widen the sample's spread without testing anything more.
      const pool = allLegs(m).filter((l) => l.marketKey !== 'correct_score');
      const timeline = drawTimeline(football, strengthsOf(football, home, away), Rng.derive('ratio', n));
      const values = finalValues(football, timeline, snapshotAt(football, timeline, timeline.endMs));
      const finals = { match: values.get('match')!, corners: values.get('corners')! };
      // One sample per match (the mean of its combinations): matches are independent, combinations
      // on one match are not.
      const returns: number[] = [];
      for (let k = 0; k < 3; k += 1) {
        const legs: BuilderLeg[] = [];
        const count = rng.int(2, 4);
        while (legs.length < count) {
          const next = rng.pick(pool);
          if (!legs.includes(next)) legs.push(next);
        }
        const quote = priceBuilder(m, legs, MARGIN);
        // Any choice made from the combination alone keeps E[return] = 1 − margin; prices up to 20
        // keep the spread (and so the tolerance) small.
        if (!quote.ok || quote.oddsMilli > 20_000) continue;
        returns.push(builderWins(m, legs, finals) ? quote.oddsMilli / 1000 : 0);
      }
      if (returns.length > 0) ratios.push(returns.reduce((a, b) => a + b, 0) / returns.length);
    }
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    const variance = ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / (ratios.length - 1);
    const tolerance = 4 * Math.sqrt(variance / ratios.length);
    expect(ratios.length).toBeGreaterThan(7000);
    expect(tolerance).toBeLessThan(0.1);
    expect(Math.abs(mean - (1 - MARGIN))).toBeLessThan(tolerance);
  }, 60_000);
});
