/**
 * The audit log: search by operator, action (prefix) and time, filters kept in the address; newest
 * first, more on demand; the same search as CSV.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { API, type AuditRow, call, type Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable, DetailsCell } from './DataTable.tsx';
import { Panel } from './desk.tsx';
import { FilterForm, filtersInAddress, keepInAddress, useFormFields } from './FilterForm.tsx';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

type Filters = Record<'operator' | 'action' | 'from' | 'to', string>;
const EMPTY: Filters = { operator: '', action: '', from: '', to: '' };

/** The API's query for the filters (dates of the form are local days: from its start, to its end). */
function queryOf(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.operator) q.set('operator', f.operator.trim().toLowerCase());
  if (f.action) q.set('action', f.action.trim());
  if (f.from) q.set('from', new Date(`${f.from}T00:00:00`).toISOString());
  if (f.to) q.set('to', new Date(new Date(`${f.to}T00:00:00`).getTime() + 86_400_000).toISOString());
  return q;
}

export function AuditSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const { form, setForm, field } = useFormFields(EMPTY);
  const [applied, setApplied] = useState<Filters | null>(null);
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);

  const load = useCallback(async (filters: Filters, before: string | null) => {
    const q = queryOf(filters);
    if (before) q.set('before', before);
    const answer = await call<{ records: AuditRow[]; next: string | null }>(`/audit?${q.toString()}`);
    leaveIfSignedOut(answer);
    if (!answer.ok) return;
    setRows((old) => (before && old ? [...old, ...answer.data.records] : answer.data.records));
    setNext(answer.data.next);
  }, []);
  useEffect(() => {
    const initial = filtersInAddress(EMPTY);
    setForm(initial);
    setApplied(initial);
    void load(initial, null);
  }, [load, setForm]);

  const search = () => {
    const f = form;
    keepInAddress(f);
    setApplied(f);
    setRows(null);
    void load(f, null);
  };
  const exportHref = `${API}/audit/export.csv?${queryOf(applied ?? EMPTY).toString()}`;

  return (
    <Panel id="bo-audit" title={t('audit.title')}>
      <FilterForm
        label={t('audit.search')}
        submit={t('audit.searchButton')}
        onSearch={search}
        after={
          me.actions.includes('audit.export') ? (
            <a className={styles.buttonLink} href={exportHref} download="audit.csv">
              {t('audit.export')}
            </a>
          ) : null
        }
      >
        <TextField label={t('audit.operator')} {...field('operator')} />
        <TextField label={t('audit.action')} hint={t('audit.actionHint')} {...field('action')} />
        <TextField label={t('audit.from')} type="date" {...field('from')} />
        <TextField label={t('audit.to')} type="date" {...field('to')} />
      </FilterForm>
      <DataTable
        rows={rows}
        empty={t('audit.empty')}
        testId="audit-table"
        columns={[
          { label: t('audit.seq'), num: true },
          { label: t('audit.at') },
          { label: t('audit.operator') },
          { label: t('audit.action') },
          { label: t('audit.target') },
          { label: t('audit.outcome') },
          { label: t('audit.details') },
          { label: t('audit.ip') },
        ]}
        row={(r) => (
          <tr key={r.seq}>
            <td className={styles.num}>{r.seq}</td>
            <td className={styles.num}>{when(r.at)}</td>
            <td>{r.operator}</td>
            <td>
              <code>{r.action}</code>
            </td>
            <td>{r.target}</td>
            <td>
              <span className={`${styles.badge} ${r.outcome === 'ok' ? '' : styles.badgeBad}`}>
                {t(`audit.outcomes.${r.outcome}`)}
              </span>
            </td>
            <DetailsCell details={r.details} />
            <td className={styles.num}>{r.ip}</td>
          </tr>
        )}
      />
      {next && applied ? (
        <Button size="sm" onClick={() => void load(applied, next)}>
          {t('audit.more')}
        </Button>
      ) : null}
    </Panel>
  );
}
