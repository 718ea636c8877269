/**
 * Casino cashback rules (docs/cashback.md): weekly periods, VIP levels by lifetime casino turnover,
 * and the cashback of a period: rate × net loss, floored, at most the cap, nothing on a net win.
 */

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Basis points in 100 %. */
export const FULL_BP = 10_000;
/** The highest rate a level or the premium tier may have (50 %). */
export const MAX_RATE_BP = 5_000;
export const MAX_LEVELS = 20;

export interface CashbackLevel {
  level: number;
  name: string;
  /** Lifetime casino turnover (minor units) from which the level holds. */
  thresholdMinor: bigint;
  rateBp: number;
  capMinor: bigint;
}

export interface CashbackPeriod {
  start: Date;
  end: Date;
}

/** The weekly period holding `at`: Monday 00:00 UTC to the next Monday. cashbackPeriod(Wed) → Mon..Mon. */
export function cashbackPeriod(at: Date): CashbackPeriod {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const start = new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/**
 * The cashback of a period: floor(netLoss × rate / 10 000), at most the cap; 0 when the player
 * did not lose (netLoss ≤ 0), the rate or the cap is 0. cashbackAmount(100_000n, 1000, 5_000n) → 5_000n.
 */
export function cashbackAmount(netLossMinor: bigint, rateBp: number, capMinor: bigint): bigint {
  if (netLossMinor <= 0n || rateBp <= 0 || capMinor <= 0n) return 0n;
  const amount = (netLossMinor * BigInt(Math.min(rateBp, MAX_RATE_BP))) / BigInt(FULL_BP);
  return amount < capMinor ? amount : capMinor;
}

/** Levels in ascending order of level number (a copy). */
function ordered(levels: readonly CashbackLevel[]): CashbackLevel[] {
  return [...levels].sort((a, b) => a.level - b.level);
}

/** The level a lifetime turnover reaches: the highest whose threshold it meets (levels validated). */
export function levelFor(levels: readonly CashbackLevel[], turnoverMinor: bigint): CashbackLevel {
  const sorted = ordered(levels);
  let reached = sorted[0];
  if (!reached) throw new Error('no cashback levels');
  for (const level of sorted) if (level.thresholdMinor <= turnoverMinor) reached = level;
  return reached;
}

/** The level after `level`, or null at the top. */
export function nextLevel(levels: readonly CashbackLevel[], level: CashbackLevel): CashbackLevel | null {
  return ordered(levels).find((l) => l.level > level.level) ?? null;
}

/**
 * Progress from the current level's threshold to the next one's, in basis points (0–10 000);
 * 10 000 at the top level.
 */
export function levelProgressBp(
  turnoverMinor: bigint,
  current: CashbackLevel,
  next: CashbackLevel | null,
): number {
  if (!next) return FULL_BP;
  const span = next.thresholdMinor - current.thresholdMinor;
  if (span <= 0n) return FULL_BP;
  const done = turnoverMinor - current.thresholdMinor;
  if (done <= 0n) return 0;
  if (done >= span) return FULL_BP;
  return Number((done * BigInt(FULL_BP)) / span);
}

/**
 * Why a level table is not usable, or null: levels 1…n without gaps, level 1 from turnover 0,
 * thresholds rising with the level, rates 0–50 %, caps ≥ 0, names 1–40 characters.
 */
export function levelTableProblem(levels: readonly CashbackLevel[]): string | null {
  const sorted = ordered(levels);
  if (sorted.length === 0) return 'at least one level is needed';
  if (sorted.length > MAX_LEVELS) return `at most ${MAX_LEVELS} levels`;
  for (const [i, level] of sorted.entries()) {
    if (level.level !== i + 1) return `levels must be numbered 1 to ${sorted.length} without gaps`;
    if (level.name.length < 1 || level.name.length > 40)
      return `level ${level.level}: name of 1 to 40 characters`;
    if (!Number.isInteger(level.rateBp) || level.rateBp < 0 || level.rateBp > MAX_RATE_BP)
      return `level ${level.level}: rate from 0 to ${MAX_RATE_BP} basis points`;
    if (level.capMinor < 0n) return `level ${level.level}: the cap may not be negative`;
    const previous = sorted[i - 1];
    if (!previous && level.thresholdMinor !== 0n) return 'level 1 starts at turnover 0';
    if (previous && level.thresholdMinor <= previous.thresholdMinor)
      return `level ${level.level}: its threshold must be above level ${previous.level}'s`;
  }
  return null;
}

/** A period's casino money of one player from the ledger's totals by reason (minor units). */
export interface CasinoMoney {
  stakesMinor: bigint;
  winsMinor: bigint;
  /** Rolled-back bets paid back to the player. */
  refundsMinor: bigint;
  /** Rolled-back wins taken back from the player. */
  reclaimedMinor: bigint;
}

/** Turnover (stakes less refunded ones, ≥ 0) and net loss (what the player lost; negative: won). */
export function periodResult(money: CasinoMoney): { turnoverMinor: bigint; netLossMinor: bigint } {
  const turnover = money.stakesMinor - money.refundsMinor;
  return {
    turnoverMinor: turnover > 0n ? turnover : 0n,
    netLossMinor: money.stakesMinor + money.reclaimedMinor - money.winsMinor - money.refundsMinor,
  };
}
