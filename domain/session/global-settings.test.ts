import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS, resolveGlobalSettings } from './global-settings.ts';

describe('global settings', () => {
  it('turns on the spec default flags', () => {
    expect(DEFAULT_GLOBAL_SETTINGS.isAccumulatorOfDay).toBe(1);
    expect(DEFAULT_GLOBAL_SETTINGS.isLiveAccumulator).toBe(1);
    expect(DEFAULT_GLOBAL_SETTINGS.isStatsInNewWindow).toBe(1);
    expect(DEFAULT_GLOBAL_SETTINGS.isMoveVideoOnScroll).toBe(1);
    expect(DEFAULT_GLOBAL_SETTINGS.isChampsGroupedByCountry).toBe(1);
    expect(DEFAULT_GLOBAL_SETTINGS.language).toBe('ru');
    expect(DEFAULT_GLOBAL_SETTINGS.timeZone).toBe(3);
  });
  it('overlays stored values and drops unknown keys', () => {
    const settings = resolveGlobalSettings({ appTheme: 1, bogus: 5 });
    expect(settings.appTheme).toBe(1);
    expect(settings.isChampsGroupedByCountry).toBe(1);
    expect('bogus' in settings).toBe(false);
  });
});
