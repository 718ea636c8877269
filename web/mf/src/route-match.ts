/**
 * Route matching over a list of routes (the shell's whole table, or one app's own routes): the most
 * specific pattern wins. Patterns are compared segment by segment (static text above a fixed word
 * list above a shaped value above a free segment, route-params.ts PARAM_RANK); a full tie goes to the
 * earlier route of the list.
 */
import { AVAILABLE_LANGUAGES, type Language } from '@parlay/i18n/languages.ts';
import type { RouteDefinition } from './app-manifest.ts';
import { PARAM_RANK, type ParamRule, paramAllows, STATIC_RANK } from './route-params.ts';

type Segment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string; optional: boolean; rule: ParamRule };

interface CompiledRoute<R extends RouteDefinition> {
  route: R;
  segments: Segment[];
  required: number;
}

export interface PathMatch<R extends RouteDefinition = RouteDefinition> {
  route: R;
  params: Record<string, string>;
}

export interface RouteMatch<R extends RouteDefinition = RouteDefinition> extends PathMatch<R> {
  lng: Language;
  /** Path after the language prefix, e.g. "/information/contacts". */
  rest: string;
}

const PARAM_SEGMENT = /^\{([A-Za-z][A-Za-z0-9]*)(\?)?\}$/;

/** Splits a pattern into segments; throws on a malformed pattern (checked by the table test). */
export function compilePattern(pattern: string, rules: Readonly<Record<string, ParamRule>>): Segment[] {
  if (!pattern.startsWith('/')) throw new Error(`pattern must start with /: ${pattern}`);
  const parts = pattern === '/' ? [] : pattern.slice(1).split('/');
  let sawOptional = false;
  return parts.map((part) => {
    const param = PARAM_SEGMENT.exec(part);
    if (!param) {
      if (sawOptional || !/^[a-z0-9][a-z0-9_.-]*$/.test(part))
        throw new Error(`bad segment ${part} in ${pattern}`);
      return { kind: 'static', text: part };
    }
    const optional = param[2] === '?';
    if (sawOptional && !optional) throw new Error(`optional parameters must be trailing in ${pattern}`);
    sawOptional ||= optional;
    const name = param[1]!;
    return { kind: 'param', name, optional, rule: rules[name] ?? 'segment' };
  });
}

function rankOf(segment: Segment | undefined): number {
  if (!segment) return 0;
  return segment.kind === 'static' ? STATIC_RANK : PARAM_RANK[segment.rule];
}

function tryMatch(
  compiled: CompiledRoute<RouteDefinition>,
  parts: readonly string[],
): Record<string, string> | null {
  if (parts.length < compiled.required || parts.length > compiled.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = compiled.segments[i]!;
    const part = parts[i]!;
    if (segment.kind === 'static') {
      if (segment.text !== part) return null;
    } else {
      if (!paramAllows(segment.rule, part)) return null;
      params[segment.name] = part;
    }
  }
  return params;
}

function moreSpecific(
  a: CompiledRoute<RouteDefinition>,
  b: CompiledRoute<RouteDefinition>,
  length: number,
): boolean {
  for (let i = 0; i < length; i++) {
    const difference = rankOf(a.segments[i]) - rankOf(b.segments[i]);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

/** Path segments of `rest`, or null for an empty segment ("//"); a trailing slash is accepted. */
export function pathSegments(rest: string): string[] | null {
  if (!rest.startsWith('/') || rest.includes('//')) return null;
  const trimmed = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
  if (trimmed === '/') return [];
  const parts = trimmed.slice(1).split('/');
  return parts.some((part) => part === '') ? null : parts;
}

export interface RouteMatcher<R extends RouteDefinition> {
  /** The route serving a path after the language prefix: matchPath('/print-coupon/12') → print-coupon {couponId: '12'}. */
  matchPath(rest: string): PathMatch<R> | null;
  /**
   * The route serving `pathname` with its language, or null: '/en' (no slash), '/de/' (unavailable
   * language) and a broken parameter give null.
   */
  matchRoute(pathname: string, languages?: readonly Language[]): RouteMatch<R> | null;
}

/** A matcher over these routes, compiled once. */
export function createRouteMatcher<R extends RouteDefinition>(routes: readonly R[]): RouteMatcher<R> {
  const compiled: readonly CompiledRoute<R>[] = routes.map((route) => {
    const segments = compilePattern(route.pattern, route.params);
    return { route, segments, required: segments.filter((s) => s.kind === 'static' || !s.optional).length };
  });
  const matchPath = (rest: string): PathMatch<R> | null => {
    const parts = pathSegments(rest);
    if (!parts) return null;
    let best: { compiled: CompiledRoute<R>; params: Record<string, string> } | null = null;
    for (const candidate of compiled) {
      const params = tryMatch(candidate, parts);
      if (params && (!best || moreSpecific(candidate, best.compiled, parts.length)))
        best = { compiled: candidate, params };
    }
    return best ? { route: best.compiled.route, params: best.params } : null;
  };
  return {
    matchPath,
    matchRoute(pathname, languages = AVAILABLE_LANGUAGES) {
      const prefix = /^\/([a-z]{2})(\/.*)$/.exec(pathname);
      if (!prefix) return null;
      const lng = prefix[1] as Language;
      if (!languages.includes(lng)) return null;
      const rest = prefix[2] ?? '/';
      const found = matchPath(rest);
      return found ? { ...found, lng, rest } : null;
    },
  };
}

/**
 * A route's path in a language with the given parameters; null when a required parameter is missing.
 * buildPath(printCoupon, 'en', { couponId: '7' }) === '/en/print-coupon/7'.
 */
export function buildPath(
  route: Pick<RouteDefinition, 'pattern' | 'params'>,
  lng: Language,
  params: Record<string, string> = {},
): string | null {
  const parts: string[] = [];
  for (const segment of compilePattern(route.pattern, route.params)) {
    if (segment.kind === 'static') parts.push(segment.text);
    else if (params[segment.name] !== undefined) parts.push(params[segment.name]!);
    else if (segment.optional) break;
    else return null;
  }
  return `/${lng}/${parts.join('/')}`;
}

/** True when the route has no required parameter (it can be linked to and listed in the sitemap as is). */
export function isParameterless(route: Pick<RouteDefinition, 'pattern' | 'params'>): boolean {
  return compilePattern(route.pattern, route.params).every((s) => s.kind === 'static' || s.optional);
}
