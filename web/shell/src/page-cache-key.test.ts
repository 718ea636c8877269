import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './page-cache-key.ts';

const base = {
  url: '/en/',
  headers: { 'user-agent': 'UA' },
  cookies: {} as Record<string, string | undefined>,
};

describe('pageCacheKey', () => {
  it('never caches a signed-in visitor', () => {
    expect(pageCacheKey({ ...base, cookies: { user_token: 'abc' } })).toBeNull();
  });

  it('gives guests with the same inputs the same key, whatever analytics cookies they carry', () => {
    expect(pageCacheKey({ ...base, cookies: { _ga: '1', lng: 'en' } })).toBe(
      pageCacheKey({ ...base, cookies: { lng: 'en', _ga: '2', refererid: '9' } }),
    );
  });

  it.each([
    ['url', { ...base, url: '/ru/' }],
    ['theme cookie', { ...base, cookies: { theme: 'light' } }],
    ['consent cookie', { ...base, cookies: { cookies_agree_type: 'all' } }],
    ['user agent', { ...base, headers: { 'user-agent': 'Mobile UA' } }],
    ['country header', { ...base, headers: { 'user-agent': 'UA', 'x-geo-country': 'GB' } }],
    ['host', { ...base, headers: { 'user-agent': 'UA', host: 'mirror.example' } }],
    ['forwarded proto', { ...base, headers: { 'user-agent': 'UA', 'x-forwarded-proto': 'https' } }],
  ])('changes with the %s', (_what, request) => {
    expect(pageCacheKey(request)).not.toBe(pageCacheKey(base));
  });
});
