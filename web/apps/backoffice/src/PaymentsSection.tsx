/**
 * Payments (issue 24): search by player, method, direction, state, amount (minor units) and
 * creation time, newest first, 50 a page with a cursor; and what reconciliation (`parlay payments
 * reconcile` and the workers' reconciler) applied from the provider's records or expired over the
 * last seven days. Read-only; needs payments.view.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';
import { call, type Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useErrorText } from './desk.tsx';
import {
  AnySelect,
  cursorQuery,
  FilterForm,
  NumbersAndTimeFields,
  Pager,
  type SearchFilter,
  useCursorPages,
} from './FilterForm.tsx';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

const STATES = [
  'created',
  'pending',
  'requested',
  'approved',
  'processing',
  'success',
  'failed',
  'cancelled',
  'rejected',
  'expired',
] as const;
const NUMERIC = ['userId', 'minAmount', 'maxAmount'] as const;

interface PaymentRow {
  id: string;
  reference: string;
  userId: string;
  direction: 'deposit' | 'withdrawal';
  method: string;
  currency: string;
  amountMinor: string;
  state: string;
  failureReason: string | null;
  createdAt: string;
}

interface Reconciliation {
  applied: {
    at: string;
    providerStatus: string;
    paymentId: string;
    reference: string;
    userId: string;
    direction: string;
    currency: string;
    amountMinor: string;
    state: string;
  }[];
  expired: {
    at: string;
    paymentId: string;
    reference: string;
    userId: string;
    currency: string;
    amountMinor: string;
  }[];
}

export function PaymentsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<SearchFilter>({});
  const [page, setPage] = useState<{ payments: PaymentRow[]; next: string | null; methods: string[] } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const search = async (before: string | null) => {
    const answer = await call<{ payments: PaymentRow[]; next: string | null; methods: string[] }>(
      `/payments?${cursorQuery(filter, before)}`,
    );
    leaveIfSignedOut(answer);
    if (answer.ok) {
      setPage(answer.data);
      setError(null);
    } else setError(errorText(answer.code));
  };
  const pages = useCursorPages((before) => void search(before));
  useEffect(() => {
    void search(null);
  }, []);
  if (!me.actions.includes('payments.view')) return <p className={styles.muted}>{t('notAllowed')}</p>;
  const any = t('payments.any');
  return (
    <div className={styles.stack}>
      <Panel id="bo-payments" title={t('payments.title')}>
        <FilterForm submit={t('payments.search')} onSearch={pages.first}>
          <NumbersAndTimeFields
            numeric={NUMERIC}
            label={(f) => t(`payments.${f}`)}
            filter={filter}
            onChange={setFilter}
          >
            <AnySelect
              label={t('payments.method')}
              value={filter.method ?? ''}
              any={any}
              options={(page?.methods ?? []).map((m) => ({ value: m, text: m }))}
              onChange={(method) => setFilter({ ...filter, method })}
            />
            <AnySelect
              label={t('payments.direction')}
              value={filter.direction ?? ''}
              any={any}
              options={(['deposit', 'withdrawal'] as const).map((d) => ({
                value: d,
                text: t(`payments.directions.${d}`),
              }))}
              onChange={(direction) => setFilter({ ...filter, direction })}
            />
            <AnySelect
              label={t('payments.state')}
              value={filter.state ?? ''}
              any={any}
              options={STATES.map((s) => ({ value: s, text: t(`payments.states.${s}`) }))}
              onChange={(state) => setFilter({ ...filter, state })}
            />
          </NumbersAndTimeFields>
        </FilterForm>
        <NoticeLine notice={error ? { kind: 'error', text: error } : null} />
        <DataTable
          rows={page?.payments}
          empty={t('payments.empty')}
          testId="payments"
          columns={[
            { label: t('payments.id'), num: true },
            { label: t('payments.player') },
            { label: t('payments.direction') },
            { label: t('payments.method') },
            { label: t('payments.amount'), num: true },
            { label: t('payments.state') },
            { label: t('payments.created') },
          ]}
          row={(r) => (
            <tr key={r.id}>
              <td className={styles.num} title={r.reference}>
                {r.id}
              </td>
              <td>
                <a href={`players?player=${r.userId}`}>#{r.userId}</a>
              </td>
              <td>{t(`payments.directions.${r.direction}`)}</td>
              <td>{r.method}</td>
              <td className={styles.num}>{format.money(r.amountMinor, r.currency)}</td>
              <td title={r.failureReason ?? undefined}>{t(`payments.states.${r.state}`)}</td>
              <td className={styles.num}>{when(r.createdAt)}</td>
            </tr>
          )}
        />
        <Pager
          variant="ghost"
          previous={{ text: t('payments.previous'), disabled: !pages.hasPrevious, onClick: pages.previous }}
          next={{
            text: t('payments.next'),
            disabled: !page?.next,
            onClick: () => pages.next(page!.next),
          }}
        />
      </Panel>
      <ReconciliationPanel />
    </div>
  );
}

function ReconciliationPanel() {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const { data } = useDeskQuery<Reconciliation>('/payments/reconciliation');
  const rows = data
    ? [
        ...data.applied.map((r) => ({ ...r, found: 'provider' as const })),
        ...data.expired.map((r) => ({ ...r, found: 'expired' as const })),
      ]
    : null;
  return (
    <Panel
      id="bo-reconciliation"
      title={t('payments.reconciliation.title')}
      lead={t('payments.reconciliation.lead')}
      testId="reconciliation"
    >
      <DataTable
        rows={rows}
        empty={t('payments.reconciliation.empty')}
        columns={[
          { label: t('payments.reconciliation.at') },
          { label: t('payments.id'), num: true },
          { label: t('payments.player') },
          { label: t('payments.amount'), num: true },
          { label: t('payments.reconciliation.found') },
          { label: t('payments.state') },
        ]}
        row={(r) =>
          r.found === 'provider' ? (
            <tr key={`a${r.paymentId}${r.providerStatus}`}>
              <td className={styles.num}>{when(r.at)}</td>
              <td className={styles.num}>{r.paymentId}</td>
              <td>#{r.userId}</td>
              <td className={styles.num}>{format.money(r.amountMinor, r.currency)}</td>
              <td>{t('payments.reconciliation.provider', { status: r.providerStatus })}</td>
              <td>{t(`payments.states.${r.state}`)}</td>
            </tr>
          ) : (
            <tr key={`e${r.paymentId}`}>
              <td className={styles.num}>{when(r.at)}</td>
              <td className={styles.num}>{r.paymentId}</td>
              <td>#{r.userId}</td>
              <td className={styles.num}>{format.money(r.amountMinor, r.currency)}</td>
              <td>{t('payments.reconciliation.expired')}</td>
              <td>{t('payments.states.expired')}</td>
            </tr>
          )
        }
      />
    </Panel>
  );
}
