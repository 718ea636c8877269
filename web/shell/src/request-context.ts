/** The request context the shell passes to every fragment request, read from the page request. */
import type { Language } from '@parlay/i18n/languages.ts';
import type { ShellRequest } from '@parlay/mf/contract.ts';
import type { Device, FragmentContext } from '@parlay/mf/protocol.ts';
import { viewSettingsFromCookies } from '@parlay/mf/view-settings.ts';

/** Spec: default time zone 3 (hours from UTC) when the `tzo` cookie is absent or invalid. */
export const DEFAULT_TIME_ZONE = 3;

export type Theme = 'dark' | 'light';
export const DEFAULT_THEME: Theme = 'dark';

/** The `tzo` cookie as whole hours from UTC (-12…14), else the default. */
export function timeZoneFrom(cookie: string | undefined): number {
  if (cookie === undefined || !/^[+-]?\d{1,2}$/.test(cookie.trim())) return DEFAULT_TIME_ZONE;
  const hours = Number(cookie);
  return hours >= -12 && hours <= 14 ? hours : DEFAULT_TIME_ZONE;
}

export function deviceFrom(userAgent: string | undefined): Device {
  return userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
}

export function themeFrom(cookie: string | undefined): Theme {
  return cookie === 'light' || cookie === 'dark' ? cookie : DEFAULT_THEME;
}

/** Two-letter country code from a trusted proxy header, else null. */
export function geoCountryFrom(headers: ShellRequest['headers']): string | null {
  const value = headers['mf-geo-country'] ?? headers['cf-ipcountry'];
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

export function fragmentContextFor(request: ShellRequest, lng: Language): FragmentContext {
  return {
    lng,
    timeZone: timeZoneFrom(request.cookies.tzo),
    device: deviceFrom(request.headers['user-agent']),
    geoCountry: geoCountryFrom(request.headers),
    userToken: request.cookies.user_token ?? null,
    forceSpa: false,
    view: viewSettingsFromCookies(request.cookies),
  };
}
