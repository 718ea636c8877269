/** One keno round: outcome = f(definition, random, picks). */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { choose, milli, Ratio } from '../ratio.ts';
import type { KenoDefinition, KenoPaytable } from './definition.ts';

export interface KenoOutcome {
  /** The drawn numbers (1–40) in the order drawn. */
  readonly drawn: readonly number[];
  readonly hits: number;
  readonly multiplier: Ratio;
}

/** The paytable for these picks; throws GameRuleError for a pick count or numbers not allowed. */
export function kenoPaytable(definition: KenoDefinition, picks: readonly number[]): KenoPaytable {
  const paytable = definition.paytables[picks.length];
  if (!paytable) throw new GameRuleError('keno', 'pick 1 to 10 numbers');
  const distinct = new Set(picks);
  if (distinct.size !== picks.length) throw new GameRuleError('keno', 'numbers picked twice');
  for (const pick of picks) {
    if (!Number.isInteger(pick) || pick < 1 || pick > definition.numbers) {
      throw new GameRuleError('keno', 'number out of range');
    }
  }
  return paytable;
}

export function playKeno(
  definition: KenoDefinition,
  random: FairRandom,
  picks: readonly number[],
): KenoOutcome {
  const paytable = kenoPaytable(definition, picks);
  const drawn = random.drawDistinct(definition.drawn, definition.numbers).map((index) => index + 1);
  const chosen = new Set(picks);
  const hits = drawn.filter((number) => chosen.has(number)).length;
  return { drawn, hits, multiplier: milli(paytable.multipliersMilli[hits]!) };
}

/** P(h hits | p picks): C(p,h)·C(N−p, D−h) / C(N, D). */
export function kenoHitChance(definition: KenoDefinition, picks: number, hits: number): Ratio {
  return new Ratio(
    choose(picks, hits) * choose(definition.numbers - picks, definition.drawn - hits),
    choose(definition.numbers, definition.drawn),
  );
}

/** The exact RTP of the paytable for `picks` numbers, by the hypergeometric sum. */
export function kenoRtp(definition: KenoDefinition, picks: number): Ratio {
  const paytable = definition.paytables[picks];
  if (!paytable) throw new GameRuleError('keno', 'pick 1 to 10 numbers');
  let rtp = Ratio.ZERO;
  for (let hits = 0; hits <= picks; hits += 1) {
    rtp = rtp.plus(kenoHitChance(definition, picks, hits).times(milli(paytable.multipliersMilli[hits]!)));
  }
  return rtp;
}
