/** Calls of the back-office API from the browser: JSON in and out, the operator's own cookie. */

export const API = '/backoffice-api/v1';

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; code: string };

export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const hasBody = init.body !== undefined;
  try {
    const response = await fetch(`${API}${path}`, {
      method: init.method ?? (hasBody ? 'POST' : 'GET'),
      headers: { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(init.body) : null,
      credentials: 'same-origin',
    });
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (response.ok) return { ok: true, data: body as T };
    return { ok: false, status: response.status, code: body?.error?.code ?? 'NETWORK' };
  } catch {
    return { ok: false, status: 0, code: 'NETWORK' };
  }
}

export const post = <T>(path: string, body: unknown = {}) => call<T>(path, { method: 'POST', body });

export interface Me {
  id: string;
  login: string;
  role: string;
  actions: string[];
  sections: string[];
  idleTimeoutMinutes: number;
}

export interface SessionRow {
  id: string;
  operatorId: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface OperatorRow {
  id: string;
  login: string;
  role: string;
  disabled: boolean;
  createdAt: string;
  activeSessions: number;
}

export interface Credentials {
  operatorId: string;
  login: string;
  password?: string;
  totpSecret: string;
  otpauthUri: string;
}

export interface WithdrawalRow {
  id: string;
  userId: string;
  playerName: string | null;
  amountMinor: string;
  feeMinor: string;
  currency: string;
  provider: string;
  createdAt: string;
}

export interface AuditRow {
  seq: string;
  at: string;
  operator: string;
  action: string;
  target: string;
  outcome: string;
  details: Record<string, string | number | boolean | null>;
  ip: string;
}

export const ROLES = [
  'admin',
  'trader',
  'risk',
  'payments',
  'support',
  'content',
  'compliance',
  'auditor',
] as const;
