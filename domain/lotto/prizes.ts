/**
 * A draw's prizes from its sales and winners. The prize fund is fundBasisPoints of sales; fixed
 * tiers are paid from it first (the house covers them when they exceed it); what is left is the
 * pool, split by the pool and jackpot tiers' shares (rounding dust goes to the jackpot). The
 * jackpot tier's share adds the jackpot carried in from the previous draw.
 *
 * A pool tier with winners pays floor(allocation / winners) per winning combination; the remainder
 * (under one minor unit per winner) is carried to the next draw's jackpot. A pool tier without
 * winners carries its allocation to the next draw's jackpot. An unwon jackpot rolls over (carried)
 * and counts a rollover; when `rolloverCap` rollovers have already happened it rolls down instead,
 * to the next pool tier below that has winners (or is carried when none has), and the count resets.
 *
 * A won jackpot shares at least the game's minimumJackpotMinor: the house tops the allocation up
 * (houseTopUpMinor), since a small draw's pool could otherwise leave a jackpot winner nearly nothing.
 *
 * Invariant (tested): Σ pool prizes paid + jackpot carried out = pool + jackpot carried in + top-up.
 */
import type { DrawGame } from './games.ts';

export interface DrawPrizeInput {
  readonly salesMinor: bigint;
  /** Winning combinations per tier, in game.tiers order. */
  readonly winners: readonly bigint[];
  readonly jackpotInMinor: bigint;
  /** Rollovers in a row before this draw. */
  readonly rolloversIn: number;
}

export interface TierPrize {
  readonly tierId: string;
  readonly kind: DrawGame['tiers'][number]['kind'];
  readonly winners: bigint;
  /** What the tier had to share (pool tiers; fixed: what it pays in total). */
  readonly allocatedMinor: bigint;
  /** Prize per winning combination. */
  readonly prizeEachMinor: bigint;
  readonly totalMinor: bigint;
}

export interface DrawPrizes {
  readonly fundMinor: bigint;
  readonly fixedMinor: bigint;
  readonly poolMinor: bigint;
  readonly tiers: readonly TierPrize[];
  readonly jackpotOutMinor: bigint;
  /** What the house added so that a won jackpot reaches its minimum. */
  readonly houseTopUpMinor: bigint;
  readonly rolloversOut: number;
  /** Whether the unwon jackpot was rolled down in this draw. */
  readonly rolledDown: boolean;
}

export function drawPrizes(game: DrawGame, input: DrawPrizeInput): DrawPrizes {
  const { tiers } = game;
  if (input.winners.length !== tiers.length) throw new Error('one winners count per tier');
  if (input.salesMinor < 0n || input.jackpotInMinor < 0n) throw new Error('negative money');
  const fundMinor = (input.salesMinor * BigInt(game.fundBasisPoints)) / 10_000n;
  let fixedMinor = 0n;
  tiers.forEach((tier, i) => {
    if (tier.kind === 'fixed') fixedMinor += (tier.prizeMinor ?? 0n) * input.winners[i]!;
  });
  const poolMinor = fundMinor > fixedMinor ? fundMinor - fixedMinor : 0n;

  const allocated = tiers.map((tier) =>
    tier.kind === 'fixed' ? 0n : (poolMinor * BigInt(tier.shareBasisPoints ?? 0)) / 10_000n,
  );
  const dust = poolMinor - allocated.reduce((a, b) => a + b, 0n);
  const jackpotIndex = tiers.findIndex((tier) => tier.kind === 'jackpot');
  if (jackpotIndex < 0) throw new Error('a draw game has a jackpot tier');
  allocated[jackpotIndex] = allocated[jackpotIndex]! + dust + input.jackpotInMinor;

  let carried = 0n;
  let houseTopUpMinor = 0n;
  let rolloversOut = 0;
  let rolledDown = false;
  const each = tiers.map(() => 0n);
  for (let i = 0; i < tiers.length; i += 1) {
    const tier = tiers[i]!;
    if (tier.kind === 'fixed') continue;
    const winners = input.winners[i]!;
    let amount = allocated[i]!;
    if (winners > 0n && tier.kind === 'jackpot' && amount < game.minimumJackpotMinor) {
      houseTopUpMinor = game.minimumJackpotMinor - amount;
      amount = game.minimumJackpotMinor;
      allocated[i] = amount;
    }
    if (winners > 0n) {
      each[i] = amount / winners;
      carried += amount - each[i]! * winners;
      continue;
    }
    if (tier.kind === 'jackpot') {
      const below = tiers.findIndex((t, j) => j > i && t.kind === 'pool' && input.winners[j]! > 0n);
      if (input.rolloversIn >= game.rolloverCap && below >= 0) {
        allocated[below] = allocated[below]! + amount;
        allocated[i] = 0n;
        rolledDown = true;
        continue;
      }
      rolloversOut = input.rolloversIn >= game.rolloverCap ? 0 : input.rolloversIn + 1;
    }
    carried += amount;
  }
  return {
    fundMinor,
    fixedMinor,
    poolMinor,
    tiers: tiers.map((tier, i) => {
      const winners = input.winners[i]!;
      const prizeEachMinor = tier.kind === 'fixed' ? (tier.prizeMinor ?? 0n) : each[i]!;
      return {
        tierId: tier.id,
        kind: tier.kind,
        winners,
        allocatedMinor: tier.kind === 'fixed' ? prizeEachMinor * winners : allocated[i]!,
        prizeEachMinor,
        totalMinor: prizeEachMinor * winners,
      };
    }),
    jackpotOutMinor: carried,
    houseTopUpMinor,
    rolloversOut,
    rolledDown,
  };
}
