/**
 * The lotto games as data. A draw takes `main.drawn` distinct numbers of 1…`main.pool` (and, for a
 * game with a bonus ball, one number of 1…`bonus.pool`). A ticket picks `main.pick` numbers (a
 * system ticket more, up to `main.maxPick`, and with a bonus ball up to `bonus.maxPick` bonus
 * numbers) and plays every combination of `main.pick` of them, each at `priceMinor`.
 *
 * Draw games pay by tier: a tier is a number of main matches (and, with a bonus ball, whether the
 * bonus was hit, or null: either). A `fixed` tier pays its amount per winning combination; `pool`
 * and `jackpot` tiers share the pool — `fundBasisPoints` of the draw's sales, less the fixed
 * prizes — by `shareBasisPoints` (the shares sum to 10,000). The jackpot rolls over when unwon;
 * after `rolloverCap` rollovers in a row an unwon jackpot rolls down to the next pool tier with
 * winners (prizes.ts). A won jackpot pays at least `minimumJackpotMinor` (the house tops it up).
 *
 * Keno (`20of80`) is fixed odds: the player picks 1–10 numbers, 20 are drawn, and the paytable of
 * that pick count pays `priceMinor × multiplier` by the number of hits; no pool, no systems.
 */
export type LottoGameId = '6of45' | '5of36plus1' | '4of20' | '20of80';
export type TierKind = 'fixed' | 'pool' | 'jackpot';

export interface LottoTier {
  /** Stable id, e.g. '6', '5+1', '3'. */
  readonly id: string;
  readonly mainMatches: number;
  /** With a bonus ball: whether it must be hit (true), missed (false) or either (null). */
  readonly bonusMatch: boolean | null;
  readonly kind: TierKind;
  /** Fixed tiers: the prize per winning combination. */
  readonly prizeMinor?: bigint;
  /** Pool and jackpot tiers: the share of the pool, in basis points. */
  readonly shareBasisPoints?: number;
}

export interface NumberField {
  /** Numbers are 1…pool. */
  readonly pool: number;
  /** Numbers drawn per draw. */
  readonly drawn: number;
  /** Numbers one combination holds (keno: the fewest a player may pick). */
  readonly pick: number;
  /** Most numbers a ticket may hold (a system ticket when more than `pick`). */
  readonly maxPick: number;
}

interface GameBase {
  readonly id: LottoGameId;
  /** The currency tickets are sold and prizes paid in. */
  readonly currency: string;
  /** Price of one combination (keno: of one ticket). */
  readonly priceMinor: bigint;
  /** Seconds between draws; draws fall on multiples of it since the Unix epoch. */
  readonly intervalSeconds: number;
  /** Sales close this many seconds before the draw. */
  readonly salesCloseSeconds: number;
  /** Most consecutive draws one multi-draw ticket may play. */
  readonly maxDraws: number;
  /** The public salt of the provably fair draw (the client seed of the HMAC stream). */
  readonly salt: string;
  readonly main: NumberField;
}

export interface DrawGame extends GameBase {
  readonly kind: 'draw';
  readonly bonus: NumberField | null;
  readonly fundBasisPoints: number;
  readonly rolloverCap: number;
  /** A won jackpot pays at least this in all (the house tops the pool up; prizes.ts). */
  readonly minimumJackpotMinor: bigint;
  /** Best tier first. */
  readonly tiers: readonly LottoTier[];
}

export interface KenoGame extends GameBase {
  readonly kind: 'keno';
  readonly bonus: null;
  /** Multipliers in thousandths by picks (1…10), index = hits. */
  readonly paytable: Readonly<Record<number, readonly number[]>>;
}

export type LottoGame = DrawGame | KenoGame;

export const LOTTO_6_OF_45: DrawGame = {
  id: '6of45',
  kind: 'draw',
  currency: 'RUB',
  priceMinor: 100_00n,
  intervalSeconds: 24 * 3600,
  salesCloseSeconds: 600,
  maxDraws: 10,
  salt: 'parlay-lotto-6of45',
  main: { pool: 45, drawn: 6, pick: 6, maxPick: 12 },
  bonus: null,
  fundBasisPoints: 5000,
  rolloverCap: 10,
  minimumJackpotMinor: 1_000_000_00n,
  tiers: [
    { id: '6', mainMatches: 6, bonusMatch: null, kind: 'jackpot', shareBasisPoints: 4000 },
    { id: '5', mainMatches: 5, bonusMatch: null, kind: 'pool', shareBasisPoints: 3000 },
    { id: '4', mainMatches: 4, bonusMatch: null, kind: 'pool', shareBasisPoints: 3000 },
    { id: '3', mainMatches: 3, bonusMatch: null, kind: 'fixed', prizeMinor: 200_00n },
  ],
};

export const LOTTO_5_OF_36_PLUS_1: DrawGame = {
  id: '5of36plus1',
  kind: 'draw',
  currency: 'RUB',
  priceMinor: 80_00n,
  intervalSeconds: 3600,
  salesCloseSeconds: 300,
  maxDraws: 10,
  salt: 'parlay-lotto-5of36plus1',
  main: { pool: 36, drawn: 5, pick: 5, maxPick: 10 },
  bonus: { pool: 4, drawn: 1, pick: 1, maxPick: 4 },
  fundBasisPoints: 5000,
  rolloverCap: 8,
  minimumJackpotMinor: 300_000_00n,
  tiers: [
    { id: '5+1', mainMatches: 5, bonusMatch: true, kind: 'jackpot', shareBasisPoints: 5000 },
    { id: '5', mainMatches: 5, bonusMatch: false, kind: 'pool', shareBasisPoints: 3000 },
    { id: '4+1', mainMatches: 4, bonusMatch: true, kind: 'pool', shareBasisPoints: 2000 },
    { id: '4', mainMatches: 4, bonusMatch: false, kind: 'fixed', prizeMinor: 500_00n },
    { id: '3+1', mainMatches: 3, bonusMatch: true, kind: 'fixed', prizeMinor: 300_00n },
    { id: '3', mainMatches: 3, bonusMatch: false, kind: 'fixed', prizeMinor: 150_00n },
    { id: '2+1', mainMatches: 2, bonusMatch: true, kind: 'fixed', prizeMinor: 80_00n },
  ],
};

export const LOTTO_4_OF_20: DrawGame = {
  id: '4of20',
  kind: 'draw',
  currency: 'RUB',
  priceMinor: 50_00n,
  intervalSeconds: 300,
  salesCloseSeconds: 30,
  maxDraws: 10,
  salt: 'parlay-lotto-4of20',
  main: { pool: 20, drawn: 4, pick: 4, maxPick: 8 },
  bonus: null,
  fundBasisPoints: 5000,
  rolloverCap: 5,
  minimumJackpotMinor: 10_000_00n,
  tiers: [
    { id: '4', mainMatches: 4, bonusMatch: null, kind: 'jackpot', shareBasisPoints: 6000 },
    { id: '3', mainMatches: 3, bonusMatch: null, kind: 'pool', shareBasisPoints: 4000 },
    { id: '2', mainMatches: 2, bonusMatch: null, kind: 'fixed', prizeMinor: 50_00n },
  ],
};

export const KENO_20_OF_80: KenoGame = {
  id: '20of80',
  kind: 'keno',
  currency: 'RUB',
  priceMinor: 50_00n,
  intervalSeconds: 300,
  salesCloseSeconds: 30,
  maxDraws: 10,
  salt: 'parlay-lotto-20of80',
  main: { pool: 80, drawn: 20, pick: 1, maxPick: 10 },
  bonus: null,
  // RTP by picks (hypergeometric, checked in lotto.test.ts): 0.950, 0.921, 0.902, 0.885, 0.962,
  // 0.926, 0.915, 0.884, 0.888, 0.952.
  paytable: {
    1: [0, 3800],
    2: [0, 1000, 9000],
    3: [0, 0, 2500, 40000],
    4: [0, 0, 1500, 6000, 100000],
    5: [0, 0, 1000, 3000, 15000, 400000],
    6: [0, 0, 500, 1500, 8000, 50000, 1500000],
    7: [0, 0, 500, 1000, 4000, 20000, 100000, 5000000],
    8: [0, 0, 0, 1000, 3000, 10000, 50000, 500000, 10000000],
    9: [0, 0, 0, 1000, 2000, 5000, 20000, 150000, 1000000, 20000000],
    10: [1000, 0, 0, 0, 2000, 5000, 15000, 60000, 500000, 2000000, 50000000],
  },
};

export const LOTTO_GAMES: readonly LottoGame[] = [
  LOTTO_6_OF_45,
  LOTTO_5_OF_36_PLUS_1,
  LOTTO_4_OF_20,
  KENO_20_OF_80,
];

export function lottoGame(id: string): LottoGame | undefined {
  return LOTTO_GAMES.find((game) => game.id === id);
}

/** The numbers a draw's bit masks span (the widest game). */
export const MASK_BITS = 80;
