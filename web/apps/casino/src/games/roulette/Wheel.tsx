/** The European wheel drawn in SVG; it turns so the winning pocket stops under the pointer. */
import { useEffect, useRef, useState } from 'react';
import styles from './Roulette.module.css';
import { pocketColour, WHEEL_ORDER } from './table-model.ts';

const STEP = 360 / WHEEL_ORDER.length;
const R_OUTER = 96;
const R_INNER = 70;

function wedge(index: number): string {
  const from = ((index - 0.5) * STEP - 90) * (Math.PI / 180);
  const to = ((index + 0.5) * STEP - 90) * (Math.PI / 180);
  const point = (r: number, a: number) =>
    `${(100 + r * Math.cos(a)).toFixed(2)} ${(100 + r * Math.sin(a)).toFixed(2)}`;
  return `M ${point(R_INNER, from)} L ${point(R_OUTER, from)} A ${R_OUTER} ${R_OUTER} 0 0 1 ${point(R_OUTER, to)} L ${point(R_INNER, to)} A ${R_INNER} ${R_INNER} 0 0 0 ${point(R_INNER, from)} Z`;
}

/** The wheel's turn that brings `pocket` to the top, a few full turns past the last one. */
export function wheelTurn(previous: number, pocket: number): number {
  const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
  const goal = -index * STEP;
  const base = previous - (((previous % 360) + 360) % 360) - 3 * 360;
  return base + (((goal % 360) + 360) % 360);
}

export function Wheel({
  pocket,
  spinning,
  label,
}: {
  readonly pocket: number | null;
  readonly spinning: boolean;
  readonly label: string;
}) {
  const [turn, setTurn] = useState(() => (pocket === null ? 0 : wheelTurn(0, pocket) + 3 * 360));
  const last = useRef(pocket);
  useEffect(() => {
    if (pocket === null || (pocket === last.current && !spinning)) return;
    last.current = pocket;
    setTurn((previous) => wheelTurn(previous, pocket));
  }, [pocket, spinning]);
  return (
    <figure className={styles.wheel} aria-label={label}>
      <svg viewBox="0 0 200 200" role="img" aria-label={label}>
        <circle cx="100" cy="100" r="99" className={styles.rim} />
        <g className={styles.turning} style={{ transform: `rotate(${turn}deg)` }}>
          {WHEEL_ORDER.map((n, index) => (
            <g key={n}>
              <path d={wedge(index)} className={styles.pocket} data-colour={pocketColour(n)} />
              <text
                x="100"
                y={100 - (R_OUTER + R_INNER) / 2 + 3}
                className={styles.pocketNumber}
                transform={`rotate(${index * STEP} 100 100)`}
              >
                {n}
              </text>
            </g>
          ))}
          <circle cx="100" cy="100" r={R_INNER} className={styles.bowl} />
          {[0, 45, 90, 135].map((angle) => (
            <rect
              key={angle}
              x="97"
              y="40"
              width="6"
              height="120"
              rx="3"
              className={styles.spoke}
              transform={`rotate(${angle} 100 100)`}
            />
          ))}
          <circle cx="100" cy="100" r="16" className={styles.hub} />
        </g>
        <path d="M100 14 l-7 -12 h14 z" className={styles.pointer} />
        {pocket !== null && !spinning ? (
          <circle cx="100" cy={100 - R_INNER + 6} r="5" className={styles.ball} />
        ) : null}
      </svg>
      {pocket !== null && !spinning ? (
        <figcaption className={styles.pocketShown} data-colour={pocketColour(pocket)}>
          {pocket}
        </figcaption>
      ) : null}
    </figure>
  );
}
