/**
 * Account pages of site-shell §2: /confirm (signed in: confirm the e-mail or phone with a code sent
 * now, or with ?channel=email|phone&code= from a message), /user/activatefast/activate and
 * /user/accountverify (the link of the confirmation e-mail, ?user=&code=, on any device, signed in or
 * not) and /user/activatefast/activatefast (a one-click account is made a full one by confirming a
 * contact within remaining_days_to_activate).
 */
import { callApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { ContactChannelForm, type Contacts } from '@parlay/ui/account/ContactChannelForm.tsx';
import { Message } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { errorKey, post } from './auth-api.ts';
import styles from './forms.module.css';

type Channel = 'email' | 'phone';
const CODE_PATTERN = /^\d{6}$/;

/** The link of the confirmation e-mail: confirms on load and says how it went. */
export function ActivationLink({ lng }: { lng: string }) {
  const t = useT('auth');
  const [state, setState] = useState<{ kind: 'idle' | 'working' } | { kind: 'done' | 'error'; key: string }>({
    kind: 'idle',
  });
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const userId = Number(query.get('user'));
    const code = query.get('code') ?? '';
    if (!Number.isInteger(userId) || userId < 1 || !CODE_PATTERN.test(code)) return;
    setState({ kind: 'working' });
    void post<{ result: boolean }>('/web-api/auth/v1/activation/link', { userId, code }).then((result) =>
      setState(
        result.ok
          ? { kind: 'done', key: 'registration.email_confirmed' }
          : { kind: 'error', key: errorKey(result) },
      ),
    );
  }, []);
  return (
    <div className={styles.form} data-testid="activation-link" data-state={state.kind}>
      {state.kind === 'idle' ? <p className={styles.muted}>{t('activation.link_text')}</p> : null}
      {state.kind === 'working' ? <Message kind="info">{t('activation.checking')}</Message> : null}
      {state.kind === 'done' || state.kind === 'error' ? (
        <Message kind={state.kind === 'done' ? 'success' : 'error'}>{t(state.key)}</Message>
      ) : null}
      <p className={styles.muted}>
        <a href={`/${lng}/confirm`}>{t('activation.to_confirm_page')}</a>
      </p>
    </div>
  );
}

/** /confirm and /user/activatefast/activatefast: the signed-in player's contacts and their codes. */
export function ContactConfirm({ lng, conversion }: { lng: string; conversion: boolean }) {
  const t = useT('auth');
  const [contacts, setContacts] = useState<Contacts | 'guest' | 'error' | null>(null);
  const [query, setQuery] = useState<{ channel: Channel; code: string } | null>(null);
  const load = () =>
    void callApi<{ result: Contacts }>('/web-api/user/config').then((result) => {
      if (result.ok) setContacts(result.data.result);
      else setContacts(result.status === 401 ? 'guest' : 'error');
    });
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const channel = search.get('channel');
    const code = search.get('code') ?? '';
    if ((channel === 'email' || channel === 'phone') && CODE_PATTERN.test(code)) setQuery({ channel, code });
    load();
  }, []);
  if (contacts === null) return <p className={styles.muted}>{t('loading')}</p>;
  if (contacts === 'error') return <Message kind="error">{t('errors.generic')}</Message>;
  if (contacts === 'guest')
    return (
      <div className={styles.form} data-testid="contact-confirm" data-state="guest">
        <Message kind="info">{t('activation.login_first')}</Message>
        <a
          className={styles.linkButton}
          href={`/${lng}/user/login?return-url=${encodeURIComponent(location.pathname + location.search)}`}
        >
          {t('login.submit')}
        </a>
      </div>
    );
  const days = contacts.remaining_days_to_activate;
  return (
    <div className={styles.form} data-testid="contact-confirm" data-state="ready">
      <p className={styles.muted}>
        {t(conversion ? 'activation.conversion_text' : 'activation.confirm_text')}
      </p>
      {days !== null ? (
        <Message kind="info">{t('activation.days_left', { count: days })}</Message>
      ) : conversion ? (
        <Message kind="success">{t('activation.activated')}</Message>
      ) : null}
      {(['email', 'phone'] as const).map((channel) => (
        <ContactChannelForm
          key={channel}
          lng={lng}
          channel={channel}
          contacts={contacts}
          initialCode={query?.channel === channel ? query.code : ''}
          onConfirmed={load}
        />
      ))}
    </div>
  );
}
