/**
 * A TV draw's randomness: a server seed committed (SHA-256) when the draw is scheduled and revealed
 * once it is drawn, client seed `tv-<game>`, nonce the draw's number.
 */
import { FairByteStream } from '../fair/byte-stream.ts';
import { FairRandom } from '../fair/fair-random.ts';
import { drawLottery } from './fast-lottery.ts';
import { spinWheel } from './wheel.ts';

export type TvGame = 'wheel' | 'lottery';
export const TV_GAMES: readonly TvGame[] = ['wheel', 'lottery'];

/** The result of a draw: the wheel's segment index, or the lottery's six numbers. */
export function tvResult(game: TvGame, serverSeed: string, draw: number): number[] {
  const random = new FairRandom(new FairByteStream({ serverSeed, clientSeed: `tv-${game}`, nonce: draw }));
  return game === 'wheel' ? [spinWheel(random)] : drawLottery(random);
}
