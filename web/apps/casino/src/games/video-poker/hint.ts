/**
 * The best-hold hint: the positions to keep for the highest expected pay, from the domain's exact
 * counting (domain/casino/video-poker bestHold). Its first call builds the counting tables (one to
 * six seconds), so the screen runs it in a worker (hint.worker.ts through hint-client.ts).
 */

import { VIDEO_POKER } from '@parlay/domain/casino/video-poker/definition.ts';
import { bestHold } from '@parlay/domain/casino/video-poker/video-poker.ts';
import { type Card, cardNumber } from '../cards/card-model.ts';

/** Positions (0–4) to hold, or null when the hand is not five face-up cards. */
export function bestHoldHint(cards: readonly Card[]): number[] | null {
  const numbers = cards.map(cardNumber);
  if (numbers.length !== 5 || numbers.some((n) => n === null)) return null;
  const advice = bestHold(VIDEO_POKER, numbers as number[]);
  return advice.hold.flatMap((held, position) => (held ? [position] : []));
}
