/**
 * The demo studio's own games, pure: a 3-reel slot and European roulette. The studio's randomness is
 * HMAC-SHA256(studio key, round id): unpredictable without the key, and the same for a repeated
 * request of one round, so a retried spin or a roulette result seen by several processes agrees
 * (and a retry's bet and win carry the same amounts, which the provider API answers as replays).
 */
import { createHmac } from 'node:crypto';

export const SLOT_CODE = 'demo-fruit-reels';
/** The same reels, paytable and randomness as SLOT_CODE under other art (fishing and Asian sections). */
export const KOI_SLOT_CODE = 'demo-koi-reels';
export const ROULETTE_CODE = 'demo-live-roulette';

export const SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
/** One reel's 20 stops (each reel the same strip). */
const STRIP: readonly SlotSymbol[] = [
  ...Array<SlotSymbol>(6).fill('cherry'),
  ...Array<SlotSymbol>(5).fill('lemon'),
  ...Array<SlotSymbol>(4).fill('bell'),
  ...Array<SlotSymbol>(3).fill('star'),
  ...Array<SlotSymbol>(2).fill('seven'),
];
export const STRIP_LENGTH = STRIP.length;
/** Three of a kind pays stake × this (the stake included); anything else pays nothing. */
export const SLOT_PAYS: Readonly<Record<SlotSymbol, bigint>> = {
  cherry: 8n,
  lemon: 12n,
  bell: 25n,
  star: 50n,
  seven: 150n,
};
export const SLOT_MAX_MULTIPLIER = 150n;

/** 32 bytes of the studio's randomness for a round. */
export function roundBytes(key: string, roundId: string): Buffer {
  return createHmac('sha256', key).update(roundId).digest();
}

/** The three stops from three 32-bit words (modulo bias < 2^-27, documented). */
export function slotStops(bytes: Buffer): [number, number, number] {
  return [0, 1, 2].map((i) => bytes.readUInt32BE(i * 4) % STRIP_LENGTH) as [number, number, number];
}

export function slotSymbols(stops: readonly number[]): SlotSymbol[] {
  return stops.map((s) => STRIP[s] as SlotSymbol);
}

export function slotMultiplier(symbols: readonly SlotSymbol[]): bigint {
  const [a, b, c] = symbols;
  return a !== undefined && a === b && b === c ? SLOT_PAYS[a] : 0n;
}

/** The exact return to player of the slot (all 20³ stops), as a fraction num/den. */
export function slotRtp(): { num: bigint; den: bigint } {
  let num = 0n;
  for (const a of STRIP) for (const b of STRIP) for (const c of STRIP) num += slotMultiplier([a, b, c]);
  return { num, den: BigInt(STRIP_LENGTH ** 3) };
}

// ---- European roulette: shared rounds every ROUND_MS, betting for the first BET_MS ----

export const ROUND_MS = 30_000;
export const BET_MS = 20_000;
export const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export const BET_KINDS = ['straight', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen'] as const;
export type RouletteBetKind = (typeof BET_KINDS)[number];
export interface RouletteBet {
  kind: RouletteBetKind;
  /** straight: 0–36; dozen: 1–3; otherwise absent. */
  number?: number;
}

export interface RouletteSchedule {
  round: number;
  startsAt: number;
  closesAt: number;
  endsAt: number;
}

export function roundAt(nowMs: number): RouletteSchedule {
  const round = Math.floor(nowMs / ROUND_MS);
  return scheduleOf(round);
}

export function scheduleOf(round: number): RouletteSchedule {
  const startsAt = round * ROUND_MS;
  return { round, startsAt, closesAt: startsAt + BET_MS, endsAt: startsAt + ROUND_MS };
}

/** The winning number of a shared round: the same in every process, known only to the studio's key. */
export function rouletteNumber(key: string, round: number): number {
  return roundBytes(key, `roulette:${round}`).readUInt32BE(0) % 37;
}

export function validBet(bet: RouletteBet): boolean {
  if (bet.kind === 'straight') return Number.isInteger(bet.number) && bet.number! >= 0 && bet.number! <= 36;
  if (bet.kind === 'dozen') return Number.isInteger(bet.number) && bet.number! >= 1 && bet.number! <= 3;
  return bet.number === undefined;
}

/** What the bet returns per unit staked (the stake included), 0 when it loses. */
export function rouletteMultiplier(bet: RouletteBet, n: number): bigint {
  switch (bet.kind) {
    case 'straight':
      return bet.number === n ? 36n : 0n;
    case 'dozen':
      return n !== 0 && Math.ceil(n / 12) === bet.number ? 3n : 0n;
    case 'red':
      return RED.has(n) ? 2n : 0n;
    case 'black':
      return n !== 0 && !RED.has(n) ? 2n : 0n;
    case 'odd':
      return n !== 0 && n % 2 === 1 ? 2n : 0n;
    case 'even':
      return n !== 0 && n % 2 === 0 ? 2n : 0n;
    case 'low':
      return n >= 1 && n <= 18 ? 2n : 0n;
    case 'high':
      return n >= 19 ? 2n : 0n;
  }
}
