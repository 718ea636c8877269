/**
 * The office security page: protection level (null, bad, normal, good, full with its colour) and the
 * protection methods, open sessions with revoke and end-others, password change, and two-step sign-in
 * (enable: secret and otpauth link, confirm with a code, backup codes; disable with a code), and the
 * e-mail and phone with confirmation codes (the auth app's contact form of /confirm). Changes
 * that need a recent sign-in ask for the password (or a code) first when the server says
 * REAUTH_REQUIRED, then retry.
 */
import type { CallResult } from '@parlay/client/api.ts';
import { protectionStatus } from '@parlay/domain/auth/protection-level.ts';
import { useLanguage, useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { ContactChannelForm } from '@parlay/ui/account/ContactChannelForm.tsx';
import { Button, Card, Message, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './security.module.css';
import { failureKey, type OpenSession, securityApi, type UserConfig } from './security-api.ts';

function Protection({ config }: { config: UserConfig }) {
  const t = useT('office-security');
  const status = protectionStatus(config.protection_level);
  const methods = Object.entries(config.protection_methods) as [string, boolean][];
  return (
    <Card as="section" className={styles.card} aria-labelledby="protection-title">
      <h2 id="protection-title" className={styles.title}>
        {t('protection.title')}
      </h2>
      <div className={styles.level} data-status={status ?? 'none'} data-testid="protection-level">
        <meter
          className={styles.meter}
          min={0}
          max={100}
          low={31}
          high={70}
          optimum={100}
          value={config.protection_level ?? 0}
          aria-label={t('protection.title')}
        />
        <strong>{t(`protection.status_${status ?? 'none'}`)}</strong>
        {config.protection_level !== null ? <span>{config.protection_level}%</span> : null}
      </div>
      <ul className={styles.methods}>
        {methods.map(([method, on]) => (
          <li key={method} data-on={on ? 'true' : 'false'}>
            <span aria-hidden="true">{on ? '✓' : '○'}</span> {t(`protection.${method}`)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Runs an action; on REAUTH_REQUIRED asks for the password or code and retries once. */
function useReauth(twoStepOn: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const run = useCallback(async <T,>(action: () => Promise<CallResult<T>>): Promise<CallResult<T>> => {
    const first = await action();
    if (first.ok || first.error?.code !== 'REAUTH_REQUIRED') return first;
    return new Promise<CallResult<T>>((resolve) => {
      setPending(() => () => {
        setPending(null);
        void action().then(resolve);
      });
    });
  }, []);
  const form = pending ? <ReauthForm twoStepOn={twoStepOn} onDone={pending} /> : null;
  return { run, form };
}

function ReauthForm({ twoStepOn, onDone }: { twoStepOn: boolean; onDone(): void }) {
  const t = useT('office-security');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await securityApi.reauth(twoStepOn ? { code: value.trim() } : { password: value });
    if (result.ok) onDone();
    else setError(t(failureKey(result)));
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="reauth">
      <Message kind="info">{t('reauth.text')}</Message>
      <TextField
        label={t(twoStepOn ? 'reauth.code' : 'reauth.password')}
        type={twoStepOn ? 'text' : 'password'}
        autoComplete={twoStepOn ? 'one-time-code' : 'current-password'}
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      {error ? <Message kind="error">{error}</Message> : null}
      <Button type="submit" variant="primary">
        {t('reauth.submit')}
      </Button>
    </form>
  );
}

function TwoStep({ config, onChanged }: { config: UserConfig; onChanged(): void }) {
  const t = useT('office-security');
  const enabled = config.protection_methods.enable_two_factor_auth;
  const reauth = useReauth(enabled);
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const start = async () => {
    setMessage(null);
    const result = await reauth.run(() => securityApi.setupTwoStep());
    if (result.ok) setSetup(result.data);
    else setMessage({ kind: 'error', text: t(failureKey(result)) });
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const result = await reauth.run(() => securityApi.confirmTwoStep(code.trim()));
    if (!result.ok) {
      setMessage({ kind: 'error', text: t(failureKey(result)) });
      return;
    }
    setSetup(null);
    setCode('');
    setBackupCodes(result.data.backupCodes);
    setMessage({ kind: 'success', text: t('two_step.enabled') });
    onChanged();
  };
  const disable = async (event: FormEvent) => {
    event.preventDefault();
    const result = await reauth.run(() => securityApi.disableTwoStep(code.trim()));
    if (!result.ok) {
      setMessage({ kind: 'error', text: t(failureKey(result)) });
      return;
    }
    setCode('');
    setBackupCodes(null);
    setMessage({ kind: 'success', text: t('two_step.disabled') });
    onChanged();
  };
  // New backup codes replace the old ones (re-authentication first); they are shown this once.
  const renewBackupCodes = async () => {
    setMessage(null);
    const result = await reauth.run(() => securityApi.newBackupCodes());
    if (!result.ok) {
      setMessage({ kind: 'error', text: t(failureKey(result)) });
      return;
    }
    setBackupCodes(result.data.backupCodes);
    setMessage({ kind: 'success', text: t('two_step.backup_renewed') });
  };

  return (
    <Card as="section" className={styles.card} aria-labelledby="two-step-title" data-testid="two-step">
      <h2 id="two-step-title" className={styles.title}>
        {t('two_step.title')}
      </h2>
      <p className={styles.muted}>{t(enabled ? 'two_step.on' : 'two_step.off')}</p>
      {reauth.form}
      {backupCodes ? (
        <div className={styles.form}>
          <Message kind="info">{t('two_step.backup_text')}</Message>
          <ul className={styles.codes} data-testid="backup-codes">
            {backupCodes.map((backup) => (
              <li key={backup}>{backup}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {!enabled && !setup && !reauth.form ? (
        <Button variant="primary" onClick={() => void start()}>
          {t('two_step.enable')}
        </Button>
      ) : null}
      {setup ? (
        <form className={styles.form} onSubmit={confirm}>
          <Message kind="info">{t('two_step.setup_text')}</Message>
          <p>
            {t('two_step.secret')}:{' '}
            <code className={styles.secret} data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <p>
            <a href={setup.otpauthUri} className={styles.secret}>
              {t('two_step.open_app')}
            </a>
          </p>
          <TextField
            label={t('two_step.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            pattern="\d{6}"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="primary">
            {t('two_step.confirm')}
          </Button>
        </form>
      ) : null}
      {enabled && !reauth.form ? (
        <form className={styles.form} onSubmit={disable}>
          <TextField
            label={t('two_step.code_or_backup')}
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit">{t('two_step.disable')}</Button>
        </form>
      ) : null}
      {enabled && !reauth.form ? (
        <Button variant="ghost" onClick={() => void renewBackupCodes()} data-testid="renew-backup-codes">
          {t('two_step.new_backup_codes')}
        </Button>
      ) : null}
      {message ? <Message kind={message.kind}>{message.text}</Message> : null}
    </Card>
  );
}

function PasswordChange({ onChanged }: { onChanged(): void }) {
  const t = useT('office-security');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await securityApi.changePassword(current, next);
    if (!result.ok) {
      setMessage({ kind: 'error', text: t(failureKey(result)) });
      return;
    }
    setCurrent('');
    setNext('');
    setMessage({ kind: 'success', text: t('password.changed', { count: result.data.endedSessions }) });
    onChanged();
  };
  return (
    <Card as="section" className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.title}>
        {t('password.title')}
      </h2>
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        {message ? <Message kind={message.kind}>{message.text}</Message> : null}
        <Button type="submit" variant="primary">
          {t('password.submit')}
        </Button>
      </form>
    </Card>
  );
}

function Sessions({ version }: { version: number }) {
  const t = useT('office-security');
  const lng = useLanguage();
  const clock = useOfficeClock();
  const [sessions, setSessions] = useState<OpenSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await securityApi.sessions();
    if (result.ok) setSessions(result.data.data);
    else setError(t(failureKey(result)));
  }, [t]);
  useEffect(() => {
    void load();
  }, [load, version]);
  const end = async (session: OpenSession) => {
    const result = await securityApi.endSession(session.id);
    if (!result.ok) setError(t(failureKey(result)));
    else if (session.isCurrent) location.assign('/');
    else void load();
  };
  const endOthers = async () => {
    const result = await securityApi.endOthers();
    if (!result.ok) setError(t(failureKey(result)));
    else void load();
  };
  const format = (iso: string) => formatDateTime(iso, lng, clock);
  return (
    <Card as="section" className={styles.card} aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title" className={styles.title}>
        {t('sessions.title')}
      </h2>
      {sessions === null && !error ? <p className={styles.muted}>{t('loading')}</p> : null}
      <ul className={styles.sessions}>
        {(sessions ?? []).map((session) => (
          <li key={session.id} className={styles.session}>
            <div>
              <strong>{session.userAgent || t('sessions.unknown_device')}</strong>
              {session.isCurrent ? <span className={styles.badge}>{t('sessions.current')}</span> : null}
              <p className={styles.muted}>
                {t('sessions.details', {
                  method: t(`sessions.method_${session.method}`),
                  ip: session.ip,
                  seen: format(session.lastSeenAt),
                })}
              </p>
            </div>
            <Button size="sm" onClick={() => void end(session)}>
              {session.isCurrent ? t('sessions.end_current') : t('sessions.end')}
            </Button>
          </li>
        ))}
      </ul>
      {(sessions?.length ?? 0) > 1 ? (
        <Button onClick={() => void endOthers()}>{t('sessions.end_others')}</Button>
      ) : null}
      {error ? <Message kind="error">{error}</Message> : null}
    </Card>
  );
}

/** Changing the e-mail or phone: a code to the new address confirms it (re-authentication first). */
function ContactsCard({ lng, config, onChanged }: { lng: string; config: UserConfig; onChanged(): void }) {
  const t = useT('office-security');
  const reauth = useReauth(config.protection_methods.enable_two_factor_auth);
  const contacts = {
    user_email: config.user_email,
    user_country_id: config.user_country_id ?? null,
    is_email_confirmed: config.is_email_confirmed ?? false,
    phone_code: config.phone_code,
    phone_number: config.phone_number,
    is_phone_confirmed: config.is_phone_confirmed ?? false,
    remaining_days_to_activate: config.remaining_days_to_activate,
  };
  return (
    <Card
      as="section"
      className={styles.card}
      aria-labelledby="contacts-title"
      data-testid="security-contacts"
    >
      <h2 id="contacts-title" className={styles.title}>
        {t('contacts.title')}
      </h2>
      <p className={styles.muted}>{t('contacts.text')}</p>
      {reauth.form}
      {(['email', 'phone'] as const).map((channel) => (
        <ContactChannelForm
          // A confirmed change reloads the config: the forms start again from the new contact.
          key={`${channel}:${channel === 'email' ? config.user_email : config.phone_number}`}
          lng={lng}
          channel={channel}
          contacts={contacts}
          initialCode=""
          onConfirmed={onChanged}
          run={reauth.run}
        />
      ))}
    </Card>
  );
}

export function SecuritySection() {
  const t = useT('office-security');
  const lng = useLanguage();
  const [config, setConfig] = useState<UserConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void securityApi.config().then((result) => {
      if (result.ok) setConfig(result.data.result);
      else setFailed(true);
    });
  }, [version]);
  const changed = () => setVersion((v) => v + 1);
  if (failed) return <Message kind="error">{t('errors.config')}</Message>;
  if (!config) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <div className={styles.grid} data-testid="security-page">
      <Protection config={config} />
      <TwoStep config={config} onChanged={changed} />
      <ContactsCard lng={lng} config={config} onChanged={changed} />
      <PasswordChange onChanged={changed} />
      <Sessions version={version} />
    </div>
  );
}
