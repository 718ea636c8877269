/** Small SVG icons of the visualisation's events (decorative: the event's words sit beside them). */

import styles from './MatchVisual.module.css';
import type { PlayEventType } from './match-visual.ts';

const SHAPES: Record<PlayEventType, React.ReactNode> = {
  goal: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5 L11 6.7 L9.9 10.2 H6.1 L5 6.7 Z" className={styles.iconFill} />
    </>
  ),
  point: <circle cx="8" cy="8" r="4.5" className={styles.iconFill} />,
  shot: (
    <>
      <circle cx="8" cy="8" r="6" />
      <circle cx="8" cy="8" r="2.5" />
    </>
  ),
  dangerous_attack: (
    <>
      <path d="M8 1.8 L14.5 13.5 H1.5 Z" />
      <line x1="8" y1="6" x2="8" y2="9.5" />
      <circle cx="8" cy="11.6" r="0.5" />
    </>
  ),
  corner: (
    <>
      <line x1="4" y1="15" x2="4" y2="1.5" />
      <path d="M4 2 L12.5 4.5 L4 7.5 Z" className={styles.iconFill} />
    </>
  ),
  card: <rect x="4.5" y="2" width="7" height="11" rx="1" className={styles.iconCard} />,
  period_start: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5 V8 L10.5 9.5" />
    </>
  ),
  period_end: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5 V8 H4.5" />
    </>
  ),
};

function Icon({ size, children, type }: { size: number; children: React.ReactNode; type?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={styles.icon}
      data-type={type}
    >
      {children}
    </svg>
  );
}

export function EventIcon({ type }: { type: PlayEventType }) {
  return (
    <Icon size={14} type={type}>
      {SHAPES[type]}
    </Icon>
  );
}

/** A camera struck through: no video stream. */
export function NoStreamIcon() {
  return (
    <Icon size={16}>
      <rect x="1.5" y="4" width="9" height="8" rx="1.5" />
      <path d="M10.5 7 L14.5 5 V11 L10.5 9" />
      <line x1="1.5" y1="14.5" x2="14.5" y2="1.5" />
    </Icon>
  );
}
