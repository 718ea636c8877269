/**
 * Route guards (coupon-accounts §5, site-shell §4-§6), one pure function of the matched route, the
 * session status and the site config, used by the server render and by client navigation. Order:
 * paths disabled in config and config-flagged routes (404) → ban → home-only → authentication →
 * guest-only → confirm-terms page → changed terms → recharge modal → bonus/offer swap.
 */
import type { RouteMatch } from './match.ts';
import type { SessionStatus, ShellConfig } from './site-config.ts';
import { BAN_PAGE_ROUTE, CONFIRM_TERMS_ROUTE, type Guard, routeById } from './table.ts';

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'redirect'; status: 301 | 302; location: string; reason: string }
  | { kind: 'not-found'; reason: string };

export interface GuardInput {
  match: RouteMatch;
  /** Query string of the request, "" or "?…". */
  search: string;
  session: SessionStatus;
  config: ShellConfig;
  /** The navigation comes from a page of this site (recharge-modal rule). */
  fromKnownPage: boolean;
}

export const RETURN_URL_PARAM = 'return-url';

const ALLOW: GuardOutcome = { kind: 'allow' };

export const isSignedIn = (session: SessionStatus) => session.userId !== null;
/** Spec: ban_level above 0 means banned. */
export const isBanned = (session: SessionStatus) => session.banLevel > 0;

/** Spec: deduce is allowed only at ban level 53 for ban version 1, otherwise 45. */
export function deduceBanLevel(banVersion: number): number {
  return banVersion === 1 ? 53 : 45;
}

/** A banned user may open the route: it allows banned users, or it is deduce at the deduce ban level. */
export function bannedMayOpen(guards: readonly Guard[], session: SessionStatus): boolean {
  if (guards.includes('banned-allowed')) return true;
  return guards.includes('banned-deduce') && session.banLevel === deduceBanLevel(session.banVersion);
}

/** features.disabledPaths: a listed path (without language) and everything under it answer 404. */
export function isDisabledPath(rest: string, disabledPaths: readonly string[]): boolean {
  const path = rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
  return disabledPaths.some((disabled) => {
    const base = disabled.length > 1 ? disabled.replace(/\/+$/, '') : disabled;
    return path === base || (base !== '/' && path.startsWith(`${base}/`));
  });
}

/** A same-site path to return to after login, or null when `value` could leave the site. */
export function safeReturnUrl(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  return value;
}

/** The login page with return-url pointing back to the guarded page. */
export function loginLocation(lng: string, returnTo: string): string {
  return `/${lng}/user/login?${RETURN_URL_PARAM}=${encodeURIComponent(returnTo)}`;
}

function configFlagBlocks(guards: readonly Guard[], config: ShellConfig): string | null {
  if (guards.includes('rules-route') && !config.isRulesRouteEnabled) return 'rules route disabled';
  if (guards.includes('registration-allowed') && !config.isRegistrationAllowed)
    return 'registration disabled';
  if (guards.includes('identification-shown') && !config.isShowIdentification) return 'identification hidden';
  if (guards.includes('payment-route') && !config.isPaymentRouteEnabled) return 'payment route disabled';
  return null;
}

function redirect(location: string, reason: string, status: 301 | 302 = 302): GuardOutcome {
  return { kind: 'redirect', status, location, reason };
}

function swapPromoPrefix(rest: string, to: 'bonus' | 'offer'): string {
  return rest.replace(/^\/(bonus|offer)\//, `/${to}/`);
}

function accessGuards(input: GuardInput): GuardOutcome {
  const { match, session, config, search } = input;
  const { guards } = match.route;
  const root = `/${match.lng}/`;
  const signedIn = isSignedIn(session);
  if (isBanned(session) && !bannedMayOpen(guards, session)) {
    return redirect(`/${match.lng}${routeById(BAN_PAGE_ROUTE).pattern}`, 'banned');
  }
  if (guards.includes('home-only') && !isBanned(session)) return redirect(root, 'home-only');
  const needsAuth =
    guards.includes('auth-required') || (guards.includes('payment-route') && config.isPaymentRouteAuthOnly);
  if (needsAuth && !signedIn)
    return redirect(loginLocation(match.lng, `/${match.lng}${match.rest}${search}`), 'auth');
  if (guards.includes('guest-only') && signedIn) {
    const back = safeReturnUrl(new URLSearchParams(search).get(RETURN_URL_PARAM));
    return redirect(back ?? root, 'guest-only');
  }
  const termsPending = signedIn && config.isTermsConfirmationEnabled && session.isTermsChanged;
  if (guards.includes('confirm-terms-page') && !termsPending) return redirect(root, 'terms not pending');
  if (termsPending && !guards.includes('terms-exempt')) {
    return redirect(`/${match.lng}${routeById(CONFIRM_TERMS_ROUTE).pattern}`, 'terms changed');
  }
  return ALLOW;
}

/** What to do with a matched route: allow it, redirect (with the reason, for logs) or answer 404. */
export function evaluateGuards(input: GuardInput): GuardOutcome {
  const { match, config, search } = input;
  const { guards } = match.route;
  if (isDisabledPath(match.rest, config.disabledPaths)) return { kind: 'not-found', reason: 'path disabled' };
  const flagged = configFlagBlocks(guards, config);
  if (flagged) return { kind: 'not-found', reason: flagged };
  const access = accessGuards(input);
  if (access.kind !== 'allow') return access;
  if (guards.includes('recharge-modal') && config.isRechargeModal && !input.fromKnownPage) {
    return redirect(`/${match.lng}/`, 'recharge modal');
  }
  if (guards.includes('promo-bonus') && config.isPromoBonusToOffer) {
    return redirect(`/${match.lng}${swapPromoPrefix(match.rest, 'offer')}${search}`, 'bonus to offer');
  }
  if (guards.includes('promo-offer') && !config.isPromoBonusToOffer) {
    return redirect(`/${match.lng}${swapPromoPrefix(match.rest, 'bonus')}${search}`, 'offer to bonus');
  }
  return ALLOW;
}
