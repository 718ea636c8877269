/**
 * Responsible-gaming and AML cases raised by the alerts job, newest first, filtered by status;
 * operators with alerts.manage move a case between open, in review and closed and assign it.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Message, SelectField, Table } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import p from './Players.module.css';
import { RiskAlertSettings } from './RiskAlertSettings.tsx';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

const STATUSES = ['open', 'in_review', 'closed'] as const;

interface CaseRow {
  id: string;
  rule: string;
  userId: string;
  windowStart: string;
  status: (typeof STATUSES)[number];
  assigneeId: string | null;
  assigneeLogin: string | null;
  details: Record<string, string | number | boolean | null>;
}

export function AlertsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const when = useDateTime();
  const manage = me.actions.includes('alerts.manage');
  const [status, setStatus] = useState('open');
  const [rows, setRows] = useState<CaseRow[] | null>(null);
  const [assignees, setAssignees] = useState<{ id: string; login: string }[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (which: string) => {
    const answer = await call<{ cases: CaseRow[]; assignees: { id: string; login: string }[] }>(
      `/alerts${which ? `?status=${which}` : ''}`,
    );
    leaveIfSignedOut(answer);
    if (!answer.ok) return;
    setRows(answer.data.cases);
    setAssignees(answer.data.assignees);
  }, []);
  useEffect(() => {
    void load(status);
  }, [load, status]);

  const change = async (c: CaseRow, body: { status?: string; assigneeId?: string | null }) => {
    const answer = await post(`/alerts/${c.id}`, body);
    leaveIfSignedOut(answer);
    setError(answer.ok ? null : errorMessage(te, t, answer.code));
    await load(status);
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-alerts">
      <h2 id="bo-alerts" className={styles.subheading}>
        {t('alerts.title')}
      </h2>
      <p className={styles.muted}>{t('alerts.lead')}</p>
      <div className={`${styles.inlineForm} ${p.filter}`}>
        <SelectField label={t('alerts.show')} value={status} onChange={(e) => setStatus(e.target.value)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`alerts.statuses.${s}`)}
            </option>
          ))}
          <option value="">{t('alerts.all')}</option>
        </SelectField>
      </div>
      <div aria-live="polite">{error ? <Message kind="error">{error}</Message> : null}</div>
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted} data-testid="alert-cases-empty">
          {t('alerts.empty')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="alert-cases">
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('alerts.id')}
                </th>
                <th scope="col">{t('alerts.rule')}</th>
                <th scope="col">{t('alerts.player')}</th>
                <th scope="col">{t('alerts.window')}</th>
                <th scope="col">{t('alerts.details')}</th>
                <th scope="col">{t('alerts.status')}</th>
                <th scope="col">{t('alerts.assignee')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td className={styles.num}>{c.id}</td>
                  <td>{t(`alerts.rules.${c.rule}`)}</td>
                  <td>
                    <a href={`players?player=${c.userId}`}>#{c.userId}</a>
                  </td>
                  <td className={styles.num}>{when(c.windowStart)}</td>
                  <td className={styles.clip} title={JSON.stringify(c.details)}>
                    {Object.entries(c.details)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(' ')}
                  </td>
                  <td>
                    {manage ? (
                      <SelectField
                        label={t('alerts.statusOf', { id: c.id })}
                        value={c.status}
                        onChange={(e) => void change(c, { status: e.target.value })}
                      >
                        {STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {t(`alerts.statuses.${s}`)}
                          </option>
                        ))}
                      </SelectField>
                    ) : (
                      t(`alerts.statuses.${c.status}`)
                    )}
                  </td>
                  <td>
                    {manage ? (
                      <SelectField
                        label={t('alerts.assigneeOf', { id: c.id })}
                        value={c.assigneeId ?? ''}
                        onChange={(e) => void change(c, { assigneeId: e.target.value || null })}
                      >
                        <option value="">{t('alerts.nobody')}</option>
                        {assignees.map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.login}
                          </option>
                        ))}
                      </SelectField>
                    ) : (
                      (c.assigneeLogin ?? t('alerts.nobody'))
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <RiskAlertSettings me={me} />
    </section>
  );
}
