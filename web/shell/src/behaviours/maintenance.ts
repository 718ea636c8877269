/**
 * The maintenance notice (site-shell §3 "Maintenance", §4, §8): active when the maintenance cookie
 * equals 1 or the configured state is true; a bare cookie value gives a default 24-hour window; the
 * notice shows start and end, in Russian for the configured countries and in English elsewhere.
 */

export const MAINTENANCE_COOKIE = 'maintenance';
export const DEFAULT_MAINTENANCE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The maintenance config group (server/src/modules/config/groups.ts). */
export interface MaintenanceConfig {
  isMaintenance?: boolean;
  notifyStartDate?: string | null;
  notifyEndDate?: string | null;
  startAt?: string | null;
  finishAt?: string | null;
  russianNoticeCountries?: readonly string[];
}

/** The maintenance cookie's fields when it carries more than a bare 1. */
export interface MaintenanceCookie {
  state: boolean;
  startedAt: number | null;
  endedAt: number | null;
  notifyStartedAt: number | null;
  notifyEndedAt: number | null;
}

export interface MaintenanceNotice {
  startMs: number;
  endMs: number;
  language: 'ru' | 'en';
}

/** A time as ms: numbers below 10^12 are seconds since epoch; strings are ISO dates or numbers. */
export function toMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return toMs(Number(value));
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** '1' → state on with no dates; a JSON object → its fields; anything else → null. */
export function parseMaintenanceCookie(raw: string | undefined): MaintenanceCookie | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  const bare = { state: false, startedAt: null, endedAt: null, notifyStartedAt: null, notifyEndedAt: null };
  if (value === '1') return { ...bare, state: true };
  if (!value.startsWith('{')) return null;
  try {
    const data = JSON.parse(value) as Record<string, unknown>;
    return {
      state: isOn(data.state),
      startedAt: toMs(data.startedAt),
      endedAt: toMs(data.endedAt),
      notifyStartedAt: toMs(data.notifyStartedAt),
      notifyEndedAt: toMs(data.notifyEndedAt),
    };
  } catch {
    return null;
  }
}

export interface MaintenanceInput {
  cookie: string | undefined;
  config: MaintenanceConfig | null;
  nowMs: number;
  geoCountry: string | null;
}

interface MaintenanceWindow {
  startMs: number | null;
  endMs: number | null;
  notifyStartMs: number | null;
  notifyEndMs: number | null;
}

function activeWindow({ cookie, config }: MaintenanceInput): MaintenanceWindow | null {
  const fromCookie = parseMaintenanceCookie(cookie);
  if (fromCookie?.state) {
    return {
      startMs: fromCookie.startedAt,
      endMs: fromCookie.endedAt,
      notifyStartMs: fromCookie.notifyStartedAt,
      notifyEndMs: fromCookie.notifyEndedAt,
    };
  }
  if (config?.isMaintenance) {
    return {
      startMs: toMs(config.startAt),
      endMs: toMs(config.finishAt),
      notifyStartMs: toMs(config.notifyStartDate),
      notifyEndMs: toMs(config.notifyEndDate),
    };
  }
  return null;
}

/** The notice to show now, or null (not active, outside the notify window, or already over). */
export function maintenanceNotice(input: MaintenanceInput): MaintenanceNotice | null {
  const window = activeWindow(input);
  if (!window) return null;
  const { nowMs } = input;
  if (window.notifyStartMs !== null && nowMs < window.notifyStartMs) return null;
  if (window.notifyEndMs !== null && nowMs > window.notifyEndMs) return null;
  const startMs = window.startMs ?? nowMs;
  const endMs = window.endMs ?? startMs + DEFAULT_MAINTENANCE_WINDOW_MS;
  if (endMs <= nowMs) return null;
  return { startMs, endMs, language: noticeLanguage(input.geoCountry, input.config) };
}

/** Russian for the configured countries (the geo country header), English everywhere else. */
export function noticeLanguage(geoCountry: string | null, config: MaintenanceConfig | null): 'ru' | 'en' {
  const countries = (config?.russianNoticeCountries ?? []).map((code) => code.toUpperCase());
  return geoCountry && countries.includes(geoCountry.toUpperCase()) ? 'ru' : 'en';
}
