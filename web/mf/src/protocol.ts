/**
 * The micro-app fragment protocol (ARCHITECTURE.md §4, coupon-accounts §7 "Micro-app page load").
 * One versioned contract, checked on both sides: the remote validates before answering, the host
 * validates what it receives, and a bad field is named in the error.
 */

import { formatViewSettings, type ViewSettings } from './view-settings.ts';

export const MF_API_VERSION = 'v2';
export const MF_HEADERS = {
  renderMode: 'mf-render-mode',
  apiVersion: 'mf-api-version',
  forceSpa: 'force-spa',
  language: 'mf-language',
  timeZone: 'mf-time-zone',
  device: 'mf-device',
  geoCountry: 'mf-geo-country',
  view: 'mf-view',
} as const;

/** The JSON a micro-app answers with for one path (status travels as the HTTP status). */
export interface Fragment {
  appName: string;
  title: string;
  body: string;
  style: string;
  cssToLoad: string[];
  codeToEval: string;
  scriptsToLoad: string[];
  head: string;
}

export type Device = 'mobile' | 'desktop';

/** Request context the host passes to every fragment request. */
export interface FragmentContext {
  lng: string;
  timeZone: number;
  device: Device;
  geoCountry: string | null;
  userToken: string | null;
  forceSpa: boolean;
  /** The player's display settings (view-settings.ts); absent keys take their defaults. */
  view?: ViewSettings;
}

export class FragmentSchemaError extends Error {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`fragment field "${field}" ${problem}`);
    this.name = 'FragmentSchemaError';
    this.field = field;
  }
}

const STRING_FIELDS = ['appName', 'title', 'body', 'style', 'codeToEval', 'head'] as const;
const LIST_FIELDS = ['cssToLoad', 'scriptsToLoad'] as const;
const MAX_FRAGMENT_FIELD_CHARS = 5_000_000;

/** Checks an unknown value against the fragment schema; throws FragmentSchemaError naming the bad field. */
export function parseFragment(value: unknown): Fragment {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FragmentSchemaError('(root)', 'must be an object');
  }
  const record = value as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    const v = record[field];
    if (typeof v !== 'string') throw new FragmentSchemaError(field, 'must be a string');
    if (v.length > MAX_FRAGMENT_FIELD_CHARS) throw new FragmentSchemaError(field, 'is too long');
  }
  if ((record.appName as string).length === 0) throw new FragmentSchemaError('appName', 'must not be empty');
  for (const field of LIST_FIELDS) {
    const v = record[field];
    if (!Array.isArray(v)) throw new FragmentSchemaError(field, 'must be an array of strings');
    v.forEach((item, index) => {
      if (typeof item !== 'string' || !isSafeAssetUrl(item)) {
        throw new FragmentSchemaError(`${field}[${index}]`, 'must be a same-origin absolute path');
      }
    });
  }
  return {
    appName: record.appName as string,
    title: record.title as string,
    body: record.body as string,
    style: record.style as string,
    cssToLoad: [...(record.cssToLoad as string[])],
    codeToEval: record.codeToEval as string,
    scriptsToLoad: [...(record.scriptsToLoad as string[])],
    head: record.head as string,
  };
}

/** Asset URLs must be same-origin absolute paths ("/assets/..."), never protocol-relative or remote. */
export function isSafeAssetUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !/[\s"'<>\\]/.test(url);
}

/** Headers a host sends with a fragment request. */
export function fragmentRequestHeaders(context: FragmentContext): Record<string, string> {
  const headers: Record<string, string> = {
    [MF_HEADERS.renderMode]: 'json',
    [MF_HEADERS.apiVersion]: MF_API_VERSION,
    [MF_HEADERS.language]: context.lng,
    [MF_HEADERS.timeZone]: String(context.timeZone),
    [MF_HEADERS.device]: context.device,
  };
  if (context.forceSpa) headers[MF_HEADERS.forceSpa] = '1';
  if (context.geoCountry) headers[MF_HEADERS.geoCountry] = context.geoCountry;
  const view = context.view ? formatViewSettings(context.view) : '';
  if (view) headers[MF_HEADERS.view] = view;
  return headers;
}
