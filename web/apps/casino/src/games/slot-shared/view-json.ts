/**
 * Reading a round's view (JSON from the server, written by domain/casino/<game>/game.ts) without
 * trusting its shape: each reader answers a default instead of throwing, so a screen never breaks on
 * a field it does not know; the tests pin the shapes each screen expects.
 */
import type { Json } from '../game-ui.ts';

export type JsonRecord = { readonly [key: string]: Json };

export function record(value: Json | undefined): JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : {};
}

export function list(value: Json | undefined): readonly Json[] {
  return Array.isArray(value) ? value : [];
}

export function num(value: Json | undefined, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function text(value: Json | undefined, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export function bool(value: Json | undefined): boolean {
  return value === true;
}

export function numbers(value: Json | undefined): number[] {
  return list(value).filter((item): item is number => typeof item === 'number');
}

const FRACTION = /^(\d+)(?:\/(\d+))?$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * A multiplier as the views write it (exact fraction text "99/50", a whole "36", a decimal "1.98" or
 * a number) in hundredths, rounded down: 198 for "99/50". Unreadable → 0.
 */
export function multiplierCenti(value: Json | undefined): bigint {
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.floor(value * 100 + 1e-9));
  if (typeof value !== 'string') return 0n;
  const fraction = FRACTION.exec(value);
  if (fraction) {
    const denominator = BigInt(fraction[2] ?? '1');
    return denominator === 0n ? 0n : (BigInt(fraction[1]!) * 100n) / denominator;
  }
  if (DECIMAL.test(value)) {
    const [whole, part = ''] = value.split('.');
    return BigInt(whole!) * 100n + BigInt(`${part}00`.slice(0, 2));
  }
  return 0n;
}

/** Hundredths as text with two decimals ("1.98"); the × sign is the dictionary's. */
export function centiText(centi: bigint | number): string {
  const value = BigInt(centi);
  const whole = value / 100n;
  const part = (value % 100n).toString().padStart(2, '0');
  return `${whole}.${part}`;
}

/** A multiplier of a view as "1.98". */
export function multiplierText(value: Json | undefined): string {
  return centiText(multiplierCenti(value));
}

/** Hundredths in the page's language with two decimals ("68,26" in Russian). */
export function formatCenti(lng: string, centi: bigint | number): string {
  return new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(centi) / 100,
  );
}

/** An exact ratio (numerator/denominator, bigint) as hundredths rounded down. */
export function ratioCenti(ratio: { readonly numerator: bigint; readonly denominator: bigint }): bigint {
  return (ratio.numerator * 100n) / ratio.denominator;
}

/** A multiplier of a view as an exact fraction (numerator, denominator), or null when unreadable. */
export function ratioOf(value: Json | undefined): { numerator: bigint; denominator: bigint } | null {
  if (typeof value !== 'string') return null;
  const fraction = FRACTION.exec(value);
  if (!fraction) return null;
  const denominator = BigInt(fraction[2] ?? '1');
  return denominator === 0n ? null : { numerator: BigInt(fraction[1]!), denominator };
}

/** What `stakeMinor` pays back at a view's multiplier, rounded down like the server (payout.ts). */
export function payoutAt(stakeMinor: bigint, value: Json | undefined): bigint {
  const ratio = ratioOf(value);
  if (ratio) return (stakeMinor * ratio.numerator) / ratio.denominator;
  return (stakeMinor * multiplierCenti(value)) / 100n;
}
