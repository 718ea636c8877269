import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair/fair-random.ts';
import { SimulationSource } from '../fair/fast-source.ts';
import { commitment } from '../fair/seeds.ts';
import {
  BingoMarker,
  bingoPrizes,
  card75,
  dealCards,
  gameBalls,
  isValidCard,
  isValidPrizeTable,
  type PrizeTable,
  playBingo,
  potOf,
  purchaseCards,
  strip90,
} from './index.ts';

const SEED = 'a'.repeat(64);
const TABLE: PrizeTable = {
  potPercent: 85,
  shares: { line: 20, two_lines: 30, full_house: 50 },
  jackpotBalls: 45,
  jackpotMinor: 1000_00n,
};

const random = (seed: number) => new FairRandom(new SimulationSource(seed));

describe('bingo cards', () => {
  it('deals valid 75-ball cards with a free centre', () => {
    for (let s = 0; s < 200; s += 1) {
      const card = card75(random(s));
      expect(isValidCard('75', card)).toBe(true);
      expect(card[12]).toBe(0);
    }
  });

  it('lays out 90-ball strips: six valid tickets holding 1-90 once', () => {
    for (let s = 0; s < 200; s += 1) {
      const strip = strip90(random(s));
      expect(strip).toHaveLength(6);
      for (const t of strip) expect(isValidCard('90', t)).toBe(true);
      const all = strip
        .flat()
        .filter((n) => n !== 0)
        .sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    }
  });

  it('refuses malformed cards', () => {
    const card = card75(random(1));
    expect(isValidCard('75', [...card.slice(0, 24), 5])).toBe(false);
    const swapped = card.slice();
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(isValidCard('75', swapped)).toBe(false);
    expect(isValidCard('90', card)).toBe(false);
  });

  it('reproduces balls and cards from the revealed seed', () => {
    const balls = gameBalls('90', SEED, 'r90', 7);
    expect(balls.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(gameBalls('90', SEED, 'r90', 7)).toEqual(balls);
    expect(gameBalls('90', SEED, 'r90', 8)).not.toEqual(balls);
    expect(purchaseCards('75', SEED, 'r75', 3, 11, 4)).toEqual(purchaseCards('75', SEED, 'r75', 3, 11, 4));
    expect(commitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('bingo marker', () => {
  // A hand-made 75-ball card: rows hold 1..5 per column band.
  const card = [1, 16, 31, 46, 61, 2, 17, 32, 47, 62, 3, 18, 0, 48, 63, 4, 19, 34, 49, 64, 5, 20, 35, 50, 65];

  it('finds a line, two lines and the full house in order (table)', () => {
    const marker = new BingoMarker('75', [card]);
    expect(marker.call(1)).toEqual([]);
    expect(marker.call(16)).toEqual([]);
    expect(marker.call(31)).toEqual([]);
    expect(marker.call(46)).toEqual([]);
    expect(marker.call(61)).toEqual([{ stage: 'line', ball: 5, cards: [0] }]);
    // Column N through the free centre: 31, 32, 34, 35 (31 already called).
    expect(marker.call(32)).toEqual([]);
    expect(marker.call(34)).toEqual([]);
    expect(marker.call(35)).toEqual([{ stage: 'two_lines', ball: 8, cards: [0] }]);
    const rest = card.filter((n) => ![0, 1, 16, 31, 46, 61, 32, 34, 35].includes(n));
    const wins = rest.flatMap((n) => marker.call(n));
    expect(wins).toEqual([{ stage: 'full_house', ball: 24, cards: [0] }]);
    expect(marker.finished).toBe(true);
  });

  it('closes two stages on one ball and splits between simultaneous winners', () => {
    const other = card.slice();
    const marker = new BingoMarker('75', [card, other]);
    // Row 3 (index 2) and column N cross at the free centre: both complete on no single ball,
    // so build a cross: row 0 minus 31 and column N minus 31, then 31 closes both lines.
    for (const n of [1, 16, 46, 61, 32, 34, 35]) expect(marker.call(n)).toEqual([]);
    expect(marker.call(31)).toEqual([
      { stage: 'line', ball: 8, cards: [0, 1] },
      { stage: 'two_lines', ball: 8, cards: [0, 1] },
    ]);
  });

  it('agrees with a naive scan on random rooms', () => {
    for (let s = 0; s < 30; s += 1) {
      const variant = s % 2 === 0 ? '75' : '90';
      const cards = dealCards(variant, 40, random(s));
      const balls = gameBalls(variant, SEED, 'x', s);
      const outcome = playBingo(variant, cards, balls);
      // Naive: after each ball count complete rows/lines per card.
      const called = new Set<number>();
      const stagesOpen = ['line', 'two_lines', 'full_house'];
      const naive: { stage: string; ball: number; cards: number[] }[] = [];
      for (const ball of balls) {
        called.add(ball);
        const lineCount = cards.map((c) => naiveLines(variant, c, called));
        const full = cards.map((c) => c.every((n) => n === 0 || called.has(n)));
        while (stagesOpen.length > 0) {
          const stage = stagesOpen[0]!;
          const ks = cards
            .map((_, k) => k)
            .filter((k) =>
              stage === 'line' ? lineCount[k]! >= 1 : stage === 'two_lines' ? lineCount[k]! >= 2 : full[k],
            );
          if (ks.length === 0) break;
          naive.push({ stage, ball: called.size, cards: ks });
          stagesOpen.shift();
        }
        if (stagesOpen.length === 0) break;
      }
      expect(outcome.wins).toEqual(naive);
      expect(outcome.ballsCalled).toBe(naive.at(-1)!.ball);
    }
  });
});

function naiveLines(variant: '75' | '90', c: number[], called: Set<number>): number {
  const ok = (i: number) => c[i] === 0 || called.has(c[i]!);
  if (variant === '90') {
    return [0, 1, 2].filter((r) =>
      [...Array(9).keys()].every((col) => c[r * 9 + col] === 0 || called.has(c[r * 9 + col]!)),
    ).length;
  }
  const idx = [0, 1, 2, 3, 4];
  let n = 0;
  for (const r of idx) if (idx.every((col) => ok(r * 5 + col))) n += 1;
  for (const col of idx) if (idx.every((r) => ok(r * 5 + col))) n += 1;
  if (idx.every((i) => ok(i * 6))) n += 1;
  if (idx.every((i) => ok(4 + i * 4))) n += 1;
  return n;
}

describe('bingo prizes', () => {
  it('splits a stage between winners with the floor, remainder to the house (table)', () => {
    const prizes = bingoPrizes(1000n, TABLE, {
      ballsCalled: 60,
      wins: [
        { stage: 'line', ball: 10, cards: [0, 1, 2] },
        { stage: 'two_lines', ball: 20, cards: [1] },
        { stage: 'full_house', ball: 60, cards: [2, 3] },
      ],
    });
    // pot 850: line 170 → 56 each; two lines 255; full house 425 → 212 each; no jackpot (60 > 45).
    expect(prizes.map((p) => [p.stage, p.card, p.amountMinor])).toEqual([
      ['line', 0, 56n],
      ['line', 1, 56n],
      ['line', 2, 56n],
      ['two_lines', 1, 255n],
      ['full_house', 2, 212n],
      ['full_house', 3, 212n],
    ]);
  });

  it('adds the jackpot to a full house within the ball count', () => {
    const prizes = bingoPrizes(0n, TABLE, {
      ballsCalled: 45,
      wins: [{ stage: 'full_house', ball: 45, cards: [0, 1, 2] }],
    });
    expect(prizes).toEqual([0, 1, 2].map((card) => ({ stage: 'jackpot', card, amountMinor: 333_33n })));
  });

  it('never pays more than the pot share plus the jackpot (property, seeded)', () => {
    const gen = new SimulationSource(42);
    for (let i = 0; i < 300; i += 1) {
      const variant = i % 2 === 0 ? '75' : '90';
      const cardCount = 1 + (gen.nextUint32() % 30);
      const price = BigInt(1 + (gen.nextUint32() % 5000));
      const table: PrizeTable = {
        potPercent: gen.nextUint32() % 101,
        shares: {
          line: gen.nextUint32() % 34,
          two_lines: gen.nextUint32() % 34,
          full_house: gen.nextUint32() % 33,
        },
        jackpotBalls: gen.nextUint32() % 91,
        jackpotMinor: BigInt(gen.nextUint32() % 100000),
      };
      expect(isValidPrizeTable(table)).toBe(true);
      const cards = dealCards(variant, cardCount, random(i));
      const outcome = playBingo(variant, cards, gameBalls(variant, SEED, 'p', i));
      const sales = price * BigInt(cardCount);
      const paid = bingoPrizes(sales, table, outcome).reduce((a, p) => a + p.amountMinor, 0n);
      expect(paid).toBeLessThanOrEqual(potOf(sales, table) + table.jackpotMinor);
      expect(outcome.wins.map((w) => w.stage)).toEqual(['line', 'two_lines', 'full_house']);
    }
  });

  it('refuses a table whose shares exceed the pot', () => {
    expect(isValidPrizeTable({ ...TABLE, shares: { line: 50, two_lines: 30, full_house: 50 } })).toBe(false);
  });
});
