import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import info from '../server.tsx';
import { CATEGORIES, errorText, textOf } from './bonus-api.ts';
import { isBonusRoute } from './Promotions.tsx';

const input = (url: string): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components: null,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/info/info-1.js', css: [], preload: [] },
});

describe('promotion pages', () => {
  it('cover the hub, the promotion, promo, rules and points routes in both flavours', () => {
    for (const id of [
      'promotions',
      'promotion',
      'bonus-offers',
      'offer-offers',
      'bonus-promo',
      'offer-promo',
      'bonus-rules',
      'offer-rules',
      'bonus-points',
      'offer-points',
    ])
      expect(isBonusRoute(id), id).toBe(true);
    expect(isBonusRoute('contacts')).toBe(false);
  });

  it('the hub has a tab per §9 category', async () => {
    const { status, fragment } = await info.render(input('/en/promotions'));
    expect(status).toBe(200);
    expect(fragment.body.match(/role="tab"/g)?.length).toBe(CATEGORIES.length);
    expect(fragment.body).toContain('Sports betting');
    expect(fragment.body).toContain('Enter a promo code');
  });

  it.each([
    ['/ru/promotions', 'Кэшбэк'],
    ['/en/bonus/rules', 'One bonus at a time'],
    ['/ru/offer/rules', 'Максимальная ставка'],
    ['/en/bonus/promo', 'Enter a promo code'],
    ['/en/offer/points', 'Your points and the shop'],
  ])('%s renders its page', async (url, text) => {
    const { status, fragment } = await info.render(input(url));
    expect(status).toBe(200);
    expect(fragment.body).toContain(text);
  });

  it('texts by language fall back to English, error codes to a general text', () => {
    expect(textOf({ en: 'Spring', ru: 'Весна' }, 'ru')).toBe('Весна');
    expect(textOf({ en: 'Spring' }, 'ru')).toBe('Spring');
    const te = (key: string) => (key === 'bonus_promo_unknown' ? 'No such promo code' : key);
    expect(errorText(te, 'failed', 'BONUS_PROMO_UNKNOWN')).toBe('No such promo code');
    expect(errorText(te, 'failed', 'HTTP_500')).toBe('failed');
  });
});
