/**
 * Optimal holds and the exact RTP of video poker by integer counting.
 *
 * For a set X of cards, S(X) is the total pay of all 5-card hands that contain X. Holding H of the
 * dealt hand D and drawing 5 − |H| of the other cards reaches exactly the 5-card hands that contain
 * H and none of the discarded cards, so by inclusion–exclusion their total pay is
 * Σ over T ⊆ D∖H of (−1)^|T| · S(H ∪ T) — computed for all 32 holds at once by a Möbius transform
 * over the subsets of D. S is tabulated once for every set of 0–4 cards (indexed by the colex rank
 * of the set) in one pass over every hand; a set of 5 cards is its own hand. A hold's expectation is
 * its total over C(deck − 5, 5 − |H|), so each hand's best hold and the RTP are exact.
 *
 * Works on any deck of `deckSize` cards with any pay function, so a test can compare it with brute
 * force on a small deck.
 */
import { Ratio } from '../ratio.ts';

export interface PokerCounting {
  readonly deckSize: number;
  /** What a sorted 5-card hand pays (whole units). */
  readonly pays: (cards: readonly number[]) => number;
}

const HAND = 5;
const MASKS = 32;
const ALL = MASKS - 1;

/** Per mask of the five positions: how many are set and the highest one. */
const SIZE = new Uint8Array(MASKS);
const HIGHEST = new Int8Array(MASKS).fill(-1);
for (let mask = 1; mask < MASKS; mask += 1) {
  SIZE[mask] = SIZE[mask & (mask - 1)]! + 1;
  HIGHEST[mask] = 31 - Math.clz32(mask);
}

export class HoldCounter {
  readonly #deckSize: number;
  readonly #pays: (cards: readonly number[]) => number;
  /** choose[n · 6 + k] = C(n, k) for k ≤ 5. */
  readonly #choose: Float64Array;
  /** tables[k][colex rank] = S(set of k cards), k = 0 … 4. */
  readonly #tables: Float64Array[];
  /** Draws of each hold: C(deck − 5, 5 − held). */
  readonly #draws: Float64Array;
  readonly #ranks = new Float64Array(MASKS);
  readonly #totals = new Float64Array(MASKS);

  constructor(counting: PokerCounting) {
    const n = counting.deckSize;
    if (!Number.isInteger(n) || n < 10 || n > 64) throw new Error('a deck of 10 to 64 cards');
    this.#deckSize = n;
    this.#pays = counting.pays;
    this.#choose = new Float64Array((n + 1) * 6);
    for (let i = 0; i <= n; i += 1) {
      for (let k = 0; k <= HAND; k += 1) {
        this.#choose[i * 6 + k] = k === 0 ? 1 : i === 0 ? 0 : this.#c(i - 1, k - 1) + this.#c(i - 1, k);
      }
    }
    this.#draws = Float64Array.from({ length: MASKS }, (_, mask) => this.#c(n - HAND, HAND - SIZE[mask]!));
    this.#tables = Array.from({ length: HAND }, (_, k) => new Float64Array(this.#c(n, k)));
    const tables = this.#tables;
    const ranks = this.#ranks;
    this.#forEachHand((hand) => {
      const pay = this.#pays(hand);
      if (pay === 0) return;
      this.#rankSubsets(hand);
      for (let mask = 0; mask < ALL; mask += 1) tables[SIZE[mask]!]![ranks[mask]!]! += pay;
    });
  }

  #c(n: number, k: number): number {
    return this.#choose[n * 6 + k]!;
  }

  /** Every sorted 5-card hand of the deck (the array is reused). */
  #forEachHand(visit: (hand: number[]) => void): void {
    const n = this.#deckSize;
    const hand = [0, 0, 0, 0, 0];
    for (let a = 0; a < n; a += 1) {
      hand[0] = a;
      for (let b = a + 1; b < n; b += 1) {
        hand[1] = b;
        for (let c = b + 1; c < n; c += 1) {
          hand[2] = c;
          for (let d = c + 1; d < n; d += 1) {
            hand[3] = d;
            for (let e = d + 1; e < n; e += 1) {
              hand[4] = e;
              visit(hand);
            }
          }
        }
      }
    }
  }

  /** ranks[mask] = colex rank of the sub-set of the sorted hand picked by mask. */
  #rankSubsets(hand: readonly number[]): void {
    const ranks = this.#ranks;
    ranks[0] = 0;
    for (let mask = 1; mask < MASKS; mask += 1) {
      const top = HIGHEST[mask]!;
      ranks[mask] = ranks[mask ^ (1 << top)]! + this.#c(hand[top]!, SIZE[mask]!);
    }
  }

  /**
   * For a sorted hand of distinct cards: the total pay over the draws of every hold (index = mask
   * of held positions). The array is reused by the next call.
   */
  holdTotals(hand: readonly number[]): Float64Array {
    const totals = this.#totals;
    this.#rankSubsets(hand);
    for (let mask = 0; mask < ALL; mask += 1) totals[mask] = this.#tables[SIZE[mask]!]![this.#ranks[mask]!]!;
    totals[ALL] = this.#pays(hand);
    // Möbius transform over supersets: totals[m] = Σ_{t ⊆ ~m} (−1)^|t| S(m ∪ t).
    for (let bit = 1; bit < MASKS; bit <<= 1) {
      for (let mask = 0; mask < MASKS; mask += 1) if (!(mask & bit)) totals[mask]! -= totals[mask | bit]!;
    }
    return totals;
  }

  /** How many equally likely draws a hold has. */
  draws(mask: number): number {
    return this.#draws[mask]!;
  }

  /** The best hold of a sorted hand (mask; ties go to the lower mask), with its total and draws. */
  bestHold(hand: readonly number[]): { mask: number; total: number; draws: number } {
    const totals = this.holdTotals(hand);
    const draws = this.#draws;
    let best = 0;
    for (let mask = 1; mask < MASKS; mask += 1) {
      // totals[m] / draws[m] > totals[best] / draws[best]; both products stay below 2^53.
      if (totals[mask]! * draws[best]! > totals[best]! * draws[mask]!) best = mask;
    }
    return { mask: best, total: totals[best]!, draws: draws[best]! };
  }

  /** The exact RTP under optimal holds: the mean over every dealt hand of its best hold's expectation. */
  rtp(): Ratio {
    // Totals of the best holds, by how many cards they draw (0 … 5); each sum stays below 2^53.
    const byDrawn = new Float64Array(HAND + 1);
    let hands = 0;
    this.#forEachHand((hand) => {
      const { mask, total } = this.bestHold(hand);
      byDrawn[HAND - SIZE[mask]!]! += total;
      hands += 1;
    });
    let sum = Ratio.ZERO;
    byDrawn.forEach((total, drawn) => {
      if (!Number.isSafeInteger(total)) throw new Error('count beyond exact integers');
      sum = sum.plus(new Ratio(BigInt(total), BigInt(this.#c(this.#deckSize - HAND, drawn))));
    });
    return sum.times(new Ratio(1n, BigInt(hands)));
  }
}
