/** The office security calls (server/src/modules/auth routes-security, routes-session, routes-user). */
import { type CallResult, callApi } from '@parlay/client/api.ts';

const AUTH = '/web-api/auth/v1';

export interface ProtectionMethods {
  is_changed_password: boolean;
  enable_two_factor_auth: boolean;
  enable_phone_binding: boolean;
  enable_security_question: boolean;
  enable_email_auth: boolean;
}

export interface UserConfig {
  user_id: number;
  account_number?: string;
  user_email: string | null;
  phone_code: string | null;
  phone_number: string | null;
  user_name: string;
  user_country_code: string | null;
  user_country_id?: number | null;
  user_currency?: string;
  activation_type: number;
  remaining_days_to_activate: number | null;
  protection_level: number | null;
  protection_methods: ProtectionMethods;
  is_email_confirmed?: boolean;
  is_phone_confirmed?: boolean;
  user_data: { date_birthday: string | null; name: string; surname: string };
  verification_status: number;
}

export interface OpenSession {
  id: string;
  method: string;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
}

const post = <T>(path: string, body?: unknown): Promise<CallResult<T>> =>
  callApi<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });

export const securityApi = {
  config: () => callApi<{ result: UserConfig }>('/web-api/user/config'),
  settings: () => callApi<{ result: Record<string, unknown> }>('/web-api/user/settings'),
  sessions: () => callApi<{ data: OpenSession[] }>(`${AUTH}/sessions`),
  endSession: (id: string) =>
    callApi<{ result: boolean }>(`${AUTH}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  endOthers: () => post<{ result: boolean; ended: number }>(`${AUTH}/sessions/end-others`),
  changePassword: (currentPassword: string, newPassword: string) =>
    post<{ result: boolean; endedSessions: number }>(`${AUTH}/password/change`, {
      currentPassword,
      newPassword,
    }),
  reauth: (body: { password?: string; code?: string }) => post<{ result: boolean }>(`${AUTH}/reauth`, body),
  setupTwoStep: () => post<{ secret: string; otpauthUri: string }>(`${AUTH}/two-step/setup`),
  confirmTwoStep: (code: string) =>
    post<{ result: boolean; backupCodes: string[] }>(`${AUTH}/two-step/confirm`, { code }),
  disableTwoStep: (code: string) => post<{ result: boolean }>(`${AUTH}/two-step/disable`, { code }),
  newBackupCodes: () => post<{ backupCodes: string[] }>(`${AUTH}/two-step/backup-codes`),
};

/** The dictionary key of a failed call (office-security.json errors.<CODE>). */
export function failureKey(result: { status: number | null; error: { code: string } | null }): string {
  if (result.status === null) return 'errors.network';
  const known = [
    'INVALID_CREDENTIALS',
    'TWO_STEP_INVALID',
    'REAUTH_REQUIRED',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'RATE_LIMITED',
    'SESSION_NOT_FOUND',
  ];
  const code = result.error?.code ?? '';
  return known.includes(code) ? `errors.${code}` : 'errors.generic';
}
