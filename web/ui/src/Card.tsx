import type { HTMLAttributes } from 'react';
import styles from './Card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'li' | 'article' | 'section';
}

/** A bordered surface grouping related content (subtle border, no shadow). */
export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={[styles.card, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
