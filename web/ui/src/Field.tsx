import type { HTMLAttributes } from 'react';
import styles from './Field.module.css';

export interface FieldProps extends HTMLAttributes<HTMLElement> {
  /** "label" when the field's text and control sit inside one label element. */
  as?: 'div' | 'label';
}

/**
 * A form field: its label above its control. The inputs and selects inside get the one control look
 * (tap-target height, strong border, page background); a className adds the page's own width and text.
 */
export function Field({ as: Tag = 'div', className, ...rest }: FieldProps) {
  return <Tag className={[styles.field, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
