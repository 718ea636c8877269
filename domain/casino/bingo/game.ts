/**
 * A bingo game's outcome, found with per-card bitmasks: every number maps to the (card, cell)
 * pairs that hold it, a card is one 32-bit mask of its marked cells, and a ball touches only the
 * cards holding it. Lines are masks too: a touched cell checks the few lines through it, so a
 * ball costs O(cards holding it), not O(cards). Prize stages are claimed in order (line, two
 * lines, full house); every ball checks every stage still open, and all cards that meet a stage
 * on the ball it is first met share it (one ball may close more than one stage). The game ends
 * on the ball that closes the full house.
 */
import type { FairRandom } from '../fair/fair-random.ts';
import { BALLS, type BingoVariant, CARD_CELLS } from './cards.ts';

export type BingoStage = 'line' | 'two_lines' | 'full_house';
export const STAGES: readonly BingoStage[] = ['line', 'two_lines', 'full_house'];

function bits(cells: number[]): number {
  let m = 0;
  for (const c of cells) m |= 1 << c;
  return m >>> 0;
}

/** The lines of each variant: 75-ball rows, columns and both diagonals; 90-ball the three rows. */
export const LINES: Record<BingoVariant, readonly number[]> = {
  '75': [
    ...[0, 1, 2, 3, 4].map((r) => bits([0, 1, 2, 3, 4].map((c) => r * 5 + c))),
    ...[0, 1, 2, 3, 4].map((c) => bits([0, 1, 2, 3, 4].map((r) => r * 5 + c))),
    bits([0, 6, 12, 18, 24]),
    bits([4, 8, 12, 16, 20]),
  ],
  '90': [0, 1, 2].map((r) => bits(Array.from({ length: 9 }, (_, c) => r * 9 + c))),
};

/** The balls of a game in call order: a fair shuffle of 1 … 75 or 1 … 90. */
export function drawBalls(variant: BingoVariant, random: FairRandom): number[] {
  return random.drawDistinct(BALLS[variant], BALLS[variant]).map((n) => n + 1);
}

export interface StageWin {
  stage: BingoStage;
  /** How many balls had been called when the stage closed (1-based). */
  ball: number;
  /** Indexes into the cards, ascending. */
  cards: number[];
}

/** Marks balls on a room's cards and reports the stages each ball closes. */
export class BingoMarker {
  readonly variant: BingoVariant;
  readonly #masks: Uint32Array;
  readonly #full: Uint32Array;
  readonly #lines: Uint8Array;
  /** Per number: flat (card << 5 | cell) entries. */
  readonly #holders: Int32Array[];
  /** Per cell: indexes of the lines through it. */
  readonly #linesOf: number[][];
  #open = 0;
  #called = 0;

  constructor(variant: BingoVariant, cards: readonly (readonly number[])[]) {
    this.variant = variant;
    const n = cards.length;
    this.#masks = new Uint32Array(n);
    this.#full = new Uint32Array(n);
    this.#lines = new Uint8Array(n);
    const lines = LINES[variant];
    this.#linesOf = Array.from({ length: CARD_CELLS[variant] }, (_, cell) =>
      lines.flatMap((mask, i) => ((mask >>> cell) & 1 ? [i] : [])),
    );
    const counts = new Int32Array(BALLS[variant] + 1);
    for (const card of cards) for (const num of card) if (num !== 0) counts[num]! += 1;
    this.#holders = Array.from({ length: BALLS[variant] + 1 }, (_, num) => new Int32Array(counts[num]!));
    const fill = new Int32Array(BALLS[variant] + 1);
    cards.forEach((card, k) => {
      let full = 0;
      let free = 0;
      card.forEach((num, cell) => {
        if (variant === '75' || num !== 0) full |= 1 << cell;
        if (num === 0) {
          if (variant === '75') free |= 1 << cell;
          return;
        }
        this.#holders[num]![fill[num]!] = (k << 5) | cell;
        fill[num]! += 1;
      });
      this.#full[k] = full >>> 0;
      this.#masks[k] = free >>> 0;
    });
  }

  /** The balls called so far. */
  get called(): number {
    return this.#called;
  }

  /** Whether the full house has been won. */
  get finished(): boolean {
    return this.#open >= STAGES.length;
  }

  /** Marks one ball; returns the stages it closed (with their winning cards). */
  call(ball: number): StageWin[] {
    this.#called += 1;
    const holders = this.#holders[ball];
    if (!holders || this.finished) return [];
    const lines = LINES[this.variant];
    const touched: number[] = [];
    for (let i = 0; i < holders.length; i += 1) {
      const entry = holders[i]!;
      const k = entry >>> 5;
      const cell = entry & 31;
      const mask = (this.#masks[k]! | (1 << cell)) >>> 0;
      this.#masks[k] = mask;
      const full = this.#full[k]!;
      for (const li of this.#linesOf[cell]!) {
        // A line is complete when every cell of it that holds a number is marked.
        const line = (lines[li]! & full) >>> 0;
        if ((mask & line) >>> 0 === line) this.#lines[k]! += 1;
      }
      touched.push(k);
    }
    const wins: StageWin[] = [];
    while (!this.finished) {
      const stage = STAGES[this.#open]!;
      const cards = touched.filter((k) => this.#meets(k, stage)).sort((a, b) => a - b);
      if (cards.length === 0) break;
      wins.push({ stage, ball: this.#called, cards });
      this.#open += 1;
    }
    return wins;
  }

  #meets(k: number, stage: BingoStage): boolean {
    if (stage === 'line') return this.#lines[k]! >= 1;
    if (stage === 'two_lines') return this.#lines[k]! >= 2;
    return this.#masks[k] === this.#full[k];
  }

  /** The marked-cells mask of card k (bit i: cell i marked). */
  maskOf(k: number): number {
    return this.#masks[k]!;
  }
}

export interface BingoOutcome {
  /** How many balls are called (the ball that closes the full house; all balls with no cards). */
  ballsCalled: number;
  wins: StageWin[];
}

/** Plays the whole game: calls `balls` in order until the full house is won. */
export function playBingo(
  variant: BingoVariant,
  cards: readonly (readonly number[])[],
  balls: readonly number[],
): BingoOutcome {
  const marker = new BingoMarker(variant, cards);
  const wins: StageWin[] = [];
  if (cards.length === 0) return { ballsCalled: 0, wins };
  for (const ball of balls) {
    wins.push(...marker.call(ball));
    if (marker.finished) break;
  }
  return { ballsCalled: marker.called, wins };
}
