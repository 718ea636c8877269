import type { ComponentProps } from 'react';
import styles from './Table.module.css';

/**
 * A data table (bet legs, receipts): full width, collapsed borders, rows divided by a subtle line,
 * muted column heads. A className adds the page's own columns and small-screen layout.
 */
export function Table({ className, ...rest }: ComponentProps<'table'>) {
  return <table className={[styles.table, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
