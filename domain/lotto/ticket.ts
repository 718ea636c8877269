/**
 * A ticket's rules: which numbers it may hold, what it costs, and — given a draw — how many of its
 * combinations fall in each prize tier, in closed form (combinations.ts), never by enumeration.
 */
import { binomial, combinationsHitting } from './combinatorics.ts';
import type { DrawGame, LottoGame } from './games.ts';
import { LottoRuleError } from './lotto-rule-error.ts';

export interface TicketNumbers {
  /** Main numbers, 1…main.pool, distinct. */
  readonly main: readonly number[];
  /** Bonus numbers (games with a bonus ball only), 1…bonus.pool, distinct. */
  readonly bonus: readonly number[];
}

function checkField(
  numbers: readonly number[],
  pool: number,
  min: number,
  max: number,
  field: 'main' | 'bonus',
): void {
  if (numbers.length < min || numbers.length > max) {
    throw new LottoRuleError(
      'wrong_count',
      `${field}: pick ${min === max ? min : `${min} to ${max}`} numbers`,
      {
        field,
        min,
        max,
        count: numbers.length,
      },
    );
  }
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 1 || n > pool) {
      throw new LottoRuleError('numbers_out_of_range', `${field}: numbers are 1 to ${pool}`, {
        field,
        pool,
      });
    }
  }
  if (new Set(numbers).size !== numbers.length) {
    throw new LottoRuleError('numbers_repeated', `${field}: a number appears twice`, { field });
  }
}

/** Checks a ticket's numbers against the game's rules; throws LottoRuleError. */
export function validateTicket(game: LottoGame, numbers: TicketNumbers): void {
  checkField(numbers.main, game.main.pool, game.main.pick, game.main.maxPick, 'main');
  if (game.bonus) checkField(numbers.bonus, game.bonus.pool, game.bonus.pick, game.bonus.maxPick, 'bonus');
  else if (numbers.bonus.length > 0) {
    throw new LottoRuleError('wrong_count', 'this game has no bonus ball', {
      field: 'bonus',
      min: 0,
      max: 0,
    });
  }
}

/** How many combinations a ticket plays (1 for a plain ticket and for keno). */
export function combinationsOf(game: LottoGame, numbers: TicketNumbers): bigint {
  if (game.kind === 'keno') return 1n;
  const bonus = game.bonus ? BigInt(numbers.bonus.length) : 1n;
  return binomial(numbers.main.length, game.main.pick) * bonus;
}

/** Price of one ticket in one draw. */
export function ticketPriceMinor(game: LottoGame, numbers: TicketNumbers): bigint {
  return combinationsOf(game, numbers) * game.priceMinor;
}

/** Price of a multi-draw ticket: draws × the one-draw price. */
export function purchasePriceMinor(game: LottoGame, numbers: TicketNumbers, draws: number): bigint {
  if (!Number.isInteger(draws) || draws < 1 || draws > game.maxDraws) {
    throw new LottoRuleError('draws_out_of_range', `play 1 to ${game.maxDraws} draws`, {
      max: game.maxDraws,
    });
  }
  return ticketPriceMinor(game, numbers) * BigInt(draws);
}

/** The summary of a ticket against a draw that settlement groups by (it is all the prize depends on). */
export interface TicketResultKey {
  /** Main numbers on the ticket. */
  readonly picked: number;
  /** Of them, drawn. */
  readonly matched: number;
  /** Bonus numbers on the ticket (0 without a bonus ball). */
  readonly bonusPicked: number;
  /** Whether the drawn bonus number is among them. */
  readonly bonusHit: boolean;
}

/**
 * Winning combinations per tier (same order as game.tiers) of a ticket: for a tier of j main
 * matches, C(m, j)·C(n − m, k − j) main combinations, times the bonus numbers that hit (1) or miss
 * (b − 1, or b when the bonus was missed) as the tier asks.
 */
export function tierCombinations(game: DrawGame, key: TicketResultKey): bigint[] {
  return game.tiers.map((tier) => {
    const main = combinationsHitting(key.picked, key.matched, game.main.pick, tier.mainMatches);
    if (!game.bonus) return main;
    const hit = key.bonusHit ? 1n : 0n;
    const bonusWays =
      tier.bonusMatch === null
        ? BigInt(key.bonusPicked)
        : tier.bonusMatch
          ? hit
          : BigInt(key.bonusPicked) - hit;
    return main * bonusWays;
  });
}

/** A keno ticket's prize: price × the paytable's multiplier for (picks, hits). */
export function kenoPrizeMinor(game: LottoGame, picks: number, hits: number): bigint {
  if (game.kind !== 'keno') throw new Error('not a keno game');
  const multiplier = game.paytable[picks]?.[hits];
  if (multiplier === undefined) throw new Error(`no paytable entry for ${picks}/${hits}`);
  return (game.priceMinor * BigInt(multiplier)) / 1000n;
}

/** The mask of a set of numbers: bit (number − 1) set, as a `bits`-long 0/1 string (bit(80) text). */
export function maskOf(numbers: readonly number[], bits: number): string {
  const chars = new Array<string>(bits).fill('0');
  for (const n of numbers) chars[n - 1] = '1';
  return chars.join('');
}

/** The bonus numbers as an integer mask (bit b − 1 for number b). */
export function bonusMaskOf(numbers: readonly number[]): number {
  let mask = 0;
  for (const n of numbers) mask |= 1 << (n - 1);
  return mask;
}
