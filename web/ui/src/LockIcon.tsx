/**
 * The padlock of suspended prices, markets and slip legs, drawn: an emoji depends on the device's
 * fonts (a colour picture on one phone, a box on another) and ignores the theme's text colour.
 */
import styles from './LockIcon.module.css';

export function LockIcon({ className }: { className?: string | undefined }) {
  return (
    <svg
      className={className ? `${styles.lock} ${className}` : styles.lock}
      viewBox="0 0 16 16"
      aria-hidden="true"
    >
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z" />
    </svg>
  );
}
