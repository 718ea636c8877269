/**
 * The browser side of the limits service (site-shell §7): typed calls used by the shell's limit
 * behaviours, the office responsible page and the deposit-limit offer, and how a limit's values read
 * (texts of namespace "limits", numbers and money through the shared formatters).
 */
import { formatMoney, formatNumber } from '@parlay/i18n/format.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';

export const LIMITS_BASE = '/limit-service-api/api/external/web/v3';
export const REALITY_CHECK_PATH = '/web-api/api/web/user/v1/reality-check';

export interface ClientLimit {
  limitType: number;
  limitValue: number;
  limitBalance: number;
  limitState: 'ACTIVE' | 'PENDING' | 'INACTIVE';
  needApprove: boolean;
  startedAt: number | null;
  endsAt: number | null;
  pendingValue: number | null;
  approveAt: number | null;
  hoursLeft: number;
  measure: 'currency' | 'days' | 'hours' | 'minutes';
  label: string;
  optionsMap: Record<string, string>;
  currency: string;
  /** A limit the operator set: the player may make it stricter, not looser or removed. */
  operatorLimit?: { value: number; setAt: number };
}

export interface PeriodStats {
  sessionSeconds: number;
  netMinor: string;
  depositsMinor: string;
}
export interface PlayerStats {
  currency: string;
  today: PeriodStats;
  week: PeriodStats;
  month: PeriodStats;
}

/** An answer: the body, or the HTTP status (null: network failure) and the server's message. */
export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number | null; message: string | null; code: string | null };

async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => null)) as
      | (T & { error?: { message?: string; code?: string } })
      | null;
    if (response.ok && json) return { ok: true, data: json };
    return {
      ok: false,
      status: response.status,
      message: json?.error?.message ?? null,
      code: json?.error?.code ?? null,
    };
  } catch {
    return { ok: false, status: null, message: null, code: null };
  }
}

export const limitsApi = {
  list: () => call<{ data: ClientLimit[] }>('GET', `${LIMITS_BASE}/limits`),
  set: (limitType: number, limitValue: number) =>
    call<{ status: string; title: string; data: ClientLimit }>('POST', `${LIMITS_BASE}/limit`, {
      limitType,
      limitValue,
    }),
  cancel: (limitType: number) =>
    call<{ status: string; title: string; data: ClientLimit }>(
      'DELETE',
      `${LIMITS_BASE}/limit?limitType=${limitType}`,
    ),
  action: (action: 'approve' | 'reject', limitType?: number) =>
    call<{ status: string; title: string }>(
      'POST',
      `${LIMITS_BASE}/limitaction?action=${action}${limitType ? `&limitType=${limitType}` : ''}`,
    ),
  ping: () => call<{ result: boolean; sessionSecondsLeft: number | null }>('POST', `${LIMITS_BASE}/ping`),
  stats: () => call<PlayerStats>('GET', `${LIMITS_BASE}/stats`),
  realityCheck: (
    action: 'continue' | 'log_out' | 'nothing',
    doNotShowAgain: boolean,
    popupShowAtMs: number,
  ) =>
    call<{ result: boolean }>('POST', REALITY_CHECK_PATH, {
      data: { attributes: { action, do_not_show_again: doNotShowAgain, popup_show_at: popupShowAtMs } },
    }),
  logout: () => call<{ result: boolean }>('POST', '/web-api/auth/v1/disconnect', {}),
};

/** A limit value as shown: "1 000 RUB" (ru) / "1,000 RUB" (en), "7 days", "No limit". */
export function formatLimitValue(limit: ClientLimit, value: number, t: TranslateFn, lng: string): string {
  if (value === -1 || value === 999_999_999) return t('no_limit');
  if (limit.measure === 'currency') return `${formatNumber(value, lng)} ${limit.currency}`;
  return t(`measure.${limit.measure}`, { count: value });
}

/** Minor units as money text: formatMinor('-12345', 'RUB', 'en') → "-123.45 RUB" (ru "-123,45 RUB"). */
export function formatMinor(minor: string, currency: string, lng: string): string {
  return formatMoney(minor, currency, lng);
}

/**
 * Seconds as words from the dictionary, whole minutes rounded down: 300 → "5 min", 3900 →
 * "1 h 05 min" (ru "1 ч 05 мин"), 0 → "0 min", 1-59 → "less than a minute".
 */
export function formatDuration(seconds: number, t: TranslateFn): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) return t('duration.hours_minutes', { h, mm: String(m).padStart(2, '0') });
  return m > 0 || total === 0 ? t('duration.minutes', { m }) : t('duration.under_minute');
}
