import { describe, expect, it } from 'vitest';
import { FairByteStream } from '../casino/fair/byte-stream.ts';
import { FairRandom } from '../casino/fair/fair-random.ts';
import { SimulationSource } from '../casino/fair/fast-source.ts';
import { commitment } from '../casino/fair/seeds.ts';
import { binomial, combinationsHitting } from './combinatorics.ts';
import { drawNumbers, nextDrawTimes, quickPick, verifyDraw } from './draw.ts';
import {
  type DrawGame,
  KENO_20_OF_80,
  LOTTO_4_OF_20,
  LOTTO_5_OF_36_PLUS_1,
  LOTTO_6_OF_45,
  LOTTO_GAMES,
} from './games.ts';
import { LottoRuleError } from './lotto-rule-error.ts';
import { drawPrizes } from './prizes.ts';
import {
  combinationsOf,
  kenoPrizeMinor,
  purchasePriceMinor,
  type TicketResultKey,
  tierCombinations,
  validateTicket,
} from './ticket.ts';

const SEED = '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f';
const DRAW_GAMES = LOTTO_GAMES.filter((g): g is DrawGame => g.kind === 'draw');

/** All k-subsets of items (for checking the closed forms on small cases). */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

describe('combinatorics', () => {
  it.each([
    [45, 6, 8_145_060n],
    [36, 5, 376_992n],
    [20, 4, 4845n],
    [80, 20, 3_535_316_142_212_174_320n],
    [10, 0, 1n],
    [5, 6, 0n],
  ])('C(%i, %i) = %s', (n, k, expected) => {
    expect(binomial(n, k)).toBe(expected);
  });

  it('splits a system ticket into its combinations by hits (sums to C(n, k))', () => {
    for (let n = 6; n <= 12; n += 1) {
      for (let m = 0; m <= 6; m += 1) {
        let total = 0n;
        for (let j = 0; j <= 6; j += 1) total += combinationsHitting(n, m, 6, j);
        expect(total).toBe(binomial(n, 6));
      }
    }
  });
});

describe('validateTicket and prices', () => {
  const refuse = (game: Parameters<typeof validateTicket>[0], main: number[], bonus: number[] = []) => {
    try {
      validateTicket(game, { main, bonus });
    } catch (error) {
      if (error instanceof LottoRuleError) return error.reason;
      throw error;
    }
    return 'accepted';
  };

  it.each([
    ['6of45 plain', LOTTO_6_OF_45, [1, 2, 3, 4, 5, 6], [], 'accepted'],
    ['6of45 system of 8', LOTTO_6_OF_45, [1, 2, 3, 4, 5, 6, 7, 8], [], 'accepted'],
    ['6of45 five numbers', LOTTO_6_OF_45, [1, 2, 3, 4, 5], [], 'wrong_count'],
    ['6of45 thirteen numbers', LOTTO_6_OF_45, Array.from({ length: 13 }, (_, i) => i + 1), [], 'wrong_count'],
    ['6of45 a 46', LOTTO_6_OF_45, [1, 2, 3, 4, 5, 46], [], 'numbers_out_of_range'],
    ['6of45 a 0', LOTTO_6_OF_45, [0, 2, 3, 4, 5, 6], [], 'numbers_out_of_range'],
    ['6of45 a fraction', LOTTO_6_OF_45, [1.5, 2, 3, 4, 5, 6], [], 'numbers_out_of_range'],
    ['6of45 repeated', LOTTO_6_OF_45, [1, 1, 3, 4, 5, 6], [], 'numbers_repeated'],
    ['6of45 with a bonus', LOTTO_6_OF_45, [1, 2, 3, 4, 5, 6], [1], 'wrong_count'],
    ['5of36+1 plain', LOTTO_5_OF_36_PLUS_1, [1, 2, 3, 4, 36], [4], 'accepted'],
    ['5of36+1 no bonus', LOTTO_5_OF_36_PLUS_1, [1, 2, 3, 4, 36], [], 'wrong_count'],
    ['5of36+1 bonus 5', LOTTO_5_OF_36_PLUS_1, [1, 2, 3, 4, 36], [5], 'numbers_out_of_range'],
    ['5of36+1 bonus repeated', LOTTO_5_OF_36_PLUS_1, [1, 2, 3, 4, 36], [2, 2], 'numbers_repeated'],
    ['keno 1 pick', KENO_20_OF_80, [80], [], 'accepted'],
    ['keno 11 picks', KENO_20_OF_80, Array.from({ length: 11 }, (_, i) => i + 1), [], 'wrong_count'],
    ['keno none', KENO_20_OF_80, [], [], 'wrong_count'],
  ] as const)('%s → %s', (_name, game, main, bonus, expected) => {
    expect(refuse(game, [...main], [...bonus])).toBe(expected);
  });

  it('prices a system ticket by C(n, k) and a multi-draw ticket by draws', () => {
    expect(combinationsOf(LOTTO_6_OF_45, { main: [1, 2, 3, 4, 5, 6, 7, 8], bonus: [] })).toBe(28n);
    expect(purchasePriceMinor(LOTTO_6_OF_45, { main: [1, 2, 3, 4, 5, 6, 7, 8], bonus: [] }, 3)).toBe(
      28n * 100_00n * 3n,
    );
    expect(combinationsOf(LOTTO_5_OF_36_PLUS_1, { main: [1, 2, 3, 4, 5, 6], bonus: [1, 2] })).toBe(12n);
    expect(purchasePriceMinor(KENO_20_OF_80, { main: [1, 2, 3, 4, 5], bonus: [] }, 1)).toBe(50_00n);
    expect(() => purchasePriceMinor(LOTTO_4_OF_20, { main: [1, 2, 3, 4], bonus: [] }, 11)).toThrow(
      LottoRuleError,
    );
    expect(() => purchasePriceMinor(LOTTO_4_OF_20, { main: [1, 2, 3, 4], bonus: [] }, 0)).toThrow(
      LottoRuleError,
    );
  });
});

describe('tierCombinations (closed form) = the sum over the system ticket’s combinations', () => {
  /** Evaluates every combination of the ticket one by one. */
  function enumerate(
    game: DrawGame,
    main: number[],
    bonus: number[],
    drawn: Set<number>,
    drawnBonus: number | null,
  ) {
    const counts = game.tiers.map(() => 0n);
    const bonuses = game.bonus ? bonus : [null];
    for (const combo of subsets(main, game.main.pick)) {
      const hits = combo.filter((n) => drawn.has(n)).length;
      for (const b of bonuses) {
        const tier = game.tiers.findIndex(
          (t) => t.mainMatches === hits && (t.bonusMatch === null || t.bonusMatch === (b === drawnBonus)),
        );
        if (tier >= 0) counts[tier]! += 1n;
      }
    }
    return counts;
  }

  it('for random system tickets of every draw game (seeded, 300 cases)', () => {
    const random = new FairRandom(new SimulationSource(21));
    for (let i = 0; i < 300; i += 1) {
      const game = DRAW_GAMES[i % DRAW_GAMES.length]!;
      const picked = game.main.pick + random.int(Math.min(4, game.main.maxPick - game.main.pick) + 1);
      const bonusPicked = game.bonus ? 1 + random.int(game.bonus.maxPick) : 0;
      const ticket = quickPick(game, random, picked, bonusPicked);
      const draw = drawNumbers(game, { serverSeed: SEED, salt: game.salt, drawId: i });
      const drawn = new Set(draw.main);
      const key: TicketResultKey = {
        picked,
        matched: ticket.main.filter((n) => drawn.has(n)).length,
        bonusPicked,
        bonusHit: draw.bonus !== null && ticket.bonus.includes(draw.bonus),
      };
      expect(tierCombinations(game, key)).toEqual(
        enumerate(game, ticket.main, ticket.bonus, drawn, draw.bonus),
      );
    }
  });

  it('table: a 6of45 system of 8 with 4 drawn numbers', () => {
    // C(4,4)·C(4,2) = 6 combinations with 4 hits, C(4,3)·C(4,3) = 16 with 3.
    expect(
      tierCombinations(LOTTO_6_OF_45, { picked: 8, matched: 4, bonusPicked: 0, bonusHit: false }),
    ).toEqual([0n, 0n, 6n, 16n]);
  });
});

describe('drawPrizes', () => {
  it('table: fixed prizes first, the pool by shares, an unwon jackpot rolls over', () => {
    const prizes = drawPrizes(LOTTO_6_OF_45, {
      salesMinor: 1_000_000_00n,
      winners: [0n, 2n, 10n, 100n],
      jackpotInMinor: 5_000_00n,
      rolloversIn: 0,
    });
    expect(prizes.fundMinor).toBe(500_000_00n);
    expect(prizes.fixedMinor).toBe(20_000_00n);
    expect(prizes.poolMinor).toBe(480_000_00n);
    expect(prizes.tiers.map((t) => t.prizeEachMinor)).toEqual([0n, 72_000_00n, 14_400_00n, 200_00n]);
    expect(prizes.jackpotOutMinor).toBe(192_000_00n + 5_000_00n);
    expect(prizes.rolloversOut).toBe(1);
    expect(prizes.rolledDown).toBe(false);
  });

  it('table: at the rollover cap the unwon jackpot rolls down to the next tier with winners', () => {
    const prizes = drawPrizes(LOTTO_6_OF_45, {
      salesMinor: 1_000_000_00n,
      winners: [0n, 0n, 4n, 0n],
      jackpotInMinor: 1_000_00n,
      rolloversIn: LOTTO_6_OF_45.rolloverCap,
    });
    expect(prizes.rolledDown).toBe(true);
    expect(prizes.rolloversOut).toBe(0);
    // The 4-tier shares 30 % + the jackpot's 40 % + the carried 1,000.00; the 5-tier's 30 % is carried.
    expect(prizes.tiers[2]!.prizeEachMinor).toBe((500_000_00n * 7000n) / 10_000n / 4n + 1_000_00n / 4n);
    expect(prizes.jackpotOutMinor).toBe(150_000_00n);
  });

  it('table: a won jackpot pays its share plus the carry, at least its minimum, and resets the rollovers', () => {
    const big = drawPrizes(LOTTO_4_OF_20, {
      salesMinor: 100_000_00n,
      winners: [2n, 0n, 0n],
      jackpotInMinor: 7n,
      rolloversIn: 1,
    });
    expect(big.houseTopUpMinor).toBe(0n);
    expect(big.tiers[0]!.prizeEachMinor).toBe((30_000_00n + 7n) / 2n);
    const prizes = drawPrizes(LOTTO_4_OF_20, {
      salesMinor: 10_000_00n,
      winners: [3n, 0n, 0n],
      jackpotInMinor: 1n,
      rolloversIn: 3,
    });
    // 60 % of the 5,000.00 pool plus the carry is below the 10,000.00 minimum: the house tops it up.
    expect(prizes.houseTopUpMinor).toBe(10_000_00n - 3_000_00n - 1n);
    expect(prizes.tiers[0]!.prizeEachMinor).toBe(10_000_00n / 3n);
    expect(prizes.rolloversOut).toBe(0);
    expect(prizes.jackpotOutMinor).toBe(10_000_00n - (10_000_00n / 3n) * 3n + 2_000_00n);
  });

  it('property: pool prizes + carried jackpot = pool + carried in; no tier pays past its rule (seeded, 5,000 draws)', () => {
    const random = new FairRandom(new SimulationSource(45));
    for (let i = 0; i < 5000; i += 1) {
      const game = DRAW_GAMES[i % DRAW_GAMES.length]!;
      const winners = game.tiers.map(() =>
        random.int(3) === 0 ? 0n : BigInt(random.int(random.int(2) ? 5 : 5000)),
      );
      const input = {
        salesMinor: BigInt(random.int(2 ** 31)) * BigInt(1 + random.int(100)),
        winners,
        jackpotInMinor: random.int(2) ? 0n : BigInt(random.int(2 ** 31)),
        rolloversIn: random.int(game.rolloverCap + 2),
      };
      const prizes = drawPrizes(game, input);
      let poolPaid = 0n;
      let allocatedPool = 0n;
      prizes.tiers.forEach((tier, t) => {
        const rule = game.tiers[t]!;
        expect(tier.totalMinor).toBe(tier.prizeEachMinor * tier.winners);
        expect(tier.prizeEachMinor >= 0n).toBe(true);
        if (rule.kind === 'fixed') {
          expect(tier.prizeEachMinor).toBe(rule.prizeMinor);
        } else {
          poolPaid += tier.totalMinor;
          allocatedPool += tier.allocatedMinor;
          expect(tier.totalMinor <= tier.allocatedMinor).toBe(true);
          // Nothing pays more than the whole pool plus the carry (and a won jackpot's minimum).
          expect(tier.totalMinor <= prizes.poolMinor + input.jackpotInMinor + prizes.houseTopUpMinor).toBe(
            true,
          );
        }
      });
      const topUp = prizes.houseTopUpMinor;
      expect(poolPaid + prizes.jackpotOutMinor).toBe(prizes.poolMinor + input.jackpotInMinor + topUp);
      expect(allocatedPool).toBe(prizes.poolMinor + input.jackpotInMinor + topUp);
      // The house adds money only to a won jackpot, and only up to its minimum.
      const jackpot = prizes.tiers.find((tier) => tier.kind === 'jackpot')!;
      if (topUp > 0n) {
        expect(jackpot.winners > 0n).toBe(true);
        expect(jackpot.allocatedMinor).toBe(game.minimumJackpotMinor);
      }
      expect(prizes.fundMinor).toBe((input.salesMinor * BigInt(game.fundBasisPoints)) / 10_000n);
      expect(prizes.rolloversOut <= game.rolloverCap).toBe(true);
    }
  });

  it('pool shares of every draw game sum to 100 %', () => {
    for (const game of DRAW_GAMES) {
      const shares = game.tiers.reduce((sum, t) => sum + (t.shareBasisPoints ?? 0), 0);
      expect(shares).toBe(10_000);
    }
  });
});

describe('keno paytable', () => {
  it('returns less than the stake for every pick count (hypergeometric RTP < 97 %)', () => {
    for (let picks = 1; picks <= 10; picks += 1) {
      let rtp = 0;
      const total = Number(binomial(80, 20));
      for (let hits = 0; hits <= picks; hits += 1) {
        const p = Number(binomial(picks, hits) * binomial(80 - picks, 20 - hits)) / total;
        rtp += (p * Number(kenoPrizeMinor(KENO_20_OF_80, picks, hits))) / Number(KENO_20_OF_80.priceMinor);
      }
      expect(rtp).toBeGreaterThan(0.85);
      expect(rtp).toBeLessThan(0.97);
    }
  });
});

describe('the provably fair draw', () => {
  it('is reproduced by verifyDraw from the revealed seed, and a changed number is caught', () => {
    for (const game of LOTTO_GAMES) {
      const drawn = drawNumbers(game, { serverSeed: SEED, salt: game.salt, drawId: 17 });
      expect(new Set(drawn.main).size).toBe(game.main.drawn);
      expect(drawn.main.every((n) => n >= 1 && n <= game.main.pool)).toBe(true);
      if (game.bonus) expect(drawn.bonus! >= 1 && drawn.bonus! <= game.bonus.pool).toBe(true);
      const record = {
        serverSeed: SEED,
        commitment: commitment(SEED),
        salt: game.salt,
        drawId: 17,
        main: drawn.main,
        bonus: drawn.bonus,
      };
      expect(verifyDraw(game, record).verified).toBe(true);
      const tampered = { ...record, main: [...drawn.main.slice(1), drawn.main[0] === 1 ? 2 : 1] };
      expect(verifyDraw(game, tampered).numbersMatch).toBe(false);
      expect(verifyDraw(game, { ...record, commitment: commitment(SEED.replace('5f', '6f')) }).verified).toBe(
        false,
      );
      expect(verifyDraw(game, { ...record, drawId: 18 }).numbersMatch).toBe(false);
    }
  });

  it('reads the HMAC stream of the casino generator (same first numbers as FairRandom)', () => {
    const random = new FairRandom(
      new FairByteStream({ serverSeed: SEED, clientSeed: 'parlay-lotto-6of45', nonce: 3 }),
    );
    const order = random.drawDistinct(6, 45).map((n) => n + 1);
    expect(
      drawNumbers(LOTTO_6_OF_45, { serverSeed: SEED, salt: 'parlay-lotto-6of45', drawId: 3 }).order,
    ).toEqual(order);
  });

  it('schedules draws on multiples of the interval', () => {
    const from = Date.UTC(2026, 5, 1, 12, 2, 0);
    expect(nextDrawTimes(LOTTO_4_OF_20, from, 3)).toEqual([
      Date.UTC(2026, 5, 1, 12, 5),
      Date.UTC(2026, 5, 1, 12, 10),
      Date.UTC(2026, 5, 1, 12, 15),
    ]);
  });
});
