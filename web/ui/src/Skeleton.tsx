import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** CSS length, e.g. "100%" or "120px". */
  width?: string;
  height?: string;
  className?: string;
}

/** A placeholder block shown instead of a spinner while content loads; hidden from assistive tech. */
export function Skeleton({ width = '100%', height = '1em', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, className ?? ''].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}
