/**
 * The casino's section pages through the real server (web build and seeded catalogue): asian-games,
 * card-games and poker list their in-house games, sic bo and baccarat among them, in both languages;
 * tvgames/view/poker redirects to the poker page (site-shell §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedCasinoCatalogue } from '../casino/index.ts';

describe('casino section pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAGE_CACHE_MS: '0' } });
    await seedCasinoCatalogue(t.deps.db.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.body).toContain('data-mf-app="casino"');
    return res.body;
  };

  it.each([
    ['/en/asian-games', ['Sic Bo', 'Baccarat', 'Keno'], ['Jacks or Better']],
    ['/en/card-games', ['Baccarat', 'Blackjack', 'Jacks or Better'], ['Sic Bo']],
    ['/en/poker', ['Jacks or Better'], ['Baccarat', 'Sic Bo']],
    ['/ru/asian-games', ['Сик бо', 'Баккара'], []],
    ['/ru/card-games', ['Баккара', 'Валеты или лучше'], []],
  ])('%s lists %j and not %j', async (url, present, absent) => {
    const body = await page(url);
    for (const name of present) expect(body, name).toContain(`>${name}<`);
    for (const name of absent) expect(body, name).not.toContain(`>${name}<`);
  });

  it('links each new game to its page', async () => {
    const body = await page('/en/asian-games');
    expect(body).toContain('/en/casino/game/1021/sic-bo');
    expect(body).toContain('/en/casino/game/1022/baccarat');
  });

  it('redirects tvgames/view/poker to the poker page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/tvgames/view/poker?x=1' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/en/poker?x=1');
  });
});
