/**
 * Password recovery: a code by e-mail or SMS, then the code and a new password. A wrong code and an
 * expired one have different messages (coupon-accounts §8: wrong_code vs time_up).
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { PhoneFields, phoneCodeOf } from '@parlay/ui/account/PhoneFields.tsx';
import { Button, CodeField, EmailField, Message, ModeSwitch, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import { authApi, errorKey } from './auth-api.ts';
import { useCaptcha } from './Captcha.tsx';
import styles from './forms.module.css';
import type { AuthFormProps } from './LoginForm.tsx';
import { useMessagingEnabled } from './messaging.ts';

export function ForgotPasswordForm(props: AuthFormProps & { messagingEnabled?: boolean }) {
  const t = useT('auth');
  const fromConfig = useMessagingEnabled(props.lng);
  const messaging = props.messagingEnabled ?? fromConfig;
  const captcha = useCaptcha();
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [email, setEmail] = useState('');
  const [phoneCountryId, setPhoneCountryId] = useState(1);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const phoneCode = phoneCodeOf(phoneCountryId);
  const target = channel === 'email' ? { channel, email: email.trim() } : { channel, phoneCode, phoneNumber };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const result = sent
      ? await authApi.reset({ ...target, code: code.trim(), newPassword }, captcha.solver)
      : await authApi.forgot(target, captcha.solver);
    setBusy(false);
    if (!result.ok) {
      setError(t(errorKey(result)));
      if (result.error?.code === 'CODE_TIME_UP' || result.error?.code === 'CODE_ATTEMPTS_EXCEEDED') {
        setCode('');
      }
      return;
    }
    if (sent) setDone(true);
    else setSent(true);
  };

  // MESSAGING=off: no code can arrive, so no form (the server refuses it: MESSAGING_OFF).
  if (!messaging) {
    return (
      <div className={styles.form} data-step="unavailable">
        <Message kind="info">{t('forgot.unavailable')}</Message>
        <Button variant="primary" onClick={() => props.onSwitch('login')}>
          {t('forgot.to_login')}
        </Button>
      </div>
    );
  }
  if (done) {
    return (
      <div className={styles.form}>
        <Message kind="success">{t('forgot.done')}</Message>
        <Button variant="primary" onClick={() => props.onSwitch('login')}>
          {t('forgot.to_login')}
        </Button>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} data-step={sent ? 'reset' : 'request'}>
      {!sent ? (
        <>
          <ModeSwitch
            label={t('forgot.channel_label')}
            modes={[
              { id: 'email' as const, label: t('forgot.by_email') },
              { id: 'sms' as const, label: t('forgot.by_sms') },
            ]}
            current={channel}
            onChange={(mode) => setChannel(mode as 'email' | 'sms')}
          />
          {channel === 'email' ? (
            <EmailField label={t('fields.email')} value={email} onValue={setEmail} />
          ) : (
            <PhoneFields
              lng={props.lng}
              countryId={phoneCountryId}
              phoneNumber={phoneNumber}
              onCountry={setPhoneCountryId}
              onNumber={setPhoneNumber}
            />
          )}
        </>
      ) : (
        <>
          <Message kind="info">{t(channel === 'email' ? 'forgot.sent_email' : 'forgot.sent_sms')}</Message>
          <CodeField label={t('fields.recovery_code')} value={code} onValue={setCode} />
          <TextField
            label={t('fields.new_password')}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint={t('fields.password_hint')}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </>
      )}
      {captcha.panel}
      {error ? <Message kind="error">{error}</Message> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {sent ? t('forgot.set_password') : t('forgot.send_code')}
        </Button>
        {sent ? (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setSent(false);
              setError(null);
            }}
          >
            {t('forgot.new_code')}
          </button>
        ) : null}
        <button type="button" className={styles.linkButton} onClick={() => props.onSwitch('login')}>
          {t('forgot.to_login')}
        </button>
      </div>
    </form>
  );
}
