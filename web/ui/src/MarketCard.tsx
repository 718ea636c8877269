import { type ReactNode, useId, useState } from 'react';
import { LockIcon } from './LockIcon.tsx';
import styles from './MarketCard.module.css';

export interface MarketCardProps {
  title: string;
  /** Greyed with a lock: every price of the market is suspended. */
  suspended?: boolean;
  suspendedText?: string;
  defaultOpen?: boolean;
  /** Extra controls in the header (a favourite star…). */
  aside?: ReactNode;
  children: ReactNode;
  'data-market'?: string;
}

/** A collapsible market card of the game page: the title toggles its outcome grid. */
export function MarketCard({
  title,
  suspended = false,
  suspendedText,
  defaultOpen = true,
  aside,
  children,
  ...rest
}: MarketCardProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section
      className={[styles.card, suspended ? styles.suspended : ''].filter(Boolean).join(' ')}
      data-market={rest['data-market']}
    >
      <h3 className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          <span className={styles.chevron} aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className={styles.title}>{title}</span>
          {suspended && suspendedText ? (
            <span className={styles.badge}>
              <LockIcon /> {suspendedText}
            </span>
          ) : null}
        </button>
        {aside}
      </h3>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
