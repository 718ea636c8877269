/**
 * Small rules of the shell's page behaviours: when the scroll-to-top button shows, when a new version
 * is out, when an ad blocker hid the bait element. Pure functions of what the browser measured.
 */

/** Mobile layout below 1100 px (DESIGN.md). */
export const MOBILE_MAX_WIDTH_PX = 1099.98;

export function isMobileWidth(widthPx: number): boolean {
  return widthPx <= MOBILE_MAX_WIDTH_PX;
}

/** Screens scrolled before the scroll-to-top button shows: 4 on mobile, 1 on desktop (site-shell §1). */
export function scrollTopThresholdScreens(mobile: boolean): number {
  return mobile ? 4 : 1;
}

/** scrollTopVisible(3000, 700, false) → true (more than one desktop screen down). */
export function scrollTopVisible(scrollY: number, viewportHeight: number, viewportWidth: number): boolean {
  if (viewportHeight <= 0) return false;
  return scrollY >= scrollTopThresholdScreens(isMobileWidth(viewportWidth)) * viewportHeight;
}

/** The version check starts 60 s after load (coupon-accounts §9) and then repeats every 5 minutes. */
export const VERSION_CHECK_START_MS = 60_000;
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/** A new version is out when the server names a different, non-empty build than the page was built with. */
export function isNewVersion(pageVersion: string | null, serverVersion: unknown): boolean {
  return (
    typeof pageVersion === 'string' &&
    pageVersion !== '' &&
    typeof serverVersion === 'string' &&
    serverVersion !== '' &&
    serverVersion !== pageVersion
  );
}

/** What the browser measured of the ad bait element; null when something removed it. */
export interface BaitMeasure {
  offsetHeight: number;
  display: string;
  visibility: string;
}

/** Ad blockers remove or hide elements that look like ads. */
export function baitBlocked(measure: BaitMeasure | null): boolean {
  if (!measure) return true;
  return measure.offsetHeight === 0 || measure.display === 'none' || measure.visibility === 'hidden';
}
