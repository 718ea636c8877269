/**
 * /sitemap.xml: every indexable route without required parameters, in every allowed language, with
 * its alternates. Routes behind guards (authentication, config flags, bonus/offer swap) are left out.
 */

import type { Language } from '@parlay/i18n/languages.ts';
import { escapeHtml } from '@parlay/mf/html.ts';
import { buildPath, isParameterless } from './match.ts';
import { type Guard, ROUTES, type RouteDefinition } from './table.ts';

const HIDING_GUARDS: readonly Guard[] = [
  'auth-required',
  'guest-only',
  'confirm-terms-page',
  'home-only',
  'recharge-modal',
  'promo-bonus',
  'promo-offer',
  'rules-route',
  'payment-route',
  'registration-allowed',
  'identification-shown',
];

export function isSitemapRoute(route: RouteDefinition): boolean {
  return (
    route.seo.robots === 'index' &&
    route.layout !== 'blocked' &&
    route.status === undefined &&
    isParameterless(route) &&
    !route.guards.some((guard) => HIDING_GUARDS.includes(guard))
  );
}

/** The sitemap document for `origin` ("https://host") and the allowed languages. */
export function sitemapXml(
  origin: string,
  languages: readonly Language[],
  extraPaths: readonly string[] = [],
): string {
  const rests = [
    ...ROUTES.filter(isSitemapRoute).map((route) => buildPath(route, 'en', {})!.slice(3)),
    ...extraPaths,
  ];
  const entries = rests.flatMap((rest) =>
    languages.map((lng) => {
      const alternates = languages
        .map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeHtml(`${origin}/${alt}${rest}`)}"/>`,
        )
        .join('');
      return `<url><loc>${escapeHtml(`${origin}/${lng}${rest}`)}</loc>${alternates}</url>`;
    }),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${entries.join('\n')}\n</urlset>\n`
  );
}
