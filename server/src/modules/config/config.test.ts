import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CONFIG_GROUP_NAMES, SiteConfigService } from './index.ts';

describe('site configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /bff-api/config/all.json answers every group with defaults and a cache header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bff-api/config/all.json?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([...CONFIG_GROUP_NAMES].sort());
    expect(res.json().registration.isRegistrationAllowed).toBe(true);
    expect(res.json().identification.isShowIdentification).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it('GET /bff-api/config/group/get answers only the asked groups', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/bff-api/config/group/get?groups=main,features&lang=ru',
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['features', 'main']);
    expect(res.json().main.defaultLanguage).toBe('ru');
  });

  it('rejects unknown groups and bad languages with 400 naming the problem', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/bff-api/config/group/get?groups=main,nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('nope');
    const lang = await t.app.inject({ method: 'GET', url: '/bff-api/config/all.json?lang=ENG' });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('stores a valid value, refuses an invalid one unchanged, and resolves per-language values', async () => {
    const service = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await service.set('registration.isRegistrationAllowed', false);
    await expect(service.set('registration.isRegistrationAllowed', 'no')).rejects.toThrow(
      /registration.isRegistrationAllowed/,
    );
    await expect(service.set('registration.noSuchKey', true)).rejects.toThrow(/unknown setting/);
    await service.set('support.email', { $i18n: { ru: 'help@parlay.ru', en: 'help@parlay.com' } });
    expect((await service.all('ru')).support.email).toBe('help@parlay.ru');
    expect((await service.all('en')).support.email).toBe('help@parlay.com');
    expect((await service.all('de')).support.email).toBe('help@parlay.ru');
    expect((await service.all('en')).registration.isRegistrationAllowed).toBe(false);
    await service.reset('registration.isRegistrationAllowed');
    await service.reset('support.email');
  });

  it('caches for 600-900 s and drops the cache when any process announces a change', async () => {
    const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
    const reader = new SiteConfigService(t.deps.db.db, t.deps.bus, clock, () => 0);
    expect((await reader.all('en')).features.isSnowEnabled).toBe(false);
    await t.deps.db.db
      .insertInto('site_settings')
      .values({ key: 'features.isSnowEnabled', value: 'true' as unknown as object })
      .execute();
    expect((await reader.all('en')).features.isSnowEnabled).toBe(false);
    clock.advance(599_000);
    expect((await reader.all('en')).features.isSnowEnabled).toBe(false);
    clock.advance(2_000);
    expect((await reader.all('en')).features.isSnowEnabled).toBe(true);

    const writer = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await writer.set('features.isSnowEnabled', false);
    expect((await reader.all('en')).features.isSnowEnabled).toBe(false);
  });
});
