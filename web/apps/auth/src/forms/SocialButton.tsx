/**
 * Social sign-in (site-shell §7) with the development identity provider: fetch the client id and a
 * nonce, go to the provider, come back to the login page with an ID token in the fragment, post it as
 * multipart and follow redirectUrl. completeSocialSignIn handles the way back.
 */
import { type CaptchaSolver, callApi, solveProofOfWork } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { authApi, errorKey } from './auth-api.ts';
import styles from './forms.module.css';
import { SOCIAL_PROVIDER, useDevProviderOffered } from './social-providers.ts';

const STATE_KEY = 'parlay_social_state';
const DEFAULT_SOCIAL = { currency: 'RUB', countryId: 1 };

/**
 * "or" and the development provider's button, shown only once the server offers that provider to
 * this browser (social-providers.ts); nothing otherwise.
 */
export function SocialButton({ lng, returnUrl }: { lng: string; returnUrl: string | null }) {
  const t = useT('auth');
  const offered = useDevProviderOffered();
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    const client = await authApi.socialClient(SOCIAL_PROVIDER);
    if (!client.ok || !client.data.authorizeUrl) {
      setError(t(client.ok ? 'errors.generic' : errorKey(client)));
      return;
    }
    const state = crypto.randomUUID();
    const back = returnUrl ?? location.pathname + location.search;
    sessionStorage.setItem(STATE_KEY, JSON.stringify({ state, returnUrl: back }));
    const params = new URLSearchParams({
      client_id: client.data.clientId,
      redirect_uri: `${location.origin}/${lng}/user/login?social=${SOCIAL_PROVIDER}`,
      response_type: 'id_token',
      nonce: client.data.nonce,
      state,
    });
    location.assign(`${client.data.authorizeUrl}?${params.toString()}`);
  };
  if (!offered) return null;
  return (
    <>
      <div className={styles.divider}>{t('or')}</div>
      <Button onClick={() => void start()} data-testid="social-dev">
        {t('login.social_dev')}
      </Button>
      {error ? <Message kind="error">{error}</Message> : null}
    </>
  );
}

/**
 * The way back from the provider has no form to show an image in: a captcha is answered with a
 * proof of work (it satisfies an image requirement too).
 */
const proofOfWork: CaptchaSolver = async () => {
  const challenge = await callApi<{ id: string; challenge: string; bits: number }>('/captcha-api/v1/gettime');
  if (!challenge.ok) return null;
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  try {
    return `${challenge.data.id}:${await solveProofOfWork(challenge.data.challenge, challenge.data.bits, { digest })}`;
  } catch {
    return null;
  }
};

/** On the login page after the provider: posts the ID token; answers the error key or navigates. */
export async function completeSocialSignIn(lng: string): Promise<string | null> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const idToken = fragment.get('id_token');
  const provider = new URLSearchParams(location.search).get('social');
  if (!idToken || !provider) return null;
  history.replaceState(history.state, '', location.pathname);
  let saved: { state?: string; returnUrl?: string } = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(STATE_KEY) ?? '{}') as typeof saved;
    sessionStorage.removeItem(STATE_KEY);
  } catch {
    saved = {};
  }
  if (!saved.state || saved.state !== fragment.get('state')) return 'errors.SOCIAL_TOKEN_INVALID';
  const form = new FormData();
  form.set('credential', idToken);
  form.set('language', lng);
  form.set('currency', DEFAULT_SOCIAL.currency);
  form.set('countryId', String(DEFAULT_SOCIAL.countryId));
  if (saved.returnUrl?.startsWith('/') && !saved.returnUrl.startsWith('//')) {
    form.set('returnUrl', saved.returnUrl.includes('/user/login') ? `/${lng}/` : saved.returnUrl);
  }
  const result = await authApi.socialSignIn(provider, form, proofOfWork);
  if (!result.ok) return errorKey(result);
  location.assign(result.data.redirectUrl);
  return 'login.signing_in';
}
