import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { isCatalogueEmpty, seedCatalogue } from './index.ts';
import { SPORTS } from './seed-catalogue.ts';

describe('GET /web-api/sportsbook/v1/sports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is empty before the seed and filled after it, whatever the number of seeds', async () => {
    expect(await isCatalogueEmpty(t.deps.db.db)).toBe(true);
    const empty = await t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/sports?lang=en' });
    expect(empty.json()).toEqual({ data: [] });
    await seedCatalogue(t.deps.db.db);
    await seedCatalogue(t.deps.db.db);
    expect(await isCatalogueEmpty(t.deps.db.db)).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/sports?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(SPORTS.length);
  });

  it('names sports in the asked language, in display order', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/sports?lang=en' })).json()
      .data;
    const ru = (await t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/sports?lang=ru' })).json()
      .data;
    expect(en[0]).toMatchObject({ id: 1, slug: 'football', name: 'Football', position: 1, isEsport: false });
    expect(ru[0]).toMatchObject({ id: 1, slug: 'football', name: 'Футбол' });
    expect(en.map((s: { position: number }) => s.position)).toEqual(
      [...en.map((s: { position: number }) => s.position)].sort((a, b) => a - b),
    );
    expect(en.find((s: { slug: string }) => s.slug === 'cs2')).toMatchObject({ isEsport: true });
  });

  it('defaults to Russian, the site default language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/sports' });
    expect(res.json().data[1].name).toBe('Теннис');
  });

  it('rejects an unknown language with 400 VALIDATION_FAILED naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/sports?lang=xx' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('querystring/lang');
  });
});
