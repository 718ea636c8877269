/**
 * Marketing stops during a self-exclusion or time-out (issue 8). The player is signed out for the
 * whole period, so the server leaves its end in the parlay_marketing_off cookie (seconds since
 * epoch, set by the limits service with the exclusion) and the shell asks marketingAllowed before
 * it lets analytics or advertising counters run or shows promotional offers, whatever the consent.
 */

export const MARKETING_OFF_COOKIE = 'parlay_marketing_off';

/** The end (ms) of a marketing stop read from a Cookie header or document.cookie, or null. */
export function marketingOffUntilMs(cookieText: string): number | null {
  for (const part of cookieText.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== MARKETING_OFF_COOKIE || !value || !/^\d{1,12}$/.test(value)) continue;
    return Number(value) * 1000;
  }
  return null;
}

/**
 * Whether marketing may run now: the visitor's marketing consent, and no running exclusion.
 * marketingAllowed(true, 'parlay_marketing_off=2000000000', Date.now()) → false until 2033.
 */
export function marketingAllowed(consented: boolean, cookieText: string, nowMs: number): boolean {
  if (!consented) return false;
  const until = marketingOffUntilMs(cookieText);
  return until === null || nowMs >= until;
}

/** marketingAllowed for this page: reads document.cookie and the clock. */
export function marketingAllowedHere(consented: boolean): boolean {
  return marketingAllowed(consented, typeof document === 'undefined' ? '' : document.cookie, Date.now());
}
