/**
 * Account pages of site-shell §2: /confirm (signed in: confirm the e-mail or phone with a code sent
 * now, or with ?channel=email|phone&code= from a message), /user/activatefast/activate and
 * /user/accountverify (the link of the confirmation e-mail, ?user=&code=, on any device, signed in or
 * not) and /user/activatefast/activatefast (a one-click account is made a full one by confirming a
 * contact within remaining_days_to_activate).
 */
import { type CallResult, callApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { authApi, errorKey, post } from './auth-api.ts';
import { CodeField, EmailField, Message } from './fields.tsx';
import styles from './forms.module.css';
import { PhoneFields, phoneCodeOf } from './LoginForm.tsx';
import { applyPhoneMask, countryOfPhoneCode, usePhoneCountries } from './phone-mask.ts';

export interface Contacts {
  user_email: string | null;
  user_country_id?: number | null;
  is_email_confirmed: boolean;
  phone_code: string | null;
  phone_number: string | null;
  is_phone_confirmed: boolean;
  remaining_days_to_activate: number | null;
}

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

/** Runs a call; the office passes its re-authentication step (REAUTH_REQUIRED → password, retry). */
export type ContactCallRunner = <T>(action: () => Promise<CallResult<T>>) => Promise<CallResult<T>>;
const runDirectly: ContactCallRunner = (action) => action();

/**
 * One contact (e-mail or phone): its state, a form that sends a code to the current or a new
 * address or number (through the development inbox when no provider is configured), and the code.
 * Used by /confirm and by the office security page.
 */
export function ContactChannelForm({
  lng,
  channel,
  contacts,
  initialCode,
  onConfirmed,
  run = runDirectly,
}: {
  lng: string;
  channel: Channel;
  contacts: Contacts;
  initialCode: string;
  onConfirmed(): void;
  run?: ContactCallRunner;
}) {
  const t = useT('auth');
  const countries = usePhoneCountries(lng);
  const confirmed = channel === 'email' ? contacts.is_email_confirmed : contacts.is_phone_confirmed;
  const [email, setEmail] = useState(contacts.user_email ?? '');
  const [phoneCountryId, setPhoneCountryId] = useState(
    () => countryOfPhoneCode(countries, contacts.phone_code, contacts.user_country_id ?? null)?.id ?? 1,
  );
  const [phoneNumber, setPhoneNumber] = useState(contacts.phone_number ?? '');
  const [codeSent, setCodeSent] = useState(initialCode !== '');
  const [code, setCode] = useState(initialCode);
  const [message, setMessage] = useState<{ kind: 'error' | 'success' | 'info'; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await run(() =>
      channel === 'email'
        ? post<{ result: boolean }>('/web-api/auth/v1/contacts/email', { email, lang: lng })
        : post<{ result: boolean }>('/web-api/auth/v1/contacts/phone', {
            phoneCode: phoneCodeOf(phoneCountryId),
            phoneNumber,
          }),
    );
    setBusy(false);
    if (!result.ok) return setMessage({ kind: 'error', key: errorKey(result) });
    setCodeSent(true);
    setMessage({ kind: 'info', key: channel === 'email' ? 'activation.sent_email' : 'activation.sent_sms' });
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await authApi.confirmContact({ channel, code: code.trim() });
    setBusy(false);
    if (!result.ok) return setMessage({ kind: 'error', key: errorKey(result) });
    setMessage({
      kind: 'success',
      key: channel === 'email' ? 'registration.email_confirmed' : 'activation.phone_confirmed',
    });
    setCodeSent(false);
    setCode('');
    onConfirmed();
  };

  const title = t(channel === 'email' ? 'activation.email_title' : 'activation.phone_title');
  const phoneCountry = countryOfPhoneCode(countries, contacts.phone_code, contacts.user_country_id ?? null);
  const current =
    channel === 'email'
      ? contacts.user_email
      : contacts.phone_number
        ? `${contacts.phone_code ?? ''} ${applyPhoneMask(phoneCountry?.mask ?? null, contacts.phone_number)}`
        : null;
  return (
    <section className={styles.form} aria-label={title} data-testid={`confirm-${channel}`}>
      <h2 className={styles.subheading}>{title}</h2>
      <p className={styles.muted} data-confirmed={confirmed ? 'true' : 'false'}>
        {current
          ? t(confirmed ? 'activation.confirmed' : 'activation.not_confirmed', { value: current })
          : t('activation.none')}
      </p>
      {message ? <Message kind={message.kind}>{t(message.key)}</Message> : null}
      <form className={styles.form} onSubmit={send}>
        {channel === 'email' ? (
          <EmailField label={t('fields.email')} value={email} onValue={setEmail} />
        ) : (
          <PhoneFields
            lng={lng}
            countryId={phoneCountryId}
            phoneNumber={phoneNumber}
            onCountry={setPhoneCountryId}
            onNumber={setPhoneNumber}
          />
        )}
        <Button type="submit" variant="secondary" disabled={busy}>
          {t(codeSent ? 'login.resend_code' : 'login.send_code')}
        </Button>
      </form>
      {codeSent ? (
        <form className={styles.form} onSubmit={confirm}>
          <CodeField
            label={t(channel === 'email' ? 'fields.email_code' : 'fields.sms_code')}
            pattern="\d{6}"
            value={code}
            onValue={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          />
          <Button type="submit" disabled={busy}>
            {t(channel === 'email' ? 'registration.confirm_email' : 'activation.confirm_phone')}
          </Button>
        </form>
      ) : null}
    </section>
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
        <Message kind="info">{t('activation.days_left', { days: String(days) })}</Message>
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
