/**
 * Operators: the accounts with role and state; admins create one (the one-time password and TOTP
 * secret are shown once), disable one, reset a TOTP, and list and revoke an operator's sessions.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import { type Credentials, type Me, type OperatorRow, post, ROLES } from './api.ts';
import styles from './Backoffice.module.css';
import { ConfirmBox } from './ConfirmBox.tsx';
import { DataTable } from './DataTable.tsx';
import { Panel, useDeskQuery, useErrorText } from './desk.tsx';
import { SessionsTable } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

function CredentialsCard({ credentials, onDone }: { credentials: Credentials; onDone(): void }) {
  const t = useT('backoffice');
  return (
    <div className={styles.credentials} role="status" data-testid="operator-credentials">
      <p>
        <strong>{t('operators.shownOnce', { login: credentials.login })}</strong>
      </p>
      <dl className={styles.pairs}>
        {credentials.password ? (
          <>
            <dt>{t('operators.password')}</dt>
            <dd>
              <code data-testid="credentials-password">{credentials.password}</code>
            </dd>
          </>
        ) : null}
        <dt>{t('operators.totpSecret')}</dt>
        <dd>
          <code data-testid="credentials-secret">{credentials.totpSecret}</code>
        </dd>
        <dt>{t('operators.otpauth')}</dt>
        <dd>
          <code className={styles.wrap}>{credentials.otpauthUri}</code>
        </dd>
      </dl>
      <Button size="sm" onClick={onDone}>
        {t('operators.done')}
      </Button>
    </div>
  );
}

export function OperatorsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const errorText = useErrorText();
  const manage = me.actions.includes('operators.manage');
  const { data, reload: load } = useDeskQuery<{ operators: OperatorRow[] }>('/operators');
  const rows = data?.operators ?? null;
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<string>('payments');
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ id: string; kind: 'disable' | 'reset' } | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const answer = await post<Credentials>('/operators', { login: login.trim().toLowerCase(), role });
    leaveIfSignedOut(answer);
    if (!answer.ok) return setError(answer.code);
    setCredentials(answer.data);
    setLogin('');
    await load();
  };
  const act = async (id: string, kind: 'disable' | 'reset') => {
    setConfirm(null);
    const answer = await post<Credentials>(`/operators/${id}/${kind === 'reset' ? 'reset-totp' : 'disable'}`);
    leaveIfSignedOut(answer);
    if (!answer.ok) return setError(answer.code);
    if (kind === 'reset') setCredentials(answer.data);
    await load();
  };

  return (
    <div className={styles.stack}>
      {manage ? (
        <Panel id="bo-create-operator" title={t('operators.create')}>
          <form className={styles.inlineForm} onSubmit={(e) => void create(e)}>
            <TextField
              label={t('operators.login')}
              name="login"
              required
              pattern="[a-z0-9._\-]{3,40}"
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              hint={t('operators.loginHint')}
            />
            <SelectField
              label={t('operators.role')}
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value)}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="primary">
              {t('operators.createButton')}
            </Button>
          </form>
          {error ? (
            <div role="alert">
              <Message kind="error">{errorText(error)}</Message>
            </div>
          ) : null}
          {credentials ? (
            <CredentialsCard credentials={credentials} onDone={() => setCredentials(null)} />
          ) : null}
        </Panel>
      ) : null}
      <Panel id="bo-operators" title={t('operators.title')}>
        <DataTable
          rows={rows}
          testId="operators-table"
          columns={[
            { label: t('operators.login') },
            { label: t('operators.role') },
            { label: t('operators.state') },
            { label: t('operators.sessions'), num: true },
            { label: t('actions'), hidden: true },
          ]}
          row={(o) => (
            <tr key={o.id} data-testid={`operator-${o.login}`}>
              <td>{o.login}</td>
              <td>{t(`roles.${o.role}`)}</td>
              <td>{o.disabled ? t('operators.disabled') : t('operators.active')}</td>
              <td className={styles.num}>{o.activeSessions}</td>
              <td className={styles.actions}>
                {confirm?.id === o.id ? (
                  <ConfirmBox
                    question={t(`operators.confirm.${confirm.kind}`, { login: o.login })}
                    confirm={t(`operators.${confirm.kind}`)}
                    onConfirm={() => void act(o.id, confirm.kind)}
                    onCancel={() => setConfirm(null)}
                  />
                ) : (
                  <div className={styles.buttons}>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={open === o.id}
                      onClick={() => setOpen(open === o.id ? null : o.id)}
                      aria-label={t('operators.sessionsOf', { login: o.login })}
                    >
                      {t('operators.sessions')}
                    </Button>
                    {manage && !o.disabled && o.id !== me.id ? (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setConfirm({ id: o.id, kind: 'reset' })}
                          aria-label={t('operators.resetOf', { login: o.login })}
                        >
                          {t('operators.reset')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setConfirm({ id: o.id, kind: 'disable' })}
                          aria-label={t('operators.disableOf', { login: o.login })}
                        >
                          {t('operators.disable')}
                        </Button>
                      </>
                    ) : null}
                  </div>
                )}
              </td>
            </tr>
          )}
        />
      </Panel>
      {open ? (
        <Panel
          id="bo-operator-sessions"
          title={t('operators.sessionsOf', { login: rows?.find((o) => o.id === open)?.login ?? '' })}
        >
          <SessionsTable key={open} path={`/operators/${open}/sessions`} />
        </Panel>
      ) : null}
    </div>
  );
}
