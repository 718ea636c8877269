/** Reading and writing document cookies as strings (pure: the caller assigns document.cookie). */

/** readCookie('a=1; lng=en', 'lng') → 'en'; a missing cookie → undefined. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** A Set-Cookie style string for document.cookie: path /, SameSite=Lax, the given lifetime. */
export function cookieString(name: string, value: string, maxAgeS: number): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${Math.max(0, Math.floor(maxAgeS))}; samesite=lax`;
}

/** A string that deletes the cookie. */
export function deletedCookie(name: string): string {
  return `${name}=; path=/; max-age=0; samesite=lax`;
}

export function writeCookies(cookies: readonly string[]): void {
  for (const cookie of cookies) {
    // biome-ignore lint/suspicious/noDocumentCookie: consent and preferences are read by the server too
    document.cookie = cookie;
  }
}
