import type { ComponentProps } from 'react';
import styles from './Heading.module.css';

export interface HeadingProps extends ComponentProps<'h1'> {
  level: 1 | 2 | 3;
}

/** A section heading; pick the level by document outline, not by looks. */
export function Heading({ level, className, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  const classes = [styles.heading, styles[`level${level}`], className ?? ''].filter(Boolean).join(' ');
  return <Tag className={classes} {...rest} />;
}
