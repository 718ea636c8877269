import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CashbackLevel,
  cashbackAmount,
  cashbackPeriod,
  levelFor,
  levelProgressBp,
  levelTableProblem,
  nextLevel,
  periodResult,
} from './cashback.ts';

const LEVELS: CashbackLevel[] = [
  { level: 1, name: 'Bronze', thresholdMinor: 0n, rateBp: 500, capMinor: 500_000n },
  { level: 2, name: 'Silver', thresholdMinor: 5_000_000n, rateBp: 700, capMinor: 1_500_000n },
  { level: 3, name: 'Gold', thresholdMinor: 25_000_000n, rateBp: 1000, capMinor: 5_000_000n },
];

describe('cashback periods', () => {
  it.each([
    ['2026-11-27T05:00:00Z', '2026-11-23T00:00:00.000Z'], // a Friday
    ['2026-11-23T00:00:00Z', '2026-11-23T00:00:00.000Z'], // Monday midnight starts its own week
    ['2026-11-22T23:59:59.999Z', '2026-11-16T00:00:00.000Z'], // Sunday's last instant
    ['2027-01-01T12:00:00Z', '2026-12-28T00:00:00.000Z'], // across the year
  ])('%s is in the week from %s', (at, start) => {
    const period = cashbackPeriod(new Date(at));
    expect(period.start.toISOString()).toBe(start);
    expect(period.end.getTime() - period.start.getTime()).toBe(7 * 86_400_000);
  });
});

describe('cashback amount', () => {
  it.each([
    [100_000n, 1000, 5_000n, 5_000n], // 10 % of 1 000.00 capped at 50.00
    [100_000n, 1000, 50_000n, 10_000n],
    [99n, 500, 1_000n, 4n], // floored
    [0n, 1000, 1_000n, 0n],
    [-5_000n, 1000, 1_000n, 0n], // a net win pays nothing
    [100_000n, 0, 1_000n, 0n],
    [100_000n, 1000, 0n, 0n],
  ])('net loss %s at %s bp with cap %s pays %s', (loss, rate, cap, paid) => {
    expect(cashbackAmount(loss, rate, cap)).toBe(paid);
  });

  it('is never above rate × loss nor the cap, never negative, 0 on a net win', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 5000 }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (loss, rate, cap) => {
          const paid = cashbackAmount(loss, rate, cap);
          expect(paid >= 0n).toBe(true);
          expect(paid <= cap).toBe(true);
          if (loss <= 0n) expect(paid).toBe(0n);
          else expect(paid * 10_000n <= loss * BigInt(rate)).toBe(true);
        },
      ),
    );
  });
});

describe('levels', () => {
  it.each([
    [0n, 1, 2, 0],
    [2_500_000n, 1, 2, 5000],
    [5_000_000n, 2, 3, 0],
    [24_999_999n, 2, 3, 9999],
    [25_000_000n, 3, null, 10_000],
    [10n ** 12n, 3, null, 10_000],
  ])('turnover %s is level %s (next %s, progress %s bp)', (turnover, level, next, progress) => {
    const current = levelFor(LEVELS, turnover);
    expect(current.level).toBe(level);
    const following = nextLevel(LEVELS, current);
    expect(following?.level ?? null).toBe(next);
    expect(levelProgressBp(turnover, current, following)).toBe(progress);
  });

  it('accepts the default table and names what is wrong with a bad one', () => {
    expect(levelTableProblem(LEVELS)).toBeNull();
    expect(levelTableProblem([])).toMatch(/at least one/);
    expect(levelTableProblem([{ ...LEVELS[0]!, thresholdMinor: 1n }])).toMatch(/turnover 0/);
    expect(levelTableProblem([LEVELS[0]!, LEVELS[2]!])).toMatch(/without gaps/);
    expect(levelTableProblem([LEVELS[0]!, { ...LEVELS[1]!, thresholdMinor: 0n }])).toMatch(/above level 1/);
    expect(levelTableProblem([{ ...LEVELS[0]!, rateBp: 5001 }])).toMatch(/rate/);
    expect(levelTableProblem([{ ...LEVELS[0]!, capMinor: -1n }])).toMatch(/cap/);
    expect(levelTableProblem([{ ...LEVELS[0]!, name: '' }])).toMatch(/name/);
  });
});

describe('period result', () => {
  it.each([
    [{ stakesMinor: 10_000n, winsMinor: 4_000n, refundsMinor: 0n, reclaimedMinor: 0n }, 10_000n, 6_000n],
    [{ stakesMinor: 10_000n, winsMinor: 14_000n, refundsMinor: 0n, reclaimedMinor: 0n }, 10_000n, -4_000n],
    [{ stakesMinor: 10_000n, winsMinor: 0n, refundsMinor: 3_000n, reclaimedMinor: 0n }, 7_000n, 7_000n],
    [{ stakesMinor: 1_000n, winsMinor: 5_000n, refundsMinor: 0n, reclaimedMinor: 5_000n }, 1_000n, 1_000n],
  ])('%o: turnover %s, net loss %s', (money, turnover, loss) => {
    expect(periodResult(money)).toEqual({ turnoverMinor: turnover, netLossMinor: loss });
  });
});
