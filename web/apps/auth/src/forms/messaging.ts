/**
 * Whether the site delivers e-mail and SMS (site config features.isMessagingEnabled, false with
 * MESSAGING=off on the server): without it the flows that need a code are hidden, since the server
 * refuses them (MESSAGING_OFF): SMS sign-in, phone registration and password recovery.
 */
import { callApi } from '@parlay/client/api.ts';
import { useEffect, useState } from 'react';

/** features.isMessagingEnabled of the site config groups; only an explicit false turns it off. */
export function messagingEnabledOf(groups: Record<string, Record<string, unknown> | undefined>): boolean {
  return groups.features?.isMessagingEnabled !== false;
}

/** The login modes offered: sms only with messaging. loginModesFor(['a', 'sms'], false) → ['a']. */
export function loginModesFor<M extends string>(modes: readonly M[], messaging: boolean): M[] {
  return modes.filter((mode) => messaging || mode !== 'sms');
}

/** The registration types offered: phone (confirmed by an SMS code) only with messaging. */
export function registrationTypesFor<T extends string>(types: readonly T[], messaging: boolean): T[] {
  return types.filter((type) => messaging || type !== 'phone');
}

/** The flag from the site config; true until it loads (the server still refuses what is off). */
export function useMessagingEnabled(lng: string): boolean {
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    let live = true;
    void callApi<Record<string, Record<string, unknown> | undefined>>(
      `/bff-api/config/all.json?lang=${encodeURIComponent(lng)}`,
    ).then((answer) => {
      if (live && answer.ok) setEnabled(messagingEnabledOf(answer.data));
    });
    return () => {
      live = false;
    };
  }, [lng]);
  return enabled;
}
