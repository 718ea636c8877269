import { describe, expect, it } from 'vitest';
import { isSitemapRoute, sitemapXml } from './sitemap.ts';
import { routeById } from './table.ts';

describe('sitemap', () => {
  it.each([
    ['home', true],
    ['contacts', true],
    ['multi', true],
    ['results', true],
    ['office-account', false],
    ['login', false],
    ['print-coupon', false],
    ['team', false],
    ['block', false],
    ['server-error', false],
    ['information-rules', false],
    ['bonus-rules', false],
  ])('%s listed: %s', (id, listed) => {
    expect(isSitemapRoute(routeById(id))).toBe(listed);
  });

  it('lists every indexable page in every language with its alternates', () => {
    const xml = sitemapXml('https://parlay.example', ['ru', 'en']);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<url><loc>https://parlay.example/ru/</loc>');
    expect(xml).toContain('<loc>https://parlay.example/en/information/contacts</loc>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="ru" href="https://parlay.example/ru/information/contacts"/>',
    );
    expect(xml).not.toContain('/office');
    expect(xml).not.toContain('/user/login');
  });
});
