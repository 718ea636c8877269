import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pathAncestry, SEO_CHANGED_TOPIC } from './index.ts';

describe('pathAncestry', () => {
  it.each([
    ['/', ['/']],
    ['/information', ['/information', '/']],
    ['/information/rules/main', ['/information/rules/main', '/information/rules', '/information', '/']],
  ])('%s', (path, expected) => {
    expect(pathAncestry(path)).toEqual(expected);
  });
});

describe('GET /web-api/seo/v1/page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = async (path: string, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/web-api/seo/v1/page?path=${encodeURIComponent(path)}&lang=${lang}`,
    });

  it('answers defaults and alternate links when nothing is stored', async () => {
    const res = await get('/information/contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: null,
      description: null,
      siteName: 'Parlay',
      metaRobots: null,
      hierarchyMetaRobots: null,
      metas: [],
      customCanonical: null,
      alternates: [
        { lang: 'ru', url: '/ru/information/contacts' },
        { lang: 'en', url: '/en/information/contacts' },
      ],
    });
  });

  it('answers stored data and robots inherited from the nearest ancestor', async () => {
    await t.deps.db.db
      .insertInto('seo_pages')
      .values([
        {
          path: '/information',
          lang: 'en',
          title: 'Info',
          description: null,
          meta_robots: 'noindex, follow',
          custom_canonical: null,
        },
        {
          path: '/information/about',
          lang: 'en',
          title: 'About Parlay',
          description: 'Who we are',
          meta_robots: null,
          metas: JSON.stringify([{ name: 'keywords', content: 'betting' }]) as never,
          custom_canonical: JSON.stringify({
            mode: 'url',
            targetUrl: 'https://parlay.example/en/information/about',
          }) as never,
        },
      ])
      .execute();
    await t.deps.bus.publish(SEO_CHANGED_TOPIC, {});
    const seo = (await get('/information/about/')).json();
    expect(seo).toMatchObject({
      title: 'About Parlay',
      description: 'Who we are',
      metaRobots: null,
      hierarchyMetaRobots: 'noindex, follow',
      metas: [{ name: 'keywords', content: 'betting' }],
      customCanonical: { mode: 'url', targetUrl: 'https://parlay.example/en/information/about' },
    });
    expect((await get('/information/about', 'ru')).json().title).toBeNull();
  });

  it('rejects a path without a leading slash', async () => {
    expect((await get('information')).statusCode).toBe(400);
  });

  it('serves robots.txt that keeps crawlers out of private areas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /*/office');
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-content\.xml$/m);
  });
});
