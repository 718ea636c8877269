/**
 * The player's odds display format (global settings coefViewId; coupon-accounts §9 ids 0, 1, 2, 4, 5,
 * 6, 14, 15, 16), shared by every micro-app through the import map. Kept in the `coef_view_id` cookie
 * so the server render uses it; a change applies at once on every open view, without a reload.
 */

import { isOddsFormatId, type OddsFormatId } from '@parlay/domain/odds/formats.ts';

export const ODDS_VIEW_COOKIE = 'coef_view_id';
export const ODDS_VIEW_EVENT = 'parlay:odds-view';
/** A display format id: the domain's odds format ids (ODDS_FORMAT_IDS lists them). */
export type OddsViewId = OddsFormatId;
export const DEFAULT_ODDS_VIEW: OddsViewId = 0;
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The id in a cookie value, or the default: oddsViewFrom('2') === 2, oddsViewFrom('3') === 0. */
export function oddsViewFrom(value: string | null | undefined): OddsViewId {
  const id = Number(value);
  return value != null && isOddsFormatId(id) ? id : DEFAULT_ODDS_VIEW;
}

function cookieValue(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1] ?? '') : null;
}

let current: OddsViewId | null = null;
const listeners = new Set<(id: OddsViewId) => void>();

/** The format in force in this browser (the cookie), or the default on the server. */
export function getOddsView(): OddsViewId {
  if (typeof document === 'undefined') return DEFAULT_ODDS_VIEW;
  current ??= oddsViewFrom(cookieValue(ODDS_VIEW_COOKIE));
  return current;
}

export function subscribeOddsView(listener: (id: OddsViewId) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the format, stores it in the cookie and tells every view. */
export function setOddsView(id: OddsViewId): void {
  current = id;
  // biome-ignore lint/suspicious/noDocumentCookie: the server render reads the format from this cookie
  document.cookie = `${ODDS_VIEW_COOKIE}=${id}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
  for (const listener of listeners) listener(id);
  window.dispatchEvent(new CustomEvent(ODDS_VIEW_EVENT, { detail: { id } }));
}
