/**
 * The padlock of suspended prices, markets and slip legs, drawn: an emoji depends on the device's
 * fonts (a colour picture on one phone, a box on another) and ignores the theme's text colour.
 * One empty element painted through a CSS mask (the drawing is in LockIcon.module.css once), not an
 * inline SVG per use: a list with dozens of suspended prices carried the same path dozens of times.
 */
import styles from './LockIcon.module.css';

export function LockIcon({ className }: { className?: string | undefined }) {
  return <span className={className ? `${styles.lock} ${className}` : styles.lock} aria-hidden="true" />;
}
