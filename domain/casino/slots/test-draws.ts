/**
 * For the enumeration tests: a FairRandom that answers the given numbers in order, so a spin can be
 * played on chosen stops (int(n) returns u mod n for u below the rejection limit, so u = stop).
 */
import type { Uint32Source } from '../fair/byte-stream.ts';
import { FairRandom } from '../fair/fair-random.ts';

export function fixedDraws(values: readonly number[]): FairRandom {
  let next = 0;
  const source: Uint32Source = {
    nextUint32() {
      if (next >= values.length) throw new Error('fixedDraws ran out of values');
      return values[next++]!;
    },
  };
  return new FairRandom(source);
}

/** Every combination of one stop per strip, the first reel slowest. */
export function* everyStop(strips: readonly (readonly unknown[])[]): Generator<number[]> {
  const stops = strips.map(() => 0);
  for (;;) {
    yield stops.slice();
    let reel = strips.length - 1;
    while (reel >= 0 && stops[reel]! + 1 === strips[reel]!.length) {
      stops[reel] = 0;
      reel -= 1;
    }
    if (reel < 0) return;
    stops[reel]! += 1;
  }
}
