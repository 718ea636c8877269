import { type ComponentProps, useEffect, useState } from 'react';
import { LockIcon } from './LockIcon.tsx';
import styles from './OddsButton.module.css';

export type OddsMove = { dir: 'up' | 'down'; atMs: number };

/** How long a price move stays marked (DESIGN.md: 3 s). */
export const ODDS_MOVE_MS = 3000;

export interface OddsButtonProps extends Omit<ComponentProps<'button'>, 'onClick' | 'children'> {
  /** Short label on the button ("1", "X", "O 2.5"); omitted when a column header says it. */
  label?: string;
  /** The price in the player's format. */
  price: string;
  /** Full accessible name of the outcome ("Home win"); the price is added to it. */
  name: string;
  state: 'open' | 'suspended' | 'resulted';
  selected: boolean;
  /** The latest price move; marked for 3 s after atMs. */
  move?: OddsMove | null | undefined;
  /** Word read out for a suspended price ("suspended"). */
  suspendedText: string;
  onToggle: () => void;
}

function useRecentMove(move: OddsMove | null | undefined): OddsMove['dir'] | null {
  const [shown, setShown] = useState<OddsMove['dir'] | null>(null);
  const atMs = move?.atMs ?? 0;
  const dir = move?.dir ?? null;
  useEffect(() => {
    if (!dir) return;
    const left = ODDS_MOVE_MS - (Date.now() - atMs);
    if (left <= 0) return;
    setShown(dir);
    const timer = setTimeout(() => setShown(null), left);
    return () => clearTimeout(timer);
  }, [dir, atMs]);
  return shown;
}

/**
 * The price button (DESIGN.md "Odds buttons"): fixed width, tabular figures, selected, up/down for 3 s,
 * suspended greyed with a lock and not clickable. aria-pressed tells the selection.
 */
export function OddsButton({
  label,
  price,
  name,
  state,
  selected,
  move,
  suspendedText,
  onToggle,
  className,
  ...rest
}: OddsButtonProps) {
  const shownMove = useRecentMove(move);
  const locked = state !== 'open';
  const classes = [styles.odds, selected ? styles.selected : '', locked ? styles.locked : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={selected}
      aria-label={locked ? `${name}, ${suspendedText}` : `${name}, ${price}`}
      disabled={locked}
      data-state={state}
      data-move={shownMove ?? undefined}
      onClick={onToggle}
      {...rest}
    >
      {label ? <span className={styles.label}>{label}</span> : null}
      <span className={styles.price}>{locked ? <LockIcon /> : price}</span>
      {shownMove && !locked ? (
        <span className={styles.arrow} aria-hidden="true">
          {shownMove === 'up' ? '▲' : '▼'}
        </span>
      ) : null}
    </button>
  );
}

/** An empty slot of the same size, where a market has no such outcome (the X of a two-way market). */
export function OddsPlaceholder() {
  return <span className={styles.placeholder} aria-hidden="true" />;
}
