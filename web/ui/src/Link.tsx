import type { ComponentProps } from 'react';
import styles from './Link.module.css';

/** An inline text link. Same-origin links are navigated client-side by the shell. */
export function Link({ className, ...rest }: ComponentProps<'a'>) {
  return <a className={[styles.link, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}

export interface NavLinkProps extends ComponentProps<'a'> {
  /** Marks the link as the current page (aria-current="page"). */
  active?: boolean;
}

/** A navigation link (header, menus): no underline, a marker when it is the current page. */
export function NavLink({ active = false, className, ...rest }: NavLinkProps) {
  return (
    <a
      className={[styles.navLink, className ?? ''].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
      {...rest}
    />
  );
}
