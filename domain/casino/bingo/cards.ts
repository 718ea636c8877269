/**
 * Bingo cards from the provably fair stream. A 75-ball card is 5×5, columns B I N G O holding
 * 1–15, 16–30, 31–45, 46–60, 61–75, the centre free (0). A 90-ball ticket is 3×9 with five
 * numbers a row, column c holding c·10 … c·10+9 (1–9 in the first, 80–90 in the last), sold in
 * strips of six tickets that hold every number 1–90 exactly once. Cells are row-major; 0 is empty.
 */
import type { FairRandom } from '../fair/fair-random.ts';

export type BingoVariant = '75' | '90';

export const CARD_CELLS: Record<BingoVariant, number> = { '75': 25, '90': 27 };
export const BALLS: Record<BingoVariant, number> = { '75': 75, '90': 90 };

/** One 75-ball card: 25 cells, the centre (index 12) 0. */
export function card75(random: FairRandom): number[] {
  const cells = new Array<number>(25).fill(0);
  for (let col = 0; col < 5; col += 1) {
    const picked = random.drawDistinct(5, 15).map((n) => col * 15 + n + 1);
    for (let row = 0; row < 5; row += 1) cells[row * 5 + col] = picked[row]!;
  }
  cells[12] = 0;
  return cells;
}

function columnOf90(n: number): number {
  return n === 90 ? 8 : Math.floor(n / 10);
}

/** Every number of column c (9, 10 … 10, 11 numbers). */
function column90(c: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= 90; n += 1) if (columnOf90(n) === c) out.push(n);
  return out;
}

/**
 * Places a ticket's column counts into 3 rows of 5: columns taken from the fullest, each put in the
 * rows with the most room left (ties by a fair draw). Returns row sets of column indices or null.
 */
function layRows(counts: number[], random: FairRandom): number[][] | null {
  const room = [5, 5, 5];
  const rows: number[][] = [[], [], []];
  const order = counts.map((k, c) => ({ k, c, t: random.int(1 << 16) }));
  order.sort((a, b) => b.k - a.k || a.t - b.t);
  for (const { k, c } of order) {
    const pick = [0, 1, 2]
      .map((r) => ({ r, room: room[r]!, t: random.int(1 << 16) }))
      .sort((a, b) => b.room - a.room || a.t - b.t)
      .slice(0, k);
    for (const { r } of pick) {
      if (room[r]! <= 0) return null;
      room[r] = room[r]! - 1;
      rows[r]!.push(c);
    }
  }
  return room.every((x) => x === 0) ? rows : null;
}

/** A strip of six 90-ball tickets (27 cells each) covering 1–90 once. */
export function strip90(random: FairRandom): number[][] {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const columns = Array.from({ length: 9 }, (_, c) => random.shuffle(column90(c)));
    // Every ticket gets one number of every column; the rest go to tickets with room (≤ 3 a column).
    const counts = Array.from({ length: 6 }, () => new Array<number>(9).fill(1));
    let ok = true;
    for (let c = 0; c < 9 && ok; c += 1) {
      for (let extra = columns[c]!.length - 6; extra > 0; extra -= 1) {
        const open = [0, 1, 2, 3, 4, 5].filter((t) => counts[t]![c]! < 3 && sum(counts[t]!) < 15);
        if (open.length === 0) {
          ok = false;
          break;
        }
        // Prefer the tickets furthest from 15 so the last columns still find room.
        const least = Math.min(...open.map((t) => sum(counts[t]!)));
        const best = open.filter((t) => sum(counts[t]!) === least);
        const t = best[random.int(best.length)]!;
        counts[t]![c] = counts[t]![c]! + 1;
      }
    }
    if (!ok || counts.some((k) => sum(k) !== 15)) continue;
    const tickets: number[][] = [];
    const next = columns.map(() => 0);
    for (let t = 0; t < 6 && ok; t += 1) {
      const rows = layRows(counts[t]!, random);
      if (!rows) {
        ok = false;
        break;
      }
      const cells = new Array<number>(27).fill(0);
      for (let c = 0; c < 9; c += 1) {
        const k = counts[t]![c]!;
        const nums = columns[c]!.slice(next[c]!, next[c]! + k).sort((a, b) => a - b);
        next[c] = next[c]! + k;
        const rowsOf = [0, 1, 2].filter((r) => rows[r]!.includes(c));
        rowsOf.forEach((r, i) => {
          cells[r * 9 + c] = nums[i]!;
        });
      }
      tickets.push(cells);
    }
    if (ok) return tickets;
  }
  throw new Error('no strip laid out');
}

function sum(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

/** `count` cards of the variant (90-ball: whole strips, the last one cut). */
export function dealCards(variant: BingoVariant, count: number, random: FairRandom): number[][] {
  const cards: number[][] = [];
  if (variant === '75') {
    for (let i = 0; i < count; i += 1) cards.push(card75(random));
    return cards;
  }
  while (cards.length < count) cards.push(...strip90(random).slice(0, count - cards.length));
  return cards;
}

/** Whether `cells` is a well-formed card of the variant (used by tests and verifiers). */
export function isValidCard(variant: BingoVariant, cells: readonly number[]): boolean {
  if (cells.length !== CARD_CELLS[variant]) return false;
  const nums = cells.filter((n) => n !== 0);
  if (new Set(nums).size !== nums.length) return false;
  if (variant === '75') {
    if (cells[12] !== 0 || nums.length !== 24) return false;
    return cells.every((n, i) => i === 12 || (n >= (i % 5) * 15 + 1 && n <= (i % 5) * 15 + 15));
  }
  if (nums.length !== 15) return false;
  for (let r = 0; r < 3; r += 1) {
    if (cells.slice(r * 9, r * 9 + 9).filter((n) => n !== 0).length !== 5) return false;
  }
  for (let c = 0; c < 9; c += 1) {
    const col = [cells[c]!, cells[9 + c]!, cells[18 + c]!].filter((n) => n !== 0);
    if (col.length === 0) return false;
    if (col.some((n) => columnOf90(n) !== c)) return false;
    for (let i = 1; i < col.length; i += 1) if (col[i]! <= col[i - 1]!) return false;
  }
  return true;
}
