/**
 * A scratch card's view read safely: nine cells (a flat list or three rows), which of them make the
 * win, and the round's multiplier. Written against domain/casino/scratch/game.ts; the reader accepts
 * the cells as `cells`, `symbols` or `grid` so a renamed field does not blank the card.
 */
import type { Json, RoundView } from '../game-ui.ts';
import { list, multiplierText, numbers, record, text } from '../slot-shared/view-json.ts';

export const CELLS = 9;

export interface ScratchCardView {
  /** Nine symbol ids, row by row. */
  readonly cells: readonly string[];
  /** Indexes (0–8) of the cells that make the win. */
  readonly winning: readonly number[];
  readonly multiplier: string;
  /** The symbol that won, when the card names one. */
  readonly prizeSymbol: string | null;
}

function cellText(value: Json | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const fields = record(value);
  return text(fields.symbol, text(fields.id, ''));
}

export function readScratchView(round: RoundView | null): ScratchCardView {
  const view = record(round?.view);
  const raw = list(view.cells ?? view.symbols ?? view.grid);
  const cells = (raw.some(Array.isArray) ? raw.flatMap((row) => list(row)) : raw)
    .map(cellText)
    .slice(0, CELLS);
  let winning = numbers(view.winning ?? view.winningCells ?? view.matches ?? view.positions);
  if (winning.length === 0 && typeof view.prizeSymbol === 'string') {
    winning = cells.flatMap((cell, index) => (cell === view.prizeSymbol ? [index] : []));
  }
  return {
    cells,
    winning: winning.filter((index) => index >= 0 && index < CELLS),
    multiplier: multiplierText(view.multiplier),
    prizeSymbol:
      typeof view.prizeSymbol === 'string'
        ? view.prizeSymbol
        : typeof view.symbol === 'string'
          ? view.symbol
          : null,
  };
}
