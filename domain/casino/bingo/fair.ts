/**
 * The fair randomness of a bingo game: a server seed committed (SHA-256) before buying opens and
 * revealed once the game is over, the client seed `bingo-balls.<room>` and the game's number as nonce.
 * Stream order: first the balls (a shuffle of every number), then the cards in purchase order.
 * Anyone with the seed reproduces both and replays the game with playBingo.
 */
import { FairByteStream } from '../fair/byte-stream.ts';
import { FairRandom } from '../fair/fair-random.ts';
import type { BingoVariant } from './cards.ts';
import { dealCards } from './cards.ts';
import { drawBalls } from './game.ts';

export function bingoRandom(
  serverSeed: string,
  room: string,
  game: number,
  purpose: 'balls' | 'cards',
): FairRandom {
  return new FairRandom(
    new FairByteStream({ serverSeed, clientSeed: `bingo-${purpose}.${room}`, nonce: game }),
  );
}

/** The game's ball order. */
export function gameBalls(variant: BingoVariant, serverSeed: string, room: string, game: number): number[] {
  return drawBalls(variant, bingoRandom(serverSeed, room, game, 'balls'));
}

/**
 * Cards for a purchase: nonce `game`, client seed `bingo-cards.<room>.<purchase>` so each purchase
 * has its own stream (purchases may commit in any order).
 */
export function purchaseCards(
  variant: BingoVariant,
  serverSeed: string,
  room: string,
  game: number,
  purchase: number,
  count: number,
): number[][] {
  const random = new FairRandom(
    new FairByteStream({ serverSeed, clientSeed: `bingo-cards.${room}.${purchase}`, nonce: game }),
  );
  return dealCards(variant, count, random);
}
