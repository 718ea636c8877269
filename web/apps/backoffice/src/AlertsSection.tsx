/**
 * Responsible-gaming and AML cases raised by the alerts job, newest first, filtered by status;
 * operators with alerts.manage move a case between open, in review and closed and assign it.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { SelectField } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable, DetailsCell } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useErrorText } from './desk.tsx';
import { ShowFilter } from './FilterForm.tsx';
import { RiskAlertSettings } from './RiskAlertSettings.tsx';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

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
  const when = useDateTime();
  const errorText = useErrorText();
  const manage = me.actions.includes('alerts.manage');
  const [status, setStatus] = useState('open');
  const { data, reload } = useDeskQuery<{ cases: CaseRow[]; assignees: { id: string; login: string }[] }>(
    `/alerts${status ? `?status=${status}` : ''}`,
  );
  const assignees = data?.assignees ?? [];
  const [error, setError] = useState<string | null>(null);

  const change = async (c: CaseRow, body: { status?: string; assigneeId?: string | null }) => {
    const answer = await post(`/alerts/${c.id}`, body);
    leaveIfSignedOut(answer);
    setError(answer.ok ? null : errorText(answer.code));
    await reload();
  };

  return (
    <Panel id="bo-alerts" title={t('alerts.title')} lead={t('alerts.lead')}>
      <ShowFilter label={t('alerts.show')} value={status} onChange={setStatus}>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`alerts.statuses.${s}`)}
          </option>
        ))}
        <option value="">{t('alerts.all')}</option>
      </ShowFilter>
      <NoticeLine notice={error ? { kind: 'error', text: error } : null} />
      <DataTable
        rows={data?.cases}
        empty={t('alerts.empty')}
        emptyTestId="alert-cases-empty"
        testId="alert-cases"
        columns={[
          { label: t('alerts.id'), num: true },
          { label: t('alerts.rule') },
          { label: t('alerts.player') },
          { label: t('alerts.window') },
          { label: t('alerts.details') },
          { label: t('alerts.status') },
          { label: t('alerts.assignee') },
        ]}
        row={(c) => (
          <tr key={c.id}>
            <td className={styles.num}>{c.id}</td>
            <td>{t(`alerts.rules.${c.rule}`)}</td>
            <td>
              <a href={`players?player=${c.userId}`}>#{c.userId}</a>
            </td>
            <td className={styles.num}>{when(c.windowStart)}</td>
            <DetailsCell details={c.details} />
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
        )}
      />
      <RiskAlertSettings me={me} />
    </Panel>
  );
}
