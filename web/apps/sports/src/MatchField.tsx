/**
 * The field of the match visualisation in SVG (no images), drawn in a 200 × 120 box with the home
 * side attacking to the right: a football pitch, a basketball, handball, volleyball or tennis court,
 * an ice-hockey rink, or a generic field for the other sports. Each court is drawn as its left half
 * and mirrored, so both ends are the same.
 */
import type { ReactNode } from 'react';
import styles from './MatchVisual.module.css';
import type { FieldKind } from './match-visual.ts';

export const FIELD = { x: 4, y: 4, width: 192, height: 112 } as const;
const MID_Y = FIELD.y + FIELD.height / 2;

function Mirrored({ children }: { children: ReactNode }) {
  return (
    <>
      <g>{children}</g>
      <g transform="translate(200 0) scale(-1 1)">{children}</g>
    </>
  );
}

const halfway = <line x1="100" y1={FIELD.y} x2="100" y2={FIELD.y + FIELD.height} className={styles.mark} />;

function PitchHalf() {
  return (
    <>
      <rect x={FIELD.x} y={MID_Y - 32} width="30" height="64" className={styles.mark} />
      <rect x={FIELD.x} y={MID_Y - 13} width="10" height="26" className={styles.mark} />
      <circle cx="25" cy={MID_Y} r="0.9" className={styles.spot} />
      <path d={`M 34 ${MID_Y - 10} A 13 13 0 0 1 34 ${MID_Y + 10}`} className={styles.mark} />
      <rect x="1" y={MID_Y - 7} width="3" height="14" className={styles.goal} />
    </>
  );
}

function BasketballHalf() {
  return (
    <>
      <rect x={FIELD.x} y={MID_Y - 16} width="36" height="32" className={styles.mark} />
      <circle cx="40" cy={MID_Y} r="11" className={styles.mark} />
      <path d={`M 4 16 L 22 16 A 46 46 0 0 1 22 104 L 4 104`} className={styles.mark} />
      <circle cx="12" cy={MID_Y} r="2.4" className={styles.hoop} />
    </>
  );
}

function HandballHalf() {
  return (
    <>
      <path d={`M 4 ${MID_Y - 34} A 34 34 0 0 1 4 ${MID_Y + 34}`} className={styles.mark} />
      <path d={`M 4 ${MID_Y - 48} A 48 48 0 0 1 4 ${MID_Y + 48}`} className={styles.dashed} />
      <rect x="1" y={MID_Y - 8} width="3" height="16" className={styles.goal} />
    </>
  );
}

function VolleyballHalf() {
  return <line x1="68" y1={FIELD.y} x2="68" y2={FIELD.y + FIELD.height} className={styles.mark} />;
}

function TennisHalf() {
  return (
    <>
      <line x1={FIELD.x} y1="18" x2="100" y2="18" className={styles.mark} />
      <line x1={FIELD.x} y1="102" x2="100" y2="102" className={styles.mark} />
      <line x1="52" y1="18" x2="52" y2="102" className={styles.mark} />
      <line x1="52" y1={MID_Y} x2="100" y2={MID_Y} className={styles.mark} />
    </>
  );
}

function RinkHalf() {
  return (
    <>
      <line x1="16" y1="8" x2="16" y2="112" className={styles.rinkRed} />
      <line x1="74" y1={FIELD.y} x2="74" y2={FIELD.y + FIELD.height} className={styles.rinkBlue} />
      <circle cx="38" cy="34" r="11" className={styles.rinkRed} />
      <circle cx="38" cy="86" r="11" className={styles.rinkRed} />
      <path d={`M 16 ${MID_Y - 7} A 7 7 0 0 1 16 ${MID_Y + 7}`} className={styles.rinkBlue} />
      <rect x="12" y={MID_Y - 4} width="4" height="8" className={styles.goal} />
    </>
  );
}

function GenericHalf() {
  return <line x1="71" y1={FIELD.y} x2="71" y2={FIELD.y + FIELD.height} className={styles.dashed} />;
}

const HALVES: Record<FieldKind, () => ReactNode> = {
  pitch: PitchHalf,
  basketball: BasketballHalf,
  handball: HandballHalf,
  volleyball: VolleyballHalf,
  tennis: TennisHalf,
  rink: RinkHalf,
  generic: GenericHalf,
};

/** The field's surface and markings, and `clipId`: its outline for what MatchVisual draws over it. */
export function MatchField({ kind, clipId }: { kind: FieldKind; clipId: string }) {
  const Half = HALVES[kind];
  const net = kind === 'volleyball' || kind === 'tennis';
  return (
    <>
      <clipPath id={clipId}>
        <rect {...FIELD} rx={kind === 'rink' ? 26 : 1.5} />
      </clipPath>
      <rect {...FIELD} rx={kind === 'rink' ? 26 : 1.5} className={styles.surface} data-field={kind} />
      <rect {...FIELD} rx={kind === 'rink' ? 26 : 1.5} className={styles.mark} />
      <Mirrored>
        <Half />
      </Mirrored>
      {net ? (
        <line x1="100" y1="1" x2="100" y2="119" className={styles.net} />
      ) : kind === 'rink' ? (
        <line x1="100" y1={FIELD.y} x2="100" y2={FIELD.y + FIELD.height} className={styles.rinkRed} />
      ) : (
        halfway
      )}
      {kind === 'pitch' || kind === 'rink' || kind === 'generic' || kind === 'handball' ? (
        <circle cx="100" cy={MID_Y} r={kind === 'pitch' ? 15 : 11} className={styles.mark} />
      ) : null}
    </>
  );
}
