/**
 * Routing in the browser: the same table and guards as the server render, evaluated on client-side
 * navigation with the session status and config the server embedded in the page state. A guard
 * redirect becomes a client navigation to its target; a 404, another layout or another language is a
 * full page load, so the server answers with the right status.
 */
import type { HostRoute } from '@parlay/mf/host.ts';
import { evaluateGuards } from './guards.ts';
import { matchRoute } from './match.ts';
import { PLATFORM_TYPE_PARAM, withQuery } from './redirects.ts';
import { DEFAULT_SHELL_CONFIG, GUEST_SESSION, type SessionStatus, type ShellConfig } from './site-config.ts';
import type { Layout } from './table.ts';

export interface ClientRoutingState {
  layout?: Layout;
  guardContext?: { session: SessionStatus; config: ShellConfig };
}

/** Client navigations start from a page of the site: the recharge-modal rule's "known page". */
const FROM_KNOWN_PAGE = true;

function guardOutcome(url: URL, state: ClientRoutingState) {
  const match = matchRoute(
    url.pathname,
    (state.guardContext?.config ?? DEFAULT_SHELL_CONFIG).language.languages,
  );
  if (!match) return { match, outcome: null };
  const outcome = evaluateGuards({
    match,
    search: url.search,
    session: state.guardContext?.session ?? GUEST_SESSION,
    config: state.guardContext?.config ?? DEFAULT_SHELL_CONFIG,
    fromKnownPage: FROM_KNOWN_PAGE,
  });
  return { match, outcome };
}

/** The micro-app to fetch for a client navigation, or null for a full page load. */
export function clientHostRoute(pathname: string, state: ClientRoutingState): HostRoute | null {
  const { match, outcome } = guardOutcome(new URL(pathname, 'http://local'), state);
  if (!match || outcome?.kind !== 'allow') return null;
  if ((match.route.layout ?? 'default') !== (state.layout ?? 'default')) return null;
  return { app: match.route.app, lng: match.lng };
}

/** Where a click on `href` should go after the guards: the guard's redirect target, else `href` itself. */
export function guardedHref(href: string, state: ClientRoutingState, origin: string): string {
  const url = new URL(href, origin);
  if (url.origin !== origin) return href;
  const { outcome } = guardOutcome(url, state);
  return outcome?.kind === 'redirect' ? new URL(outcome.location, origin).href : href;
}

/**
 * Apple tablets whose browser claims to be a Mac (iPadOS 13+ Safari): a Mac platform with several touch
 * points. The server cannot see this, so the shell checks it once at start. Returns the URL to move to
 * (same page with platform_type=mobile), or null.
 */
export function appleTabletRedirect(
  location: { pathname: string; search: string },
  navigator: { platform?: string; maxTouchPoints?: number; userAgent?: string },
): string | null {
  const macLike = navigator.platform === 'MacIntel' || /Macintosh/.test(navigator.userAgent ?? '');
  if (!macLike || (navigator.maxTouchPoints ?? 0) <= 1) return null;
  if (new URLSearchParams(location.search).has(PLATFORM_TYPE_PARAM)) return null;
  return location.pathname + withQuery(location.search, { [PLATFORM_TYPE_PARAM]: 'mobile' });
}
