/**
 * Login (coupon-accounts §4 auth form modes): login_password (e-mail or account number), phone_password,
 * sms (send a code, enter it), then login_password_two_step_code when two-step is on; the social button
 * for the development identity provider. A captcha answer retries the call (useCaptcha).
 */
import { announceSessionChange } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { PhoneFields, phoneCodeOf } from '@parlay/ui/account/PhoneFields.tsx';
import { Button, CheckField, CodeField, Message, ModeSwitch, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { authApi, errorKey, type SignInAnswer } from './auth-api.ts';
import { useCaptcha } from './Captcha.tsx';
import { deviceFingerprints } from './fingerprint.ts';
import styles from './forms.module.css';
import { loginModesFor, useMessagingEnabled } from './messaging.ts';
import { SocialButton } from './SocialButton.tsx';

export type LoginMode = 'login_password' | 'phone_password' | 'sms' | 'login_password_two_step_code';

export interface AuthFormProps {
  lng: string;
  /** Where to go after success; null stays on the page (the modal). */
  returnUrl: string | null;
  onSwitch(to: 'login' | 'registration' | 'forgot-password'): void;
  onDone(): void;
}

export function signedIn(props: Pick<AuthFormProps, 'returnUrl' | 'onDone'>): void {
  props.onDone();
  announceSessionChange({ kind: 'signed-in', ...(props.returnUrl ? { returnUrl: props.returnUrl } : {}) });
}

export function TwoStepStep({
  token,
  props,
  captcha,
}: {
  token: string;
  props: Pick<AuthFormProps, 'returnUrl' | 'onDone'>;
  captcha: ReturnType<typeof useCaptcha>;
}) {
  const t = useT('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await authApi.twoStep({ twoStepToken: token, code: code.trim() }, captcha.solver);
    setBusy(false);
    if (result.ok && result.data.result === 'ok') signedIn(props);
    else if (!result.ok) setError(t(errorKey(result)));
  };
  return (
    <form className={styles.form} onSubmit={submit} data-mode="login_password_two_step_code">
      <Message kind="info">{t('login.two_step_text')}</Message>
      <CodeField
        label={t('fields.two_step_code')}
        minLength={6}
        maxLength={12}
        value={code}
        onValue={setCode}
      />
      {captcha.panel}
      {error ? <Message kind="error">{error}</Message> : null}
      <Button type="submit" variant="primary" disabled={busy}>
        {t('login.confirm')}
      </Button>
    </form>
  );
}

export function LoginForm(props: AuthFormProps & { initialTwoStepToken?: string | null }) {
  const t = useT('auth');
  const captcha = useCaptcha();
  const [mode, setMode] = useState<Exclude<LoginMode, 'login_password_two_step_code'>>('login_password');
  // Without e-mail and SMS (MESSAGING=off) no SMS sign-in and no recovery code.
  const messaging = useMessagingEnabled(props.lng);
  useEffect(() => {
    if (!messaging && mode === 'sms') setMode('login_password');
  }, [messaging, mode]);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [phoneCountryId, setPhoneCountryId] = useState(1);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [smsSent, setSmsSent] = useState(false);
  const [twoStepToken, setTwoStepToken] = useState<string | null>(props.initialTwoStepToken ?? null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phoneCode = phoneCodeOf(phoneCountryId);
  // The device fingerprint is ready before the person submits (sent with the sign-in).
  useEffect(() => {
    void deviceFingerprints().get();
  }, []);

  if (twoStepToken) return <TwoStepStep token={twoStepToken} props={props} captcha={captcha} />;

  const finish = (result: Awaited<ReturnType<typeof authApi.login>>) => {
    if (!result.ok) {
      setError(t(errorKey(result)));
      return;
    }
    const answer: SignInAnswer = result.data;
    if (answer.result === 'two_step_required' && answer.twoStepToken) setTwoStepToken(answer.twoStepToken);
    else signedIn(props);
  };

  const sendCode = async () => {
    setError(null);
    setBusy(true);
    const result = await authApi.sendSms({ phoneCode, phoneNumber, purpose: 'login' });
    setBusy(false);
    if (!result.ok) {
      setError(t(errorKey(result)));
      return;
    }
    setSmsSent(true);
    setInfo(t('login.sms_sent'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (mode === 'sms' && !smsSent) {
      await sendCode();
      return;
    }
    setBusy(true);
    const result =
      mode === 'login_password'
        ? await authApi.login({ login: login.trim(), password, remember }, captcha.solver)
        : mode === 'phone_password'
          ? await authApi.loginPhone({ phoneCode, phoneNumber, password, remember }, captcha.solver)
          : await authApi.loginSms({ phoneCode, phoneNumber, code: code.trim(), remember }, captcha.solver);
    setBusy(false);
    finish(result);
  };

  const modes = loginModesFor(['login_password', 'phone_password', 'sms'] as const, messaging).map((id) => ({
    id,
    label: t(
      id === 'login_password'
        ? 'login.mode_login'
        : id === 'phone_password'
          ? 'login.mode_phone'
          : 'login.mode_sms',
    ),
  }));
  return (
    <form className={styles.form} onSubmit={submit} data-mode={mode} noValidate={false}>
      <ModeSwitch
        label={t('login.modes_label')}
        modes={modes}
        current={mode}
        onChange={(next) => {
          setMode(next);
          setError(null);
          setInfo(null);
        }}
      />
      {mode === 'login_password' ? (
        <TextField
          label={t('fields.login')}
          autoComplete="username"
          required
          value={login}
          onChange={(e) => setLogin(e.target.value)}
        />
      ) : (
        <PhoneFields
          lng={props.lng}
          countryId={phoneCountryId}
          phoneNumber={phoneNumber}
          onCountry={setPhoneCountryId}
          onNumber={setPhoneNumber}
        />
      )}
      {mode === 'sms' ? (
        smsSent ? (
          <CodeField label={t('fields.sms_code')} value={code} onValue={setCode} />
        ) : null
      ) : (
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      <CheckField label={t('fields.remember')} checked={remember} onChange={setRemember} />
      {captcha.panel}
      {info ? <Message kind="info">{info}</Message> : null}
      {error ? <Message kind="error">{error}</Message> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {mode === 'sms' && !smsSent ? t('login.send_code') : t('login.submit')}
        </Button>
        {mode === 'sms' && smsSent ? (
          <button type="button" className={styles.linkButton} onClick={() => void sendCode()}>
            {t('login.resend_code')}
          </button>
        ) : null}
        {messaging ? (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => props.onSwitch('forgot-password')}
          >
            {t('login.forgot')}
          </button>
        ) : null}
      </div>
      <SocialButton lng={props.lng} returnUrl={props.returnUrl} />
      <p className={styles.muted}>
        {t('login.no_account')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => props.onSwitch('registration')}>
          {t('login.register')}
        </button>
      </p>
    </form>
  );
}
