/**
 * Small line icons of the sports (one per catalogue slug), drawn with currentColor so they follow the
 * text colour in both themes. Inline SVG: no icon font and no emoji font needed. Decorative: the sport
 * name is always next to it, so the icon is hidden from screen readers.
 */
import type { ReactNode } from 'react';
import styles from './SportIcon.module.css';

const ball = <circle cx="12" cy="12" r="9" />;

const ICONS: Record<string, ReactNode> = {
  football: (
    <>
      {ball}
      <path d="M12 7.5l4 2.9-1.5 4.6h-5L8 10.4z" />
      <path d="M12 7.5V3.2M16 10.4l4-1.4M14.5 15l2.6 3.5M9.5 15l-2.6 3.5M8 10.4 4 9" />
    </>
  ),
  tennis: (
    <>
      {ball}
      <path d="M5.6 5.6c3.2 3.5 3.2 9.3 0 12.8M18.4 5.6c-3.2 3.5-3.2 9.3 0 12.8" />
    </>
  ),
  basketball: (
    <>
      {ball}
      <path d="M3 12h18M12 3v18M6 5.3c2.8 3.4 2.8 10 0 13.4M18 5.3c-2.8 3.4-2.8 10 0 13.4" />
    </>
  ),
  'ice-hockey': (
    <>
      <path d="M8 3l5.6 12.2a2 2 0 0 0 1.8 1.3H21" />
      <ellipse cx="6.5" cy="18" rx="3.5" ry="1.5" />
      <path d="M3 18v1.5C3 20.3 4.6 21 6.5 21s3.5-.7 3.5-1.5V18" />
    </>
  ),
  volleyball: (
    <>
      {ball}
      <path d="M12 3c-.8 4 .4 6.8 3.2 9M12 12c-3.4 1.4-6.4 1.2-8.8-.6M12 12c.6 3.6 2.6 6.2 5.4 7.2M7 4.6c2.6 1.6 4.4 4 5 7.4" />
    </>
  ),
  'table-tennis': (
    <>
      <circle cx="10" cy="10" r="6.5" />
      <path d="M14.6 14.6 20 20" />
      <circle cx="19" cy="5" r="2" />
    </>
  ),
  handball: (
    <>
      <path d="M3 20V5h18v15" />
      <path d="M3 9.5h18M3 14.5h18M8 5v15M16 5v15" opacity="0.55" />
      <circle cx="12" cy="17" r="3" />
    </>
  ),
  baseball: (
    <>
      {ball}
      <path d="M7.5 4.2c2.3 3.8 2.3 11.8 0 15.6M16.5 4.2c-2.3 3.8-2.3 11.8 0 15.6" />
      <path d="M6.6 8h2.2M7 12h2.3M6.6 16h2.2M15.2 8h2.2M14.7 12H17M15.2 16h2.2" />
    </>
  ),
  'american-football': (
    <>
      <ellipse cx="12" cy="12" rx="10" ry="6" transform="rotate(-45 12 12)" />
      <path d="M9 15l6-6M10 11.8l2.2 2.2M12 9.8l2.2 2.2" />
    </>
  ),
  cricket: (
    <>
      <path d="M3.5 20.5l3.2-3.2" />
      <path d="M6.7 17.3 15.4 8.6l2 2-8.7 8.7a1.4 1.4 0 0 1-2 0z" />
      <circle cx="18.5" cy="18.5" r="2.5" />
    </>
  ),
  mma: (
    <>
      <path d="M7 10V7a4 4 0 0 1 4-4h3a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H9a2 2 0 0 1-2-2z" />
      <path d="M7 10H5.5A1.5 1.5 0 0 0 4 11.5v.5a3 3 0 0 0 3 3M9 17v4h8v-4.6M11 7.5h4" />
    </>
  ),
  cs2: (
    <>
      <circle cx="12" cy="12" r="7" />
      <path d="M12 2v6M12 16v6M2 12h6M16 12h6" />
      <circle cx="12" cy="12" r="0.8" fill="currentColor" />
    </>
  ),
  'dota-2': (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
      <path d="M7.5 7.5l9 9M13.5 6.5h4v4M6.5 13.5v4h4" />
    </>
  ),
  'league-of-legends': (
    <>
      <path d="M12 2.5l8.2 4.75v9.5L12 21.5l-8.2-4.75v-9.5z" />
      <path d="M9.5 7.5v9h5.5" />
    </>
  ),
  valorant: (
    <>
      <path d="M3 5.5l9 13h4L7 5.5z" />
      <path d="M21 5.5l-6.2 8.5h-3.6L21 5.5z" />
    </>
  ),
  efootball: (
    <>
      <path d="M7 8h10a4 4 0 0 1 4 4v3.2a2.3 2.3 0 0 1-4 1.5L15.5 15h-7L7 16.7a2.3 2.3 0 0 1-4-1.5V12a4 4 0 0 1 4-4z" />
      <path d="M7.5 10.5v3.5M5.75 12.25h3.5" />
      <circle cx="16" cy="12" r="1.6" />
    </>
  ),
  'virtual-football': (
    <>
      <rect x="2.5" y="4" width="19" height="13" rx="2" />
      <path d="M8.5 21h7M12 17v4" />
      <circle cx="12" cy="10.5" r="3.5" />
      <path d="M12 7v2l1.7 1.2M12 9l-1.7 1.2" />
    </>
  ),
  'virtual-basketball': (
    <>
      <rect x="2.5" y="4" width="19" height="13" rx="2" />
      <path d="M8.5 21h7M12 17v4" />
      <circle cx="12" cy="10.5" r="3.5" />
      <path d="M8.5 10.5h7M12 7v7" />
    </>
  ),
};

/** Used for a sport without its own icon yet: a trophy cup. */
const FALLBACK = (
  <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 5.5H5v1.5a3 3 0 0 0 3 3M16 5.5h3v1.5a3 3 0 0 1-3 3M12 13v4M8.5 20.5h7M9.5 17h5v3.5h-5z" />
);

/** The sport slugs that have their own icon. */
export const SPORT_ICON_SLUGS = Object.keys(ICONS);

export interface SportIconProps {
  slug: string;
  /** Size in px (default 20). */
  size?: number;
  className?: string;
}

export function SportIcon({ slug, size = 20, className }: SportIconProps) {
  return (
    <svg
      className={[styles.icon, className ?? ''].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-sport-icon={slug in ICONS ? slug : 'fallback'}
    >
      {ICONS[slug] ?? FALLBACK}
    </svg>
  );
}
