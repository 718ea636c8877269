/**
 * Messages between the screen and the best-hold worker (hint.worker.ts): a request names the hand
 * by an id, the answer repeats the id with the positions to hold (or null for a hand that is not
 * five face-up cards).
 */
import type { Card } from '../cards/card-model.ts';
import { bestHoldHint } from './hint.ts';

export interface HintRequest {
  readonly id: number;
  readonly cards: readonly Card[];
}

export interface HintAnswer {
  readonly id: number;
  readonly hold: number[] | null;
  /** Set when the computation threw (the screen then says the hint is unavailable). */
  readonly failed?: true;
}

/** What the worker answers one request with. */
export function answerHint(request: HintRequest): HintAnswer {
  try {
    return { id: request.id, hold: bestHoldHint(request.cards) };
  } catch {
    return { id: request.id, hold: null, failed: true };
  }
}
