/**
 * The sign-in page's address that brings the player back here afterwards (the shell's guard uses the
 * same `return-url` parameter, web/shell/src/routing/guards.ts). Only a path of this site is kept.
 */
export const RETURN_URL_PARAM = 'return-url';

/** `/en/user/login?return-url=%2Fen%2Fslots%2F…` for a path of this site (anything else: no return). */
export function loginHref(lng: string, returnPath: string | null | undefined): string {
  const base = `/${lng}/user/login`;
  if (!returnPath?.startsWith('/') || returnPath.startsWith('//')) return base;
  return `${base}?${RETURN_URL_PARAM}=${encodeURIComponent(returnPath)}`;
}

/** The current page's path and query in the browser (null on the server). */
export function currentPath(): string | null {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}` : null;
}
