import type { ComponentProps } from 'react';
import styles from './Figures.module.css';

/**
 * Figures of a bet or a payment (stake, odds, possible win): a definition list whose terms are small
 * muted labels and whose values use tabular digits. A className sets the columns and the values' weight.
 */
export function Figures({ className, ...rest }: ComponentProps<'dl'>) {
  return <dl className={[styles.figures, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
