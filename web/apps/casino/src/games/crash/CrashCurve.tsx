/**
 * The multiplier's curve of the round as SVG, scaled to fit, with the multiplier in big type. The
 * curve is the game's own growth law (domain/casino/crash multiplier.ts: the multiplier reaches c at
 * timeToReach(c) ms), so a reload mid-round draws the same curve from the multiplier alone.
 */
import { timeToReach } from '@parlay/domain/casino/crash/multiplier.ts';
import styles from './crash.module.css';
import { centiText } from './crash-state.ts';

const WIDTH = 600;
const HEIGHT = 300;
const PAD = 28;
const SAMPLES = 48;

/** The polyline's points up to `centi`, scaled to the view box (exported for tests). */
export function curvePath(centi: number): { points: string; maxMs: number; maxCenti: number } {
  const top = Math.max(100, centi);
  const endMs = timeToReach(top);
  const maxMs = Math.max(8_000, endMs * 1.1);
  const maxCenti = Math.max(200, Math.ceil((top * 1.15) / 50) * 50);
  const x = (ms: number) => PAD + (ms / maxMs) * (WIDTH - PAD * 2);
  const y = (c: number) => HEIGHT - PAD - ((c - 100) / (maxCenti - 100)) * (HEIGHT - PAD * 2);
  const points: string[] = [];
  for (let i = 0; i <= SAMPLES; i += 1) {
    // Even steps in time, each at the multiplier reached by then.
    const c = i === SAMPLES ? top : Math.round(100 * (top / 100) ** (i / SAMPLES));
    points.push(`${x(timeToReach(c)).toFixed(1)},${y(c).toFixed(1)}`);
  }
  return { points: points.join(' '), maxMs, maxCenti };
}

export function CrashCurve({
  running,
  multiplierCenti,
  crashed,
  label,
  caption,
}: {
  /** Whether the round has started (a curve is drawn). */
  readonly running: boolean;
  readonly multiplierCenti: number;
  readonly crashed: boolean;
  /** The accessible name of the picture (the current multiplier in words). */
  readonly label: string;
  /** Text under the big multiplier (countdown, "Crashed"). */
  readonly caption: string;
}) {
  const { points, maxCenti } = curvePath(running ? multiplierCenti : 100);
  const grid = [100, Math.round((100 + maxCenti) / 2), maxCenti];
  return (
    <div className={styles.curveBox}>
      <svg className={styles.curve} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {grid.map((centi) => {
          const y = HEIGHT - PAD - ((centi - 100) / (maxCenti - 100)) * (HEIGHT - PAD * 2);
          return (
            <g key={centi}>
              <line x1={PAD} x2={WIDTH - PAD} y1={y} y2={y} className={styles.gridLine} />
              <text x={4} y={y - 4} className={styles.gridText}>
                {centiText(centi)}×
              </text>
            </g>
          );
        })}
        {running && multiplierCenti > 100 ? (
          <polyline points={points} className={crashed ? styles.lineCrashed : styles.line} fill="none" />
        ) : null}
      </svg>
      <div className={styles.overlay} aria-hidden="true">
        <span className={crashed ? styles.bigCrashed : styles.big}>{centiText(multiplierCenti)}×</span>
        <span className={styles.caption}>{caption}</span>
      </div>
    </div>
  );
}
