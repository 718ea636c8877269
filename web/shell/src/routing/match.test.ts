import { ROUTE_SAMPLES } from '@parlay/apps/route-samples.ts';
import { PARAM_RULES, paramAllows } from '@parlay/mf/route-params.ts';
import { describe, expect, it } from 'vitest';
import { buildPath, compilePattern, isParameterless, matchPath, matchRoute } from './match.ts';
import { BROKEN_PATHS } from './route-samples.ts';
import { ROUTES, routeById } from './table.ts';

describe('route table', () => {
  it('has unique ids and patterns', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.pattern)).size).toBe(ROUTES.length);
  });

  it.each(ROUTES.map((r) => [r.id, r] as const))(
    '%s: pattern, params, parent and meta are consistent',
    (_id, route) => {
      const segments = compilePattern(route.pattern, route.params);
      const names = segments.flatMap((s) => (s.kind === 'param' ? [s.name] : []));
      for (const name of Object.keys(route.params))
        expect(names, `${route.id} rule for ${name}`).toContain(name);
      if (route.parent !== null) expect(() => routeById(route.parent!)).not.toThrow();
      expect(route.dictionaries.length).toBeGreaterThan(0);
      expect(route.seo.labelKey).toBe(`labels.${route.id}`);
    },
  );

  it('serves every route at its sample path, with the sample as the only match of that route', () => {
    for (const route of ROUTES) {
      const sample = ROUTE_SAMPLES[route.id];
      expect(sample, `${route.id} has no sample (web/apps/<app>/route-samples.ts)`).toBeDefined();
      expect(matchPath(sample ?? '')?.route.id, sample).toBe(route.id);
    }
  });

  it('lists every route of both spec documents', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(170);
  });
});

describe('matchPath', () => {
  it.each([
    ['/print-coupon/12', 'print-coupon', { couponId: '12' }],
    ['/home/line', 'sports-page', { pageType: 'home', section: 'line' }],
    [
      '/top-sports/live/cricket',
      'sports-page',
      { pageType: 'top-sports', section: 'live', menuSection: 'cricket' },
    ],
    ['/team/line/arsenal', 'team', { section: 'line', team: 'arsenal' }],
    ['/team/42', 'team-info', { teamId: '42' }],
    ['/team/live', 'sports-page', { pageType: 'team', section: 'live' }],
    ['/slots', 'casino-section', { casinoSection: 'slots' }],
    ['/slots/vulkan', 'slots-vulkan', {}],
    ['/slots/thank-you', 'casino-thank-you', { casinoSection: 'slots' }],
    ['/casino/brand', 'casino-brand', {}],
    ['/keno/game/3/classic', 'casino-game', { casinoSection: 'keno', gameId: '3', gameName: 'classic' }],
    ['/bonus/casino/tournaments', 'casino-tournaments', {}],
    ['/bonus/casino/17', 'bonus-casino-item', { id: '17' }],
    [
      '/cyber/virtual/fifa/champs',
      'esports-discipline-champs',
      { root: 'cyber', type: 'virtual', discipline: 'fifa' },
    ],
    ['/results', 'results', {}],
    ['/results/zone', 'results', { type: 'zone' }],
    ['/information/rules', 'information-rules', {}],
    ['/information/rules/casino', 'information-rules', { ruleGroup: 'casino' }],
    ['/registration', 'registration', {}],
    ['/lotto', 'lotto', {}],
    ['/lotto/results', 'lotto', { sectionName: 'results' }],
    ['/lotto/view/55', 'lotto-draw', { sectionName: 'view', lottoId: '55' }],
    ['/office/payment/create-request/3/transactions', 'office-payment-transactions', { topicId: '3' }],
    ['/office/payment/create-request/3/7', 'office-payment-subtopic', { topicId: '3', subTopicId: '7' }],
    ['/landing-summer', 'casino-landing', { landing: 'landing-summer' }],
    [
      '/landing-aaaaaaaaaaaaaaaaaaaaaaaaa',
      'casino-landing',
      { landing: 'landing-aaaaaaaaaaaaaaaaaaaaaaaaa' },
    ],
    ['/500', 'server-error', {}],
    ['/office/', 'office', {}],
  ])('%s → %s %j', (path, id, params) => {
    const found = matchPath(path);
    expect(found?.route.id).toBe(id);
    expect(found?.params).toEqual(params);
  });

  it.each(BROKEN_PATHS)('%s matches nothing (%s)', (path) => {
    expect(matchPath(path)).toBeNull();
  });

  it.each(['//', '/office//account', 'office', ''])('%j matches nothing', (path) => {
    expect(matchPath(path)).toBeNull();
  });
});

describe('matchRoute and buildPath', () => {
  it('needs an allowed two-letter language prefix', () => {
    expect(matchRoute('/en/multi')?.lng).toBe('en');
    expect(matchRoute('/de/multi')).toBeNull();
    expect(matchRoute('/en/multi', ['ru'])).toBeNull();
    expect(matchRoute('/en')).toBeNull();
  });

  it('builds paths back from parameters', () => {
    expect(buildPath(routeById('print-coupon'), 'en', { couponId: '7' })).toBe('/en/print-coupon/7');
    expect(buildPath(routeById('print-coupon'), 'en', {})).toBeNull();
    expect(buildPath(routeById('results'), 'ru', {})).toBe('/ru/results');
    expect(buildPath(routeById('home'), 'ru', {})).toBe('/ru/');
    expect(isParameterless(routeById('results'))).toBe(true);
    expect(isParameterless(routeById('team'))).toBe(false);
  });

  it('rejects malformed patterns', () => {
    expect(() => compilePattern('/a/{b?}/c', {})).toThrow();
    expect(() => compilePattern('/a/{b?}/{c}', {})).toThrow();
    expect(() => compilePattern('a', {})).toThrow();
  });
});

describe('parameter rules (site-shell §5)', () => {
  it.each([
    ['digits', '0123', true],
    ['digits', '12a', false],
    ['digits', '', false],
    ['lng', 'en', true],
    ['lng', 'EN', false],
    ['lng', 'eng', false],
    ['esportsType', 'real', true],
    ['esportsType', 'virtual', true],
    ['esportsType', 'stream', true],
    ['esportsType', 'live', false],
    ['resultsType', 'live', true],
    ['resultsType', 'zone', true],
    ['resultsType', 'line', false],
    ['section', 'line', true],
    ['section', 'live', true],
    ['section', 'zone', false],
    ['casinoSection', 'keno', true],
    ['casinoSection', 'slots', true],
    ['casinoSection', 'casino', true],
    ['casinoSection', 'bingo', false],
    ['segment', 'a b', false],
    ['segment', 'premier-league_2', true],
    ['token', 'short', false],
  ] as const)('%s allows %j: %s', (rule, value, allowed) => {
    expect(paramAllows(rule, value)).toBe(allowed);
  });

  it('every rule is anchored', () => {
    for (const rule of Object.values(PARAM_RULES))
      expect(rule.source.startsWith('^') && rule.source.endsWith('$')).toBe(true);
  });
});
