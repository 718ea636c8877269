/**
 * The fast lottery 6 of 48: six distinct numbers of 1–48 drawn. Fixed-odds bets:
 *  - `numbers`: 1 to 3 picked numbers, won when every pick is drawn;
 *  - `parity`: `even` (4 or more even numbers drawn), `odd` (4 or more odd), `equal` (3 and 3).
 * Odds are in hundredths of the total return. A bet's RTP is P(win) × odds, exact: P(all k picks
 * drawn) = C(48−k, 6−k) / C(48, 6), P(e evens) = C(24, e) · C(24, 6−e) / C(48, 6).
 */
import type { FairRandom } from '../fair/fair-random.ts';
import { choose, Ratio } from '../ratio.ts';

export const LOTTERY = { numbers: 48, drawn: 6, maxPicks: 3 } as const;

/** Total return (hundredths) of each bet. */
export const LOTTERY_ODDS_CENTI = {
  numbers: { 1: 760, 2: 7140, 3: 82100 } as Record<number, number>,
  parity: { even: 285, odd: 285, equal: 285 },
} as const;

export type ParityPick = 'even' | 'odd' | 'equal';
export type LotteryBet = { kind: 'numbers'; picks: number[] } | { kind: 'parity'; pick: ParityPick };

/** Six numbers in draw order. */
export function drawLottery(random: FairRandom): number[] {
  return random.drawDistinct(LOTTERY.drawn, LOTTERY.numbers).map((n) => n + 1);
}

export function isValidLotteryBet(bet: LotteryBet): boolean {
  if (bet.kind === 'parity') return ['even', 'odd', 'equal'].includes(bet.pick);
  const { picks } = bet;
  return (
    picks.length >= 1 &&
    picks.length <= LOTTERY.maxPicks &&
    new Set(picks).size === picks.length &&
    picks.every((n) => Number.isInteger(n) && n >= 1 && n <= LOTTERY.numbers)
  );
}

export function oddsCentiOf(bet: LotteryBet): number {
  return bet.kind === 'numbers'
    ? LOTTERY_ODDS_CENTI.numbers[bet.picks.length]!
    : LOTTERY_ODDS_CENTI.parity[bet.pick];
}

export function lotteryBetWins(bet: LotteryBet, drawn: readonly number[]): boolean {
  if (bet.kind === 'numbers') return bet.picks.every((n) => drawn.includes(n));
  const evens = drawn.filter((n) => n % 2 === 0).length;
  return bet.pick === 'even' ? evens >= 4 : bet.pick === 'odd' ? evens <= 2 : evens === 3;
}

export function lotteryPayoutMinor(stakeMinor: bigint, bet: LotteryBet, drawn: readonly number[]): bigint {
  return lotteryBetWins(bet, drawn) ? (stakeMinor * BigInt(oddsCentiOf(bet))) / 100n : 0n;
}

/** P(win) of a bet, exact. */
export function lotteryWinChance(bet: LotteryBet): Ratio {
  const all = choose(LOTTERY.numbers, LOTTERY.drawn);
  if (bet.kind === 'numbers') {
    const k = bet.picks.length;
    return new Ratio(choose(LOTTERY.numbers - k, LOTTERY.drawn - k), all);
  }
  const half = LOTTERY.numbers / 2;
  const evens = bet.pick === 'even' ? [4, 5, 6] : bet.pick === 'odd' ? [0, 1, 2] : [3];
  let ways = 0n;
  for (const e of evens) ways += choose(half, e) * choose(half, LOTTERY.drawn - e);
  return new Ratio(ways, all);
}

/** RTP of a bet, exact: P(win) × odds. */
export function lotteryRtp(bet: LotteryBet): Ratio {
  return lotteryWinChance(bet).times(new Ratio(BigInt(oddsCentiOf(bet)), 100n));
}
