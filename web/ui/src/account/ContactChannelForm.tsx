/**
 * One contact (e-mail or phone) with its confirmation code, shared by the auth app's /confirm page and
 * the office security page (texts of namespace "auth").
 */
import type { CallResult } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, CodeField, EmailField, Message } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import styles from './account.module.css';
import { confirmContact, accountErrorKey as errorKey, accountPost as post } from './account-api.ts';
import { PhoneFields, phoneCodeOf } from './PhoneFields.tsx';
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
    const result = await confirmContact({ channel, code: code.trim() });
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
