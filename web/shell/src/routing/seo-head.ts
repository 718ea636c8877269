/**
 * The SEO head of a page (site-shell §3 "SEO page data", §7): the operator's data from
 * GET /web-api/seo/v1/page merged over the route's dictionary title and description: title,
 * description, og:site_name, robots (metaRobots, else hierarchyMetaRobots; private routes and 404s are
 * always noindex), extra metas, canonical (customCanonical url or mirror, else the page URL without its
 * query) and hreflang alternates with x-default.
 */
import { escapeHtml } from '@parlay/mf/html.ts';
import type { Robots } from './table.ts';

export interface PageSeoData {
  title: string | null;
  description: string | null;
  siteName: string | null;
  metaRobots: string | null;
  hierarchyMetaRobots: string | null;
  metas: { name: string; content: string }[];
  customCanonical: { mode: 'url' | 'mirror'; targetUrl?: string; domain?: string } | null;
  alternates: { lang: string; url: string }[];
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const MAX_METAS = 50;

/** The SEO answer, or null when it has the wrong shape. */
export function pageSeoFrom(body: unknown): PageSeoData | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value.slice(0, MAX_METAS) : []);
  const canonical = record.customCanonical as PageSeoData['customCanonical'] | undefined;
  return {
    title: str(record.title),
    description: str(record.description),
    siteName: str(record.siteName),
    metaRobots: str(record.metaRobots),
    hierarchyMetaRobots: str(record.hierarchyMetaRobots),
    metas: list(record.metas).filter(
      (m): m is { name: string; content: string } =>
        typeof m?.name === 'string' && typeof m?.content === 'string' && m.name !== 'robots',
    ),
    customCanonical:
      canonical && (canonical.mode === 'url' || canonical.mode === 'mirror') ? canonical : null,
    alternates: list(record.alternates).filter(
      (a): a is { lang: string; url: string } =>
        /^[a-z]{2}$/.test(a?.lang ?? '') && typeof a?.url === 'string' && a.url.startsWith('/'),
    ),
  };
}

export interface SeoHeadInput {
  seo: PageSeoData | null;
  /** null for a page no route serves (404). */
  robots: Robots | null;
  siteName: string;
  fragmentTitle: string | null;
  routeTitle: string;
  routeDescription: string;
  /** "https://host", no trailing slash. */
  origin: string;
  /** Path with language prefix, without query. */
  pathname: string;
  languages: readonly string[];
  defaultLanguage: string;
}

export interface SeoHead {
  title: string;
  description: string;
  robots: string;
  canonical: string;
  /** Tags for <head> beyond title and description. */
  html: string;
}

const PRIVATE_ROBOTS = 'noindex, nofollow';

function canonicalOf(input: SeoHeadInput): string {
  const custom = input.seo?.customCanonical;
  if (custom?.mode === 'url' && custom.targetUrl) {
    if (/^https?:\/\/[^\s"<>]+$/.test(custom.targetUrl)) return custom.targetUrl;
    if (custom.targetUrl.startsWith('/') && !custom.targetUrl.startsWith('//'))
      return input.origin + custom.targetUrl;
  }
  if (custom?.mode === 'mirror' && custom.domain && /^[A-Za-z0-9.-]+(:\d+)?$/.test(custom.domain)) {
    return `https://${custom.domain}${input.pathname}`;
  }
  return input.origin + input.pathname;
}

function alternatesOf(input: SeoHeadInput): { lang: string; url: string }[] {
  const rest = input.pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '') || '/';
  const fromSeo = input.seo?.alternates.filter((a) => input.languages.includes(a.lang)) ?? [];
  const links =
    fromSeo.length > 0 ? fromSeo : input.languages.map((lang) => ({ lang, url: `/${lang}${rest}` }));
  const fallback = links.find((l) => l.lang === input.defaultLanguage) ?? links[0];
  return fallback ? [...links, { lang: 'x-default', url: fallback.url }] : links;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}">`;

/** The merged head of one page. */
export function seoHead(input: SeoHeadInput): SeoHead {
  const seo = input.seo;
  const title = seo?.title ?? input.fragmentTitle ?? input.routeTitle;
  const description = seo?.description ?? input.routeDescription;
  const siteName = seo?.siteName ?? input.siteName;
  const indexable = input.robots === 'index';
  const robots = indexable
    ? (seo?.metaRobots ?? seo?.hierarchyMetaRobots ?? 'index, follow')
    : PRIVATE_ROBOTS;
  const canonical = canonicalOf(input);
  const tags = [
    meta('name', 'robots', robots),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', canonical),
    ...(seo?.metas ?? []).map((m) => meta('name', m.name, m.content)),
  ];
  if (input.robots !== null) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  if (indexable) {
    for (const link of alternatesOf(input)) {
      const href = link.url.startsWith('/') ? input.origin + link.url : link.url;
      tags.push(`<link rel="alternate" hreflang="${escapeHtml(link.lang)}" href="${escapeHtml(href)}">`);
    }
  }
  return { title, description, robots, canonical, html: tags.join('\n') };
}

/**
 * "https://host" of the request: X-Forwarded-Proto/Host, else Host, else localhost. The server hands
 * the shell these headers vetted (server/src/modules/web/shell-request.ts): a client's own forwarded
 * headers never get here, only the host and scheme a proxy TRUST_PROXY names reported.
 */
export function originOf(headers: Record<string, string | undefined>): string {
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim();
  const host = (headers['x-forwarded-host'] ?? headers.host ?? '').split(',')[0]?.trim() ?? '';
  const safeHost = /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${safeHost}`;
}
