/** The plinko board's geometry (SVG units) and the ball's path through it, from the round's view. */
import { PLINKO, type PlinkoRisk } from '@parlay/domain/casino/plinko/definition.ts';

export const RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const ROWS = Array.from({ length: PLINKO.maxRows - PLINKO.minRows + 1 }, (_, i) => i + PLINKO.minRows);

export const WIDTH = 400;
const TOP = 24;
const BOTTOM_ROOM = 44;
export const HEIGHT = 380;

/** Horizontal distance between pegs on a board of `rows` rows. */
export function spacing(rows: number): number {
  return WIDTH / (rows + 2);
}

function rowHeight(rows: number): number {
  return (HEIGHT - TOP - BOTTOM_ROOM) / rows;
}

/** The pegs: row r (0 on top) has r + 3 of them, centred. */
export function pegs(rows: number): { x: number; y: number }[] {
  const gap = spacing(rows);
  const points: { x: number; y: number }[] = [];
  for (let row = 0; row < rows; row += 1) {
    const count = row + 3;
    for (let i = 0; i < count; i += 1) {
      points.push({ x: WIDTH / 2 + (i - (count - 1) / 2) * gap, y: TOP + row * rowHeight(rows) });
    }
  }
  return points;
}

/** Centre of slot k (0 … rows) under the last row. */
export function slotCentre(rows: number, slot: number): { x: number; y: number } {
  return { x: WIDTH / 2 + (slot - rows / 2) * spacing(rows), y: HEIGHT - BOTTOM_ROOM / 2 };
}

/**
 * The ball's way down as points: from above the top peg, bouncing off one peg per row (left 0,
 * right 1), into its slot. The horizontal offset after k rows is (rights − lefts) · spacing / 2.
 */
export function ballPoints(rows: number, path: readonly number[]): { x: number; y: number }[] {
  const gap = spacing(rows);
  const points = [{ x: WIDTH / 2, y: 4 }];
  let offset = 0;
  for (let row = 0; row < rows; row += 1) {
    points.push({ x: WIDTH / 2 + offset * (gap / 2), y: TOP + row * rowHeight(rows) - 9 });
    offset += path[row] === 1 ? 1 : -1;
  }
  const rights = path.filter((step) => step === 1).length;
  const slot = slotCentre(rows, rights);
  points.push({ x: slot.x, y: slot.y - 22 });
  return points;
}

/** The points as an SVG path (straight segments). */
export function pathOf(points: readonly { x: number; y: number }[]): string {
  return points
    .map((point, i) => `${i === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`)
    .join(' ');
}

/** Multipliers of the board's slots in hundredths. */
export function slotMultipliers(rows: number, risk: PlinkoRisk): number[] {
  const table = PLINKO.tables[risk]?.[rows];
  return table ? table.multipliersMilli.map((milli) => Math.floor(milli / 10)) : [];
}

/** A slot's heat 0–4 by how far it is from the centre (the colour of its box). */
export function slotHeat(rows: number, slot: number): number {
  const distance = Math.abs(slot - rows / 2) / (rows / 2);
  return Math.min(4, Math.floor(distance * 5));
}
