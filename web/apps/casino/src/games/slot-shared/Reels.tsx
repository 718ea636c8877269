/**
 * The reels of every in-house slot: a window of reels × rows symbols. While a spin runs each reel
 * shows its strip rolling by and stops one after another (CSS only, restarted per spin by `spinKey`);
 * once stopped, the winning positions light up and the paylines are drawn over the window.
 */
import type { CSSProperties } from 'react';
import styles from './Reels.module.css';
import { SlotSymbol } from './symbols.tsx';

export interface DrawnLine {
  /** The payline's index (its colour). */
  readonly line: number;
  /** [reel, row] through which the line is drawn, left to right. */
  readonly points: readonly (readonly [number, number])[];
}

export interface ReelsProps {
  /** grid[reel][row] */
  readonly grid: readonly (readonly string[])[];
  readonly reels: number;
  readonly rows: number;
  /** Per reel, symbols to roll by while spinning (the reel's strip). */
  readonly strips: readonly (readonly string[])[];
  readonly spinning: boolean;
  /** Changes with every spin so its animation starts again. */
  readonly spinKey: string;
  /** When the last reel stops, from the start of the spin (ms); 0 draws the stopped window. */
  readonly stopMs: number;
  /** "reel,row" of each winning position. */
  readonly highlight: ReadonlySet<string>;
  readonly lines: readonly DrawnLine[];
  readonly symbolName: (id: string) => string;
  readonly label: string;
}

/** A payline's colour, spread around the hue circle so neighbours differ. */
export function lineColour(line: number): string {
  return `hsl(${Math.round((line * 137.508 + 20) % 360)} 85% 55%)`;
}

export function Reels(props: ReelsProps) {
  const { grid, reels, rows, spinning, stopMs } = props;
  const rolling = spinning && stopMs > 0;
  return (
    <div
      className={styles.window}
      role="img"
      aria-label={props.label}
      style={{ '--reels': reels, '--rows': rows } as CSSProperties}
      data-spinning={rolling ? 'true' : 'false'}
    >
      {Array.from({ length: reels }, (_, reel) => {
        const stop = reels === 1 ? stopMs : Math.round(stopMs * (0.55 + (0.45 * reel) / (reels - 1)));
        const style = { '--stop': `${stop}ms` } as CSSProperties;
        const strip = props.strips[reel] ?? [];
        return (
          <div key={`${props.spinKey}-${reel}`} className={styles.reel} style={style}>
            {rolling ? (
              <div className={styles.strip} aria-hidden="true">
                {[...strip.slice(0, 8), ...strip.slice(0, 8)].map((symbol, index) => (
                  <span key={index} className={styles.stripCell}>
                    <SlotSymbol id={symbol} />
                  </span>
                ))}
              </div>
            ) : null}
            {Array.from({ length: rows }, (_, row) => {
              const symbol = grid[reel]?.[row] ?? '';
              const lit = !spinning && props.highlight.has(`${reel},${row}`);
              return (
                <span
                  key={row}
                  className={styles.cell}
                  data-landing={rolling ? 'true' : undefined}
                  data-lit={lit ? 'true' : undefined}
                  data-dim={!spinning && props.highlight.size > 0 && !lit ? 'true' : undefined}
                  title={props.symbolName(symbol)}
                >
                  <SlotSymbol id={symbol} />
                </span>
              );
            })}
          </div>
        );
      })}
      {!spinning && props.lines.length > 0 ? (
        <svg
          className={styles.lines}
          viewBox={`0 0 ${reels * 100} ${rows * 100}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {props.lines.map((drawn) => (
            <polyline
              key={drawn.line}
              points={drawn.points.map(([reel, row]) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
              stroke={lineColour(drawn.line)}
              className={styles.line}
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}
