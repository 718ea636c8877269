/**
 * Which social sign-in providers the server offers this browser (GET /social-api/providers). The
 * development provider is listed only with DEV_TOOLS=on and to a browser on the server's machine, so
 * its button is shown only where it works; the server-rendered form never has it (the page is the
 * same for every guest), the browser adds it once the server has answered.
 */
import { type CallResult, callApi } from '@parlay/client/api.ts';
import { useEffect, useState } from 'react';

/** The provider the buttons sign in with: the development IdP (site-shell §7 one-tap, in-house). */
export const SOCIAL_PROVIDER = 'dev';

export interface SocialProviders {
  providers: { name: string; authorizeUrl: string | null }[];
}

export const fetchSocialProviders = () => callApi<SocialProviders>('/social-api/providers');

/** Whether the answer lists the development provider (a failed call offers nothing). */
export const offersDevProvider = (answer: CallResult<SocialProviders>): boolean =>
  answer.ok && answer.data.providers.some((provider) => provider.name === SOCIAL_PROVIDER);

/** false until the server has said the development provider is offered to this browser. */
export function useDevProviderOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let current = true;
    void fetchSocialProviders().then((answer) => {
      if (current) setOffered(offersDevProvider(answer));
    });
    return () => {
      current = false;
    };
  }, []);
  return offered;
}
