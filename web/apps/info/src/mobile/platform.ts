/**
 * Which install instructions fit the visitor's browser. Parlay has no native app: the mobile pages
 * offer the installable web app (manifest + service worker served by the shell), through the browser's
 * own prompt where it has one (beforeinstallprompt: Chromium on Android and desktop) and by steps
 * where it has none (Safari on iPhone and iPad: Share → Add to Home Screen).
 */

export type InstallPlatform = 'ios' | 'android' | 'desktop';

/**
 * platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) …', 5) === 'ios'. iPadOS Safari
 * reports a Mac user agent, so a "Macintosh" with a touch screen counts as iOS.
 */
export function platformOf(userAgent: string, maxTouchPoints: number): InstallPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'desktop';
}

/** The install steps of each platform, in the order they are shown (the visitor's own first). */
export function platformOrder(first: InstallPlatform | null): InstallPlatform[] {
  const all: InstallPlatform[] = ['ios', 'android', 'desktop'];
  return first ? [first, ...all.filter((p) => p !== first)] : all;
}
