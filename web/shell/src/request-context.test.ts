import { describe, expect, it } from 'vitest';
import { deviceFrom, fragmentContextFor, themeFrom, timeZoneFrom } from './request-context.ts';

describe('request context', () => {
  it.each([
    [undefined, 3],
    ['0', 0],
    ['-5', -5],
    ['+14', 14],
    ['15', 3],
    ['abc', 3],
    ['1.5', 3],
  ])('tzo cookie %s → %i', (cookie, hours) => {
    expect(timeZoneFrom(cookie)).toBe(hours);
  });

  it('tells mobile from desktop by user agent', () => {
    expect(deviceFrom('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceFrom('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0')).toBe('desktop');
    expect(deviceFrom(undefined)).toBe('desktop');
  });

  it('reads the theme cookie, dark by default', () => {
    expect(themeFrom('light')).toBe('light');
    expect(themeFrom('neon')).toBe('dark');
    expect(themeFrom(undefined)).toBe('dark');
  });

  it('builds the fragment context', () => {
    const context = fragmentContextFor(
      {
        url: '/en/',
        headers: { 'user-agent': 'Android Mobile', 'cf-ipcountry': 'DE' },
        cookies: {
          user_token: 't1',
          tzo: '1',
          coef_view_id: '2',
          app_view_type: '1',
          isChampsGroupedByCountry: '0',
          sports_view: 'isCompactView=1,isShowGameId=1,unknown=5,isDetailedScore=x',
        },
      },
      'en',
    );
    expect(context).toEqual({
      lng: 'en',
      timeZone: 1,
      device: 'mobile',
      geoCountry: 'DE',
      userToken: 't1',
      forceSpa: false,
      // The display settings of the cookies; unknown keys and bad values are dropped.
      view: { coefViewId: 2, appViewType: 1, isChampsGroupedByCountry: 0, isCompactView: 1, isShowGameId: 1 },
    });
  });
});
