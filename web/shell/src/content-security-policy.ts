/**
 * The site's Content-Security-Policy, one definition for the server's answers (server/src/platform/
 * security-headers.ts) and the shell's pages. Scripts come from the site itself; a page's inline
 * scripts (the import map, the old-browser check, the cookie banner's early-press script, fragment
 * code) are allowed one by one by the SHA-256 of their text, which the shell computes as it writes
 * them (document.ts), so an injected script never runs. A hash, not a nonce: a guest's page is
 * micro-cached and served to many visitors, and a nonce sent twice is no nonce. Styles may be
 * inline (React style attributes, fragment <style> blocks): CSS cannot run script.
 * Server-only (node:crypto).
 */
import { createHash } from 'node:crypto';

export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Operator pictures (banners, logos) may live on any https host; the captcha is a data: image.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // 'self' covers the site's own ws:/wss: (/ws) too.
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** 'sha256-…' of a script's text (what the browser hashes: the element's text, UTF-8). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy header, with the page's inline scripts (their hashes) allowed beside 'self'. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => {
      const all = name === 'script-src' ? [...sources, ...new Set(scriptHashes)] : sources;
      return `${name} ${all.join(' ')}`;
    })
    .join('; ');
}

/**
 * The policy with the origins of external game studios allowed as frame sources (a provider's game
 * opens in an iframe of the game page): `frame-src 'self' <origins>`. Without it frames fall back to
 * default-src 'self' and only the site's own pages (the development studio) can be framed.
 */
export function withFrameSources(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return `${policy}; frame-src 'self' ${[...new Set(origins)].join(' ')}`;
}

/** The http(s) origin of an absolute URL, or null for a relative or other URL. */
export function frameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
