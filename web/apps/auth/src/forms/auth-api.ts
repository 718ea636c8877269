/** The auth service calls of the forms (server/src/modules/auth), through the shared call rules. */
import { type CallResult, type CaptchaSolver, callApi } from '@parlay/client/api.ts';
import { deviceFingerprints, FINGERPRINT_HEADER } from './fingerprint.ts';

export { accountErrorKey as errorKey } from '@parlay/ui/account/account-api.ts';

const AUTH = '/web-api/auth/v1';
const FINGERPRINT_WAIT_MS = 3000;

export interface SignInAnswer {
  result: 'ok' | 'two_step_required';
  userId: number | null;
  twoStepToken: string | null;
}

export interface Registered {
  userId: number;
  accountNumber: string;
  password?: string;
}

export const post = <T>(path: string, body: unknown, captcha?: CaptchaSolver): Promise<CallResult<T>> =>
  callApi<T>(path, { method: 'POST', body, ...(captcha ? { captcha } : {}) });

/**
 * A sign-in or registration call with the device fingerprint header; a 400 FINGERPRINT_INVALID
 * (site-shell §8 "Fingerprint 400") refreshes the fingerprint and retries once.
 */
async function withFingerprint<T>(
  call: (headers: Record<string, string>) => Promise<CallResult<T>>,
): Promise<CallResult<T>> {
  const headersOf = (fingerprint: { token: string } | null): Record<string, string> =>
    fingerprint ? { [FINGERPRINT_HEADER]: fingerprint.token } : {};
  // A slow provider never holds a sign-in up: after the wait the call goes without a fingerprint.
  const fingerprint = (refresh: boolean) =>
    Promise.race([
      deviceFingerprints().get(refresh),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), FINGERPRINT_WAIT_MS)),
    ]);
  const first = await call(headersOf(await fingerprint(false)));
  if (first.ok || first.error?.code !== 'FINGERPRINT_INVALID') return first;
  return call(headersOf(await fingerprint(true)));
}

const signInPost = <T>(path: string, body: unknown, captcha?: CaptchaSolver): Promise<CallResult<T>> =>
  withFingerprint((headers) =>
    callApi<T>(path, { method: 'POST', body, headers, ...(captcha ? { captcha } : {}) }),
  );

export const authApi = {
  login: (body: { login: string; password: string; remember: boolean }, captcha: CaptchaSolver) =>
    signInPost<SignInAnswer>(`${AUTH}/login`, body, captcha),
  loginPhone: (
    body: { phoneCode: string; phoneNumber: string; password: string; remember: boolean },
    captcha: CaptchaSolver,
  ) => signInPost<SignInAnswer>(`${AUTH}/login/phone`, body, captcha),
  sendSms: (body: { phoneCode: string; phoneNumber: string; purpose: 'login' | 'registration' }) =>
    post<{ result: boolean; resendAfterSeconds: number }>(`${AUTH}/sms/send`, body),
  loginSms: (
    body: { phoneCode: string; phoneNumber: string; code: string; remember: boolean },
    captcha: CaptchaSolver,
  ) => signInPost<SignInAnswer>(`${AUTH}/login/sms`, body, captcha),
  twoStep: (body: { twoStepToken: string; code: string }, captcha: CaptchaSolver) =>
    signInPost<SignInAnswer>(`${AUTH}/login/two-step`, body, captcha),
  tokenLogin: (body: { methodId: number; userId: number; time: number; sign: string; lang: string }) =>
    signInPost<{ result: 'ok'; userId: number; redirectUrl: string }>(`${AUTH}/login/token`, body),
  register: (type: 'fast' | 'phone' | 'full', body: Record<string, unknown>, captcha: CaptchaSolver) =>
    signInPost<Registered>(`${AUTH}/registration/${type}`, body, captcha),
  mailCredentials: (body: { email: string; password: string }) =>
    post<{ result: boolean }>(`${AUTH}/registration/credentials/email`, body),
  forgot: (body: Record<string, unknown>, captcha: CaptchaSolver) =>
    post<{ result: boolean }>(`${AUTH}/password/forgot`, body, captcha),
  reset: (body: Record<string, unknown>, captcha: CaptchaSolver) =>
    post<{ result: boolean }>(`${AUTH}/password/reset`, body, captcha),
  confirmTerms: () => post<{ result: boolean }>('/web-api/api-v3/v2/user/agreement-rules/confirm', {}),
  socialClient: (provider: string) =>
    callApi<{ clientId: string; nonce: string; authorizeUrl: string | null }>(
      `/social-api/oauth/${encodeURIComponent(provider)}/clientId`,
    ),
  socialSignIn: (provider: string, form: FormData, captcha: CaptchaSolver) =>
    withFingerprint((headers) =>
      callApi<{ redirectUrl: string }>(`/social-api/oauth/${encodeURIComponent(provider)}`, {
        method: 'POST',
        body: form,
        headers,
        captcha,
      }),
    ),
};
