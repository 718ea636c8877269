/**
 * Reads a Jacks or Better round's view (domain/casino/video-poker game.ts): while open `{ hand,
 * dealt }` (the five cards and the hand they make), once drawn `{ hand, dealt, hold, final, result,
 * pays }` — which cards were held, the final five and the paytable row they make.
 */
import { type Card, parseCards } from '../cards/card-model.ts';
import type { Json, RoundView } from '../game-ui.ts';

export interface PokerHand {
  readonly cards: readonly Card[];
  /** Positions held for the draw (after the draw: the ones that were held). */
  readonly held: readonly number[];
  /** The paytable row of the final hand (or of the dealt hand while open), null for nothing. */
  readonly rank: string | null;
  readonly open: boolean;
}

type Obj = { readonly [key: string]: Json };

function asObject(value: Json | undefined): Obj | null {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value)
    ? (value as Obj)
    : null;
}

/** Held positions from a list of indices or of five booleans. */
export function heldPositions(value: Json | undefined): number[] {
  if (!Array.isArray(value)) return [];
  if (value.every((item) => typeof item === 'boolean')) {
    return value.flatMap((item, index) => (item ? [index] : []));
  }
  return value.filter((item): item is number => typeof item === 'number' && item >= 0 && item < 5);
}

export function pokerHand(round: RoundView | null): PokerHand | null {
  const view = asObject(round?.view);
  if (!round || !view) return null;
  const open = round.status === 'open';
  const cardsValue = open
    ? (view.hand ?? view.cards ?? view.dealt)
    : (view.final ?? view.finalHand ?? view.hand ?? view.cards ?? view.drawn);
  // The domain names the hand made: `dealt` while open (the five dealt cards), `result` once drawn.
  const rankValue = open ? (view.dealt ?? view.rank ?? null) : (view.result ?? view.rank ?? null);
  return {
    cards: parseCards(cardsValue),
    held: heldPositions(view.held ?? view.holds ?? view.hold),
    rank: typeof rankValue === 'string' && rankValue !== 'nothing' && rankValue !== 'none' ? rankValue : null,
    open,
  };
}

/** Toggles a position in the hold set (kept sorted). */
export function toggleHold(held: readonly number[], position: number): number[] {
  const next = held.includes(position) ? held.filter((p) => p !== position) : [...held, position];
  return next.sort((a, b) => a - b);
}

/** The draw decision as the domain reads it: `{ type: 'hold', hold: [five booleans] }`. */
export function drawAction(held: readonly number[]): Json {
  return { type: 'hold', hold: [0, 1, 2, 3, 4].map((position) => held.includes(position)) };
}
