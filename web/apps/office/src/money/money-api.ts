/** Calls of the office money sections: same-origin JSON with the XMLHttpRequest marker; errors as their stable code. */

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; code: string; details?: Record<string, unknown> };

export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  try {
    const response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
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

export interface PaymentMethod {
  id: number;
  code: string;
  name: string;
  currency: string;
  min: string;
  max: string;
  minMinor: string;
  maxMinor: string;
  feeBasisPoints: number;
  feeFixedMinor: string;
}

export interface PaymentEntry {
  id: string;
  reference: string;
  direction: 'deposit' | 'withdrawal';
  currency: string;
  amount: string;
  state: string;
  isCancellable: boolean;
  destination: string | null;
  failureReason: string | null;
  createdAt: string;
  /** An open deposit: until when it can be paid (it holds deposit-limit room until then). */
  expiresAt: string | null;
  /** A deposit paid during a self-exclusion, returned to its source: that deposit's id. */
  refundOf: string | null;
}

export interface TransactionEntry {
  id: string;
  accountId: string;
  currency: string;
  amount: string;
  amountMinor: string;
  reason: string;
  isReversal: boolean;
  createdAt: string;
}

export interface Paged<T> {
  entities: T[];
  total_count: number;
}

/** A new idempotency key for one money-moving submission. */
export function newKey(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${random}`;
}

/** "150.5" in the account's currency scale? Returns a message key when the text is not an amount. */
export function amountProblem(text: string, scale: number): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 'amount.required';
  const pattern = scale > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`) : /^\d{1,15}$/;
  if (!pattern.test(trimmed)) return 'amount.invalid';
  if (Number(trimmed) <= 0) return 'amount.invalid';
  return null;
}

/** Minor units of a decimal text with the given scale (no floating point): "150.5", 2 → 15050n. */
export function toMinor(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.trim().replace(',', '.').split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
}

/** Scale of the currency from a formatted amount of it ("150.00" → 2, "1000" → 0). */
export function scaleOf(formatted: string): number {
  const dot = formatted.indexOf('.');
  return dot < 0 ? 0 : formatted.length - dot - 1;
}
