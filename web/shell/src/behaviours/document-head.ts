/**
 * The shell behaviours' part of the server-written document: the old-browser check, the installable
 * web app links, the build version (for the new-version notice) and the overlays' mount point.
 */
import { escapeHtml } from '@parlay/mf/html.ts';
import { PAGE_VERSION_META } from './boot-constants.ts';
import { WEB_APP_MANIFEST_PATH } from './platform-files.ts';

export interface PlatformHead {
  lng: string;
  theme: 'light' | 'dark';
  version: string;
  icons: readonly { size: number; src: string }[];
}

const THEME_COLORS = { dark: '#0e141b', light: '#f4f6f9' } as const;

/**
 * Browsers without ES modules or import maps cannot run the site: a tiny classic script (run by every
 * browser, before any module) sends them to /{lng}/oldbrowser. Evergreen browsers skip it in microseconds.
 */
export function oldBrowserScript(lng: string): string {
  return `<script>${oldBrowserCode(lng)}</script>`;
}

/** The old-browser check's code (the page's policy allows it by its hash). */
export function oldBrowserCode(lng: string): string {
  const target = JSON.stringify(`/${lng}/oldbrowser`);
  return (
    '(function(){var s=window.HTMLScriptElement;' +
    "if(s&&s.supports&&s.supports('module')&&s.supports('importmap'))return;" +
    `if(!/\\/oldbrowser\\/?$/.test(location.pathname))location.replace(${target});})();`
  );
}

export function platformHeadTags(head: PlatformHead): string[] {
  const touchIcon = [...head.icons].sort((a, b) => a.size - b.size).find((icon) => icon.size >= 152);
  return [
    oldBrowserScript(head.lng),
    `<meta name="theme-color" content="${THEME_COLORS[head.theme]}">`,
    `<meta name="${PAGE_VERSION_META}" content="${escapeHtml(head.version)}">`,
    `<link rel="manifest" href="${WEB_APP_MANIFEST_PATH}?lng=${escapeHtml(head.lng)}">`,
    ...(touchIcon ? [`<link rel="apple-touch-icon" href="${escapeHtml(touchIcon.src)}">`] : []),
  ];
}

/** Where the overlays (notifications, modals, notices, floating buttons) mount in the browser. */
export const OVERLAYS_MARKUP = '<div id="parlay-overlays"></div>';

/**
 * The overlays root with server-rendered content in it (the cookie banner of a visitor who has not
 * chosen yet): painted with the document instead of after the overlays chunk, which replaces it with
 * the same markup when it mounts (createRoot clears its container).
 */
export function overlaysMarkup(html: string): string {
  return html ? `<div id="parlay-overlays">${html}</div>` : OVERLAYS_MARKUP;
}
