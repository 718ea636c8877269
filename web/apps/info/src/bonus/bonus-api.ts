/** Calls of the promotion pages to /web-api/bonuses/v1: same-origin JSON; errors as their stable code. */

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; code: string; details?: Record<string, unknown> };

export const BONUS_API = '/web-api/bonuses/v1';

/** The §9 bonus categories the hub filters by; all_bonuses is every category. */
export const CATEGORIES = [
  'all_bonuses',
  'first_deposit',
  'redeposit',
  'bukmaker',
  'casino',
  'poker',
  'cashback',
  'shares',
  'bonuses',
] as const;

export interface Offer {
  code: string;
  category: string;
  trigger: string;
  title: Record<string, string>;
  terms: Record<string, string>;
  reward: {
    kind: string;
    percentBp?: number;
    capMinor?: string;
    amountMinor?: string;
    count?: number;
    games?: string[];
    stakeMinor?: string;
    points?: string;
  };
  wagering: {
    multiple: number;
    basis: string;
    minOddsMilli: number;
    maxBetMinor: string;
    maxConversionMinor: string;
    expiryDays: number;
  };
  conditions: { countries: string[]; currencies: string[]; minDepositMinor: string; products: string[] };
  startsAt: string | null;
  endsAt: string | null;
  optInRequired: boolean;
  /** A live promo code of the campaign (one offer's page only): its registration link. */
  promoCode?: string;
}

export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const post = init.method === 'POST';
  try {
    const response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(post ? { 'idempotency-key': crypto.randomUUID() } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const json = (await response.json().catch(() => null)) as
      | (T & { error?: { code?: string; details?: Record<string, unknown> } })
      | null;
    if (!response.ok || json === null) {
      const error = json?.error;
      return {
        ok: false,
        code: error?.code ?? `HTTP_${response.status}`,
        ...(error?.details ? { details: error.details } : {}),
      };
    }
    return { ok: true, data: json };
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
}

/** A text of the offer in the page's language, else English, else any. */
export function textOf(texts: Record<string, string>, lng: string): string {
  return texts[lng] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

/** An error code's text from the errors dictionary (codes in lower case), else a generic one. */
export function errorText(te: (key: string) => string, fallback: string, code: string): string {
  const key = code.toLowerCase();
  const text = te(key);
  return text === key ? fallback : text;
}
