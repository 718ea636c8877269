import { describe, expect, it } from 'vitest';
import { formatViewSettings, parseViewSettings, viewSettingsFromCookies } from './view-settings.ts';

describe('view settings from cookies', () => {
  it('reads the 12 h clock and the hidden side panels from their own cookies', () => {
    expect(viewSettingsFromCookies({ is12h: '1', hide_left: '1', hide_right: '0' })).toEqual({
      is12h: 1,
      hideLeft: 1,
      hideRight: 0,
    });
  });

  it('leaves absent or bad cookies to the defaults', () => {
    expect(viewSettingsFromCookies({})).toEqual({});
    expect(viewSettingsFromCookies({ is12h: 'yes', hide_left: '', hide_right: '100' })).toEqual({});
  });

  it('lets a setting’s own cookie win over sports_view', () => {
    expect(viewSettingsFromCookies({ sports_view: 'isCompactView=1,is12h=0', is12h: '1' })).toEqual({
      isCompactView: 1,
      is12h: 1,
    });
  });

  it('carries the new keys through the mf-view header', () => {
    const view = { is12h: 1, hideLeft: 1, hideRight: 1 };
    expect(formatViewSettings(view)).toBe('is12h=1,hideLeft=1,hideRight=1');
    expect(parseViewSettings(formatViewSettings(view))).toEqual(view);
  });
});
