/** Operator sign-in: login and password, then the six-digit code of the authenticator app. */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, CodeField, Message, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import { post } from './api.ts';
import styles from './Backoffice.module.css';

export function errorMessage(te: (key: string) => string, t: (key: string) => string, code: string): string {
  return code === 'NETWORK' || code === 'VALIDATION_FAILED'
    ? t(`failure.${code.toLowerCase()}`)
    : te(code.toLowerCase());
}

export function SignIn({ lng }: { lng: string }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer =
      step === 'password'
        ? await post('/sign-in', { login, password })
        : await post('/sign-in/code', { code });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.code);
      if (step === 'code' && answer.code === 'BACKOFFICE_NOT_SIGNED_IN') setStep('password');
      return;
    }
    if (step === 'password') {
      setStep('code');
      setPassword('');
    } else {
      window.location.assign(`/${lng}/backoffice`);
    }
  };

  return (
    <main className={styles.signInPage}>
      <form
        data-testid="backoffice-sign-in-form"
        className={styles.signInCard}
        onSubmit={(e) => void submit(e)}
        aria-labelledby="bo-sign-in-title"
        noValidate
      >
        <p className={styles.brand}>{t('brand')}</p>
        <h1 id="bo-sign-in-title" className={styles.heading}>
          {step === 'password' ? t('signIn.title') : t('signIn.codeTitle')}
        </h1>
        <p className={styles.muted}>{step === 'password' ? t('signIn.lead') : t('signIn.codeLead')}</p>
        {step === 'password' ? (
          <>
            <TextField
              label={t('signIn.login')}
              name="login"
              autoComplete="username"
              required
              value={login}
              onChange={(e) => setLogin(e.target.value)}
            />
            <TextField
              label={t('signIn.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        ) : (
          <CodeField
            label={t('signIn.code')}
            name="code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            onValue={(value) => setCode(value.replace(/\D/g, ''))}
            autoFocus
          />
        )}
        {error ? (
          <div role="alert">
            <Message kind="error">{errorMessage(te, t, error)}</Message>
          </div>
        ) : null}
        <Button type="submit" variant="primary" disabled={busy}>
          {step === 'password' ? t('signIn.next') : t('signIn.submit')}
        </Button>
      </form>
    </main>
  );
}
