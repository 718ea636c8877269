/** A number that climbs to its value over an animation (limbo's multiplier), or shows it at once. */
import { useEffect, useState } from 'react';

/**
 * The value to show now: from `from` to `to` over `durationMs` on an ease-out curve, `to` at once
 * when the duration is 0 or the run is not active.
 */
export function useCountUp(from: number, to: number, durationMs: number, active: boolean): number {
  const [shown, setShown] = useState(to);
  useEffect(() => {
    if (!active || durationMs <= 0 || typeof requestAnimationFrame === 'undefined') {
      setShown(to);
      return;
    }
    let frame = 0;
    const started = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      setShown(from + (to - from) * eased);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [from, to, durationMs, active]);
  return shown;
}
