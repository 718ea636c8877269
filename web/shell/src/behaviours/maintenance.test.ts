import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAINTENANCE_WINDOW_MS,
  type MaintenanceConfig,
  maintenanceNotice,
  noticeLanguage,
  parseMaintenanceCookie,
  toMs,
} from './maintenance.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;
const RU_COUNTRIES: MaintenanceConfig = { russianNoticeCountries: ['RU', 'BY', 'KZ'] };

describe('maintenance is active', () => {
  it.each([
    ['cookie 1, no config', '1', null, true],
    ['cookie 0', '0', null, false],
    ['no cookie, state false', undefined, { isMaintenance: false }, false],
    ['no cookie, state true', undefined, { isMaintenance: true }, true],
    ['cookie JSON with state', JSON.stringify({ state: true }), null, true],
    ['cookie JSON with state off', JSON.stringify({ state: 0 }), null, false],
    ['garbage cookie', 'yes', null, false],
  ] as Array<[string, string | undefined, MaintenanceConfig | null, boolean]>)(
    '%s',
    (_n, cookie, config, on) => {
      expect(maintenanceNotice({ cookie, config, nowMs: NOW, geoCountry: null }) !== null).toBe(on);
    },
  );
});

describe('window', () => {
  it('a bare cookie value gives a default 24-hour window from now', () => {
    expect(maintenanceNotice({ cookie: '1', config: null, nowMs: NOW, geoCountry: null })).toEqual({
      startMs: NOW,
      endMs: NOW + DEFAULT_MAINTENANCE_WINDOW_MS,
      language: 'en',
    });
  });

  it('uses the configured start and finish', () => {
    const config = { isMaintenance: true, startAt: '2026-03-01T10:00:00Z', finishAt: '2026-03-01T14:00:00Z' };
    expect(maintenanceNotice({ cookie: undefined, config, nowMs: NOW, geoCountry: null })).toMatchObject({
      startMs: NOW - 2 * HOUR,
      endMs: NOW + 2 * HOUR,
    });
  });

  it('a start without an end lasts 24 hours', () => {
    const cookie = JSON.stringify({ state: 1, startedAt: (NOW + HOUR) / 1000 });
    expect(maintenanceNotice({ cookie, config: null, nowMs: NOW, geoCountry: null })).toMatchObject({
      startMs: NOW + HOUR,
      endMs: NOW + HOUR + DEFAULT_MAINTENANCE_WINDOW_MS,
    });
  });

  it('an ended window shows nothing', () => {
    const config = { isMaintenance: true, startAt: '2026-02-01T00:00:00Z', finishAt: '2026-02-02T00:00:00Z' };
    expect(maintenanceNotice({ cookie: undefined, config, nowMs: NOW, geoCountry: null })).toBeNull();
  });

  it.each([
    ['before the notify window', NOW + HOUR, NOW + 2 * HOUR, false],
    ['inside the notify window', NOW - HOUR, NOW + HOUR, true],
    ['after the notify window', NOW - 2 * HOUR, NOW - HOUR, false],
  ])('%s', (_n, notifyStartedAt, notifyEndedAt, shown) => {
    const cookie = JSON.stringify({ state: true, notifyStartedAt, notifyEndedAt });
    expect(maintenanceNotice({ cookie, config: null, nowMs: NOW, geoCountry: null }) !== null).toBe(shown);
  });
});

describe('language of the notice', () => {
  it.each([
    ['RU', 'ru'],
    ['kz', 'ru'],
    ['DE', 'en'],
    [null, 'en'],
  ] as Array<[string | null, 'ru' | 'en']>)('geo %s → %s', (geo, language) => {
    expect(noticeLanguage(geo, RU_COUNTRIES)).toBe(language);
  });

  it('is English without a configured country list', () => {
    expect(noticeLanguage('RU', null)).toBe('en');
  });
});

describe('parsing', () => {
  it.each([
    [1_700_000_000, 1_700_000_000_000],
    [1_700_000_000_000, 1_700_000_000_000],
    ['1700000000', 1_700_000_000_000],
    ['2026-03-01T12:00:00Z', NOW],
    ['', null],
    ['soon', null],
    [null, null],
  ] as Array<[unknown, number | null]>)('toMs(%s) → %s', (value, ms) => {
    expect(toMs(value)).toBe(ms);
  });

  it('reads every cookie field', () => {
    const raw = JSON.stringify({
      state: '1',
      startedAt: 10,
      endedAt: 20,
      notifyStartedAt: 5,
      notifyEndedAt: 20,
    });
    expect(parseMaintenanceCookie(raw)).toEqual({
      state: true,
      startedAt: 10_000,
      endedAt: 20_000,
      notifyStartedAt: 5_000,
      notifyEndedAt: 20_000,
    });
    expect(parseMaintenanceCookie('{broken')).toBeNull();
    expect(parseMaintenanceCookie(undefined)).toBeNull();
  });
});
