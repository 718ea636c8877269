/**
 * Resolves the configurable redirect for a URL (site-shell §7 redirect-light). Rules are keyed by
 * the path without its language prefix; a target may use {lng} for the visitor's language. A
 * redirect that would land on the same URL is skipped and reported as cyclic (site-shell §5).
 */

export interface RedirectRule {
  sourcePath: string;
  targetUrl: string;
  code: number;
  reason: string;
}

export interface RedirectAnswer {
  redirect: boolean;
  code: number;
  url: string;
  reasons: string[];
  breadcrumbs: { title: string; url: string }[];
}

const LANGUAGE_PREFIX = /^\/([a-z]{2})(?=\/|$)/;

function split(url: string): { lng: string | null; path: string; search: string } {
  const parsed = new URL(url, 'http://local');
  const match = LANGUAGE_PREFIX.exec(parsed.pathname);
  const bare = match ? parsed.pathname.slice(match[0].length) || '/' : parsed.pathname;
  return {
    lng: match ? match[1]! : null,
    path: bare.length > 1 ? bare.replace(/\/$/, '') : bare,
    search: parsed.search,
  };
}

export function resolveRedirect(
  url: string,
  rules: ReadonlyMap<string, RedirectRule>,
  defaultLng: string,
): RedirectAnswer {
  const { lng, path, search } = split(url);
  const rule = rules.get(path);
  const stay: RedirectAnswer = { redirect: false, code: 200, url, reasons: [], breadcrumbs: [] };
  if (!rule) return stay;
  const language = lng ?? defaultLng;
  let target = rule.targetUrl.replaceAll('{lng}', language);
  if (!/^https?:\/\//.test(target) && !target.includes('?') && search) target += search;
  const normalise = (u: string) => new URL(u, 'http://local').href.replace(/\/$/, '');
  if (normalise(target) === normalise(url)) return { ...stay, reasons: ['cyclic'] };
  return { redirect: true, code: rule.code, url: target, reasons: [rule.reason], breadcrumbs: [] };
}
