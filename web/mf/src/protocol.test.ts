import { describe, expect, it } from 'vitest';
import {
  FragmentSchemaError,
  fragmentRequestHeaders,
  isSafeAssetUrl,
  MF_API_VERSION,
  parseFragment,
} from './protocol.ts';
import { parseViewSettings } from './view-settings.ts';

const valid = {
  appName: 'sports',
  title: 'Sports',
  body: '<div data-mf-root="sports"></div>',
  style: '',
  cssToLoad: ['/assets/sports/sports-abc.css'],
  codeToEval: '',
  scriptsToLoad: ['/assets/sports/sports-abc.js'],
  head: '',
};

function fieldOf(value: unknown): string | null {
  try {
    parseFragment(value);
    return null;
  } catch (error) {
    if (error instanceof FragmentSchemaError) return error.field;
    throw error;
  }
}

describe('parseFragment', () => {
  it('accepts a valid fragment and copies its lists', () => {
    const fragment = parseFragment(valid);
    expect(fragment).toEqual(valid);
    expect(fragment.cssToLoad).not.toBe(valid.cssToLoad);
  });

  it('drops unknown fields', () => {
    expect(parseFragment({ ...valid, extra: 1 })).toEqual(valid);
  });

  it.each([
    [null, '(root)'],
    [[], '(root)'],
    ['x', '(root)'],
    [{ ...valid, title: 1 }, 'title'],
    [{ ...valid, body: undefined }, 'body'],
    [{ ...valid, appName: '' }, 'appName'],
    [{ ...valid, head: null }, 'head'],
    [{ ...valid, cssToLoad: 'x.css' }, 'cssToLoad'],
    [{ ...valid, scriptsToLoad: [1] }, 'scriptsToLoad[0]'],
    [{ ...valid, scriptsToLoad: ['/a.js', 'https://evil.example/x.js'] }, 'scriptsToLoad[1]'],
    [{ ...valid, cssToLoad: ['//evil.example/x.css'] }, 'cssToLoad[0]'],
    [{ ...valid, cssToLoad: ['/a.css" onload="x'] }, 'cssToLoad[0]'],
    [{ ...valid, body: 'x'.repeat(5_000_001) }, 'body'],
  ])('names the bad field of %#', (value, field) => {
    expect(fieldOf(value)).toBe(field);
  });

  it('says what is wrong in the message', () => {
    expect(() => parseFragment({ ...valid, title: 3 })).toThrow('fragment field "title" must be a string');
  });
});

describe('isSafeAssetUrl', () => {
  it.each([
    ['/assets/x.js', true],
    ['/', true],
    ['assets/x.js', false],
    ['//cdn.example/x.js', false],
    ['https://cdn.example/x.js', false],
    ['/x y.js', false],
    ['/x\\y.js', false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeAssetUrl(url)).toBe(safe);
  });
});

describe('fragmentRequestHeaders', () => {
  it('asks for JSON in the agreed API version with the request context', () => {
    expect(
      fragmentRequestHeaders({
        lng: 'en',
        timeZone: 3,
        device: 'desktop',
        geoCountry: null,
        userToken: 'secret',
        forceSpa: false,
      }),
    ).toEqual({
      'mf-render-mode': 'json',
      'mf-api-version': MF_API_VERSION,
      'mf-language': 'en',
      'mf-time-zone': '3',
      'mf-device': 'desktop',
    });
    expect(MF_API_VERSION).toBe('v2');
  });

  it('adds force-spa and the geo country when set', () => {
    const headers = fragmentRequestHeaders({
      lng: 'ru',
      timeZone: -2,
      device: 'mobile',
      geoCountry: 'DE',
      userToken: null,
      forceSpa: true,
    });
    expect(headers['force-spa']).toBe('1');
    expect(headers['mf-geo-country']).toBe('DE');
    expect(headers['mf-time-zone']).toBe('-2');
    expect(headers['mf-view']).toBeUndefined();
  });

  it('carries the display settings in mf-view', () => {
    const headers = fragmentRequestHeaders({
      lng: 'en',
      timeZone: 3,
      device: 'desktop',
      geoCountry: null,
      userToken: null,
      forceSpa: false,
      view: { isCompactView: 1, coefViewId: 2 },
    });
    expect(headers['mf-view']).toBe('coefViewId=2,isCompactView=1');
    expect(parseViewSettings(headers['mf-view'])).toEqual({ coefViewId: 2, isCompactView: 1 });
    expect(parseViewSettings('coefViewId=abc,isShowGameId=1,evil=1,appViewType=100')).toEqual({
      isShowGameId: 1,
    });
    expect(parseViewSettings(undefined)).toEqual({});
  });
});
