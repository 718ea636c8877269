import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SiteConfigService } from '../config/index.ts';
import { BLOCK_RULES_CHANGED_TOPIC, decideBlock, NOT_BLOCKED, pathOf } from './index.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const IE11 = 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko';

describe('decideBlock', () => {
  const base = { path: '/', country: 'RU', userAgent: CHROME, isMaintenance: false };
  it('lets a visitor through when nothing matches', () => {
    expect(decideBlock(base, [])).toEqual(NOT_BLOCKED);
  });
  it('puts maintenance before everything (site-updates, 4)', () => {
    expect(decideBlock({ ...base, isMaintenance: true, userAgent: IE11 }, [])).toEqual({
      displayTypeId: 1,
      templateTypeId: 4,
    });
  });
  it('blocks old Internet Explorer (17)', () => {
    expect(decideBlock({ ...base, userAgent: IE11 }, [])).toEqual({ displayTypeId: 1, templateTypeId: 17 });
  });
  it('matches country, path prefix and user agent rules', () => {
    const rules = [
      { kind: 'country' as const, pattern: 'us', templateTypeId: 3, displayTypeId: 1 },
      { kind: 'path' as const, pattern: '/casino', templateTypeId: 16, displayTypeId: 1 },
      { kind: 'user_agent' as const, pattern: 'BadBot', templateTypeId: 13, displayTypeId: 1 },
    ];
    expect(decideBlock({ ...base, country: 'US' }, rules).templateTypeId).toBe(3);
    expect(decideBlock({ ...base, path: '/casino/slots' }, rules).templateTypeId).toBe(16);
    expect(decideBlock({ ...base, path: '/casinos' }, rules)).toEqual(NOT_BLOCKED);
    expect(decideBlock({ ...base, userAgent: 'x badbot/1.0' }, rules).templateTypeId).toBe(13);
  });
  it('strips the language prefix from urls', () => {
    expect(pathOf('/en/casino/slots?x=1')).toBe('/casino/slots');
    expect(pathOf('https://parlay.example/ru')).toBe('/');
    expect(pathOf('/english/x')).toBe('/english/x');
  });
});

describe('POST /blocks-api/api/v2/block', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });
  const ask = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/blocks-api/api/v2/block',
      payload: { auth: false, url },
      headers: { 'user-agent': CHROME, ...headers },
    });

  it('answers not blocked by default', async () => {
    const res = await ask('/en/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ displayTypeId: 0, templateTypeId: 0 });
  });

  it("lets server renders share a guest's answer for a few seconds, never a player's", async () => {
    expect((await ask('/en/')).headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const player = await t.app.inject({
      method: 'POST',
      url: '/blocks-api/api/v2/block',
      payload: { auth: 'token', url: '/en/' },
      headers: { 'user-agent': CHROME },
    });
    expect(player.statusCode).toBe(200);
    expect(player.headers['cache-control']).toBe('private, no-store');
  });

  it('blocks by the geo country header once a rule exists and its change is announced', async () => {
    await t.deps.db.db
      .insertInto('block_rules')
      .values({ kind: 'country', pattern: 'GB', template_type_id: 3 })
      .execute();
    await t.deps.bus.publish(BLOCK_RULES_CHANGED_TOPIC, {});
    expect((await ask('/en/', { 'x-geo-country': 'GB' })).json()).toEqual({
      displayTypeId: 1,
      templateTypeId: 3,
    });
    expect((await ask('/en/', { 'x-geo-country': 'DE' })).json()).toEqual({
      displayTypeId: 0,
      templateTypeId: 0,
    });
  });

  it('answers site-updates while maintenance is on', async () => {
    const config = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await config.set('maintenance.isMaintenance', true);
    expect((await ask('/ru/')).json()).toEqual({ displayTypeId: 1, templateTypeId: 4 });
    await config.set('maintenance.isMaintenance', false);
    expect((await ask('/ru/')).json().displayTypeId).toBe(0);
  });

  it('blocks old Internet Explorer', async () => {
    expect((await ask('/ru/', { 'user-agent': IE11 })).json()).toEqual({
      displayTypeId: 1,
      templateTypeId: 17,
    });
  });

  it('rejects a body without url', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/blocks-api/api/v2/block',
      payload: { auth: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('url');
  });
});
