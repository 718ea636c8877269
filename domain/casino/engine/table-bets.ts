/**
 * Tables of several bets in one round (sic bo, baccarat; roulette keeps its own copy): the round's
 * stake is the whole table, each bet carries its `amountMinor` (decimal text) and the amounts add up
 * to the stake exactly. A single bet may leave its amount out and then carries the whole stake.
 */
import { GameRuleError } from '../game-rule-error.ts';
import { positiveMinor } from './json-input.ts';

/** The amount of one bet as parsed: decimal text of minor units, or undefined for the only bet. */
export function parseBetAmount(game: string, value: unknown, single: boolean): string | undefined {
  if (value !== undefined) return positiveMinor(game, value, 'amountMinor').toString();
  if (!single) throw new GameRuleError(game, 'each of several bets needs its amountMinor');
  return undefined;
}

/** The amount on each bet; throws GameRuleError unless they add up to the stake. */
export function betAmounts(
  game: string,
  bets: readonly { readonly amountMinor?: string }[],
  stakeMinor: bigint,
): bigint[] {
  const [only] = bets;
  if (bets.length === 1 && only?.amountMinor === undefined) return [stakeMinor];
  const each = bets.map((bet) => {
    if (bet.amountMinor === undefined)
      throw new GameRuleError(game, 'each of several bets needs its amountMinor');
    return positiveMinor(game, bet.amountMinor, 'amountMinor');
  });
  if (each.reduce((sum, amount) => sum + amount, 0n) !== stakeMinor) {
    throw new GameRuleError(game, 'bet amounts must add up to the stake');
  }
  return each;
}

/** The share of the table each bet carries, for a stake-weighted RTP (1 each when no amounts). */
export function betWeights(bets: readonly { readonly amountMinor?: string }[]): bigint[] {
  return bets.map((bet) => (bet.amountMinor === undefined ? 1n : BigInt(bet.amountMinor)));
}
