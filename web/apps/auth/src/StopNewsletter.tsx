/**
 * /user/stopnewsletter?u=…&s=…: the signed one-click unsubscribe link of a newsletter. Opening it
 * posts u and s to /web-api/mailing/v1/stopnewsletter (the mailing module checks the signature and
 * turns every newsletter off); link scanners that do not run scripts unsubscribe nobody.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';

export function StopNewsletter({ lng }: { lng: string }) {
  const t = useT('auth');
  const [state, setState] = useState<'working' | 'done' | 'invalid'>('working');
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    void fetch('/web-api/mailing/v1/stopnewsletter', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ u: query.get('u') ?? '', s: query.get('s') ?? '' }),
    }).then(
      (res) => setState(res.ok ? 'done' : 'invalid'),
      () => setState('invalid'),
    );
  }, []);
  return (
    <div role="status" data-testid="stopnewsletter" data-state={state}>
      <p>{t(`stopnewsletter.${state}`)}</p>
      {state === 'working' ? null : (
        <a href={`/${lng}/office/settings`}>{t('stopnewsletter.settings_link')}</a>
      )}
    </div>
  );
}
