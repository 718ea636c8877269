/**
 * The frame's stake shared evenly between the bets a player marked on a table game (sic bo,
 * baccarat): each gets ⌊stake / n⌋ and the few minor units left go one each to the first bets, so
 * the amounts add up to the stake exactly (the domain requires it). Null when a bet would get nothing.
 */
export function splitStake(count: number, stakeMinor: bigint): bigint[] | null {
  if (count < 1 || stakeMinor < BigInt(count)) return null;
  const each = stakeMinor / BigInt(count);
  let left = stakeMinor - each * BigInt(count);
  return Array.from({ length: count }, () => {
    if (left === 0n) return each;
    left -= 1n;
    return each + 1n;
  });
}
