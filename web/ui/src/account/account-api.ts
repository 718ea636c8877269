/**
 * The account calls the shared account widgets make (contact confirmation), and the texts of the
 * auth service's error codes (namespace "auth", errors.<CODE>), shared by the auth app's forms.
 */
import { type ApiErrorBody, type CallResult, callApi } from '@parlay/client/api.ts';

const AUTH = '/web-api/auth/v1';

export const accountPost = <T>(path: string, body: unknown): Promise<CallResult<T>> =>
  callApi<T>(path, { method: 'POST', body });

/** Confirms the e-mail or phone with the code that was sent to it. */
export const confirmContact = (body: { channel: 'email' | 'phone'; code: string }) =>
  accountPost<{ result: boolean }>(`${AUTH}/contacts/confirm`, body);

/** Error codes the auth dictionary has a message for (auth.json errors.<CODE>). */
const KNOWN_ERRORS = new Set([
  'INVALID_CREDENTIALS',
  'TWO_STEP_INVALID',
  'REGISTRATION_DISABLED',
  'REGISTRATION_TYPE_DISABLED',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'UNDERAGE',
  'WRONG_CODE',
  'CODE_TIME_UP',
  'CODE_ATTEMPTS_EXCEEDED',
  'CAPTCHA_REQUIRED',
  'TOKEN_LOGIN_INVALID',
  'SOCIAL_TOKEN_INVALID',
  'SOCIAL_PROVIDER_UNKNOWN',
  'RATE_LIMITED',
  'VALIDATION_FAILED',
  'REAUTH_REQUIRED',
  'NOT_AUTHENTICATED',
  'SIGN_IN_INTERRUPTED',
]);

/** The dictionary key of a failed call's message (a network failure has its own). */
export function accountErrorKey(result: { status: number | null; error: ApiErrorBody | null }): string {
  if (result.status === null) return 'errors.network';
  const code = result.error?.code;
  return code && KNOWN_ERRORS.has(code) ? `errors.${code}` : 'errors.generic';
}
