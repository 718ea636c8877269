import type { ReactNode } from 'react';
import { Heading } from './Heading.tsx';
import styles from './PageFrame.module.css';

export interface Crumb {
  label: string;
  /** null for the current page. */
  href: string | null;
}

export interface BreadcrumbsProps {
  items: readonly Crumb[];
  /** Accessible name of the breadcrumb navigation (from the dictionary). */
  label: string;
}

/** Breadcrumbs: a labelled navigation list, the current page last and marked aria-current. */
export function Breadcrumbs({ items, label }: BreadcrumbsProps) {
  return (
    <nav className={styles.breadcrumbs} aria-label={label}>
      <ol className={styles.crumbs}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the trail is static for a page; labels can repeat
          <li key={index} className={styles.crumb}>
            {item.href ? (
              <a className={styles.crumbLink} href={item.href}>
                {item.label}
              </a>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export interface PageFrameProps {
  heading: string;
  breadcrumbs: readonly Crumb[];
  breadcrumbsLabel: string;
  children?: ReactNode;
  /** Extra attributes for end-to-end tests and styling hooks. */
  'data-route'?: string;
  'data-hydrated'?: string;
}

/** The frame of an area page: breadcrumbs, the page heading (h1), then the content. */
export function PageFrame({ heading, breadcrumbs, breadcrumbsLabel, children, ...data }: PageFrameProps) {
  return (
    <article className={styles.frame} {...data}>
      {breadcrumbs.length > 1 ? <Breadcrumbs items={breadcrumbs} label={breadcrumbsLabel} /> : null}
      <Heading level={1}>{heading}</Heading>
      {children}
    </article>
  );
}

export interface EmptyStateProps {
  title: string;
  text: string;
  /** A way on, e.g. back to sports. */
  action?: { label: string; href: string };
}

/** An honest empty state: what is missing and why, with a way on. */
export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <section className={styles.empty} aria-label={title}>
      <Heading level={2}>{title}</Heading>
      <p className={styles.emptyText}>{text}</p>
      {action ? (
        <a className={styles.emptyAction} href={action.href}>
          {action.label}
        </a>
      ) : null}
    </section>
  );
}
