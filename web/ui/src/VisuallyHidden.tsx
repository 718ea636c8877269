import type { ComponentProps } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for screen readers only (labels of icon-only controls, extra context). */
export function VisuallyHidden({ className, ...rest }: ComponentProps<'span'>) {
  return <span className={[styles.hidden, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
