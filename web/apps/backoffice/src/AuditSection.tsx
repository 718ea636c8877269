/**
 * The audit log: search by operator, action (prefix) and time, filters kept in the address; newest
 * first, more on demand; the same search as CSV.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Table, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { API, type AuditRow, call, type Me } from './api.ts';
import styles from './Backoffice.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

interface Filters {
  operator: string;
  action: string;
  from: string;
  to: string;
}
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

function filtersFromAddress(): Filters {
  if (typeof window === 'undefined') return EMPTY;
  const p = new URLSearchParams(window.location.search);
  return {
    operator: p.get('operator') ?? '',
    action: p.get('action') ?? '',
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
  };
}

export function AuditSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const [form, setForm] = useState<Filters>(EMPTY);
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
    const initial = filtersFromAddress();
    setForm(initial);
    setApplied(initial);
    void load(initial, null);
  }, [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const f = form;
    const shown = new URLSearchParams(Object.entries(f).filter(([, v]) => v !== ''));
    window.history.replaceState(null, '', `${window.location.pathname}${shown.size ? `?${shown}` : ''}`);
    setApplied(f);
    setRows(null);
    void load(f, null);
  };
  const field = (key: keyof Filters) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const exportHref = `${API}/audit/export.csv?${queryOf(applied ?? EMPTY).toString()}`;

  return (
    <section className={styles.panel} aria-labelledby="bo-audit">
      <h2 id="bo-audit" className={styles.subheading}>
        {t('audit.title')}
      </h2>
      <form className={styles.inlineForm} onSubmit={search} aria-label={t('audit.search')}>
        <TextField label={t('audit.operator')} name="operator" {...field('operator')} />
        <TextField
          label={t('audit.action')}
          name="action"
          hint={t('audit.actionHint')}
          {...field('action')}
        />
        <TextField label={t('audit.from')} name="from" type="date" {...field('from')} />
        <TextField label={t('audit.to')} name="to" type="date" {...field('to')} />
        <Button type="submit" variant="primary">
          {t('audit.searchButton')}
        </Button>
        {me.actions.includes('audit.export') ? (
          <a className={styles.buttonLink} href={exportHref} download="audit.csv">
            {t('audit.export')}
          </a>
        ) : null}
      </form>
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('audit.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('audit.seq')}
                </th>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.outcome')}</th>
                <th scope="col">{t('audit.details')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
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
                  <td className={styles.clip} title={JSON.stringify(r.details)}>
                    {Object.entries(r.details)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(' ')}
                  </td>
                  <td className={styles.num}>{r.ip}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {next && applied ? (
        <Button size="sm" onClick={() => void load(applied, next)}>
          {t('audit.more')}
        </Button>
      ) : null}
    </section>
  );
}
