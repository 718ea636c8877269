/**
 * Logout (coupon-accounts §4): calls disconnect, clears the auth cookies, resets the ban level, the
 * user and the active account, then goes home; when disconnect fails the page reloads (site-shell §8).
 */
import { resetTokenRefresh } from '@parlay/client/api.ts';
import { GUEST_SESSION } from '../routing/site-config.ts';
import { setSessionStatus } from './session-store.ts';

/** Cleared with the session: the first-deposit popup may show again after the next sign-in. */
export const FIRST_DEPOSIT_CLOSED_KEY = 'parlay_first_deposit_closed';
export const INACTIVITY_FLAG_KEY = 'parlay_inactivity_logoff';
const AUTH_COOKIES = ['user_token'];

export async function logout(lng: string, reason: 'user' | 'inactivity' = 'user'): Promise<void> {
  let ok = false;
  try {
    const response = await fetch('/web-api/auth/v1/disconnect', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      credentials: 'same-origin',
    });
    ok = response.ok;
  } catch (error) {
    console.warn('disconnect failed', error);
  }
  for (const name of AUTH_COOKIES) {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the auth cookie is the point of logout
    document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
  }
  resetTokenRefresh();
  setSessionStatus(GUEST_SESSION);
  try {
    sessionStorage.removeItem(FIRST_DEPOSIT_CLOSED_KEY);
    if (reason === 'inactivity') localStorage.setItem(INACTIVITY_FLAG_KEY, '1');
  } catch {
    // storage blocked: the notice on the next load is lost, the logout is not
  }
  if (ok) location.assign(`/${lng}/`);
  else location.reload();
}
