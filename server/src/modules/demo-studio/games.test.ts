/**
 * The studio's games, bounded: what a slot spin or a roulette bet can pay, over seeded random rounds
 * (a small LCG picks the round ids and bets), the exact RTPs, and the same result for a repeated round.
 */
import { describe, expect, it } from 'vitest';
import {
  BET_KINDS,
  type RouletteBet,
  rouletteMultiplier,
  rouletteNumber,
  roundAt,
  roundBytes,
  SLOT_MAX_MULTIPLIER,
  SLOT_PAYS,
  scheduleOf,
  slotMultiplier,
  slotRtp,
  slotStops,
  slotSymbols,
  validBet,
  WHEEL,
} from './games.ts';

function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

const KEY = 'games-test-key-0123456789';

describe('demo studio slot', () => {
  it('pays 0 or a paytable multiple, never more than 150× the stake, over 3 seeds × 2,000 rounds', () => {
    const allowed = new Set([0n, ...Object.values(SLOT_PAYS)]);
    for (const seed of [1, 42, 20261127]) {
      const next = lcg(seed);
      let paid = 0n;
      for (let i = 0; i < 2000; i++) {
        const roundId = `slot-${next().toString(16)}-${next().toString(16)}`;
        const symbols = slotSymbols(slotStops(roundBytes(KEY, roundId)));
        const multiplier = slotMultiplier(symbols);
        expect(allowed.has(multiplier)).toBe(true);
        expect(multiplier).toBeLessThanOrEqual(SLOT_MAX_MULTIPLIER);
        // A repeated round (a retried request) is the same spin.
        expect(slotSymbols(slotStops(roundBytes(KEY, roundId)))).toEqual(symbols);
        paid += multiplier;
      }
      expect(paid).toBeLessThanOrEqual(2000n * SLOT_MAX_MULTIPLIER);
    }
  });

  it('has an exact RTP of 92.225 % (the catalogue states 92.23)', () => {
    const { num, den } = slotRtp();
    expect(Number((num * 100_000n) / den) / 1000).toBe(92.225);
  });
});

describe('demo studio roulette', () => {
  const bets: RouletteBet[] = [
    ...Array.from({ length: 37 }, (_, n) => ({ kind: 'straight' as const, number: n })),
    ...[1, 2, 3].map((n) => ({ kind: 'dozen' as const, number: n })),
    ...BET_KINDS.filter((k) => k !== 'straight' && k !== 'dozen').map((kind) => ({ kind })),
  ];

  it('every bet returns 36/37 of its stake over the 37 pockets and never more than 36×', () => {
    for (const bet of bets) {
      expect(validBet(bet)).toBe(true);
      let total = 0n;
      for (const n of WHEEL) {
        const m = rouletteMultiplier(bet, n);
        expect(m).toBeLessThanOrEqual(36n);
        total += m;
      }
      expect(total).toBe(36n);
    }
    expect(validBet({ kind: 'straight', number: 37 })).toBe(false);
    expect(validBet({ kind: 'dozen', number: 0 })).toBe(false);
    expect(validBet({ kind: 'red', number: 1 })).toBe(false);
  });

  it('one number per shared round, the same for every caller; seeded bets pay within bounds', () => {
    const next = lcg(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const round = next() % 1_000_000;
      const n = rouletteNumber(KEY, round);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(36);
      expect(rouletteNumber(KEY, round)).toBe(n);
      seen.add(n);
      const bet = bets[next() % bets.length] as RouletteBet;
      const stake = BigInt(1 + (next() % 10_000));
      expect(stake * rouletteMultiplier(bet, n)).toBeLessThanOrEqual(stake * 36n);
    }
    expect(seen.size).toBe(37);
    expect(rouletteNumber('another-key-0123456789', 5)).toBe(rouletteNumber('another-key-0123456789', 5));
  });

  it('rounds are 30 s, betting the first 20 s', () => {
    const s = roundAt(scheduleOf(100).startsAt + 19_999);
    expect(s).toEqual({ round: 100, startsAt: 3_000_000, closesAt: 3_020_000, endsAt: 3_030_000 });
    expect(roundAt(3_030_000).round).toBe(101);
  });
});
