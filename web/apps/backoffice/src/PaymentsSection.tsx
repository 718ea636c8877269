/**
 * Payments (issue 24): search by player, method, direction, state, amount (minor units) and
 * creation time, newest first, 50 a page with a cursor; and what reconciliation (`parlay payments
 * reconcile` and the workers' reconciler) applied from the provider's records or expired over the
 * last seven days. Read-only; needs payments.view.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table, TextField } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me } from './api.ts';
import styles from './Backoffice.module.css';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

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

function queryOf(filter: Record<string, string>, before: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v) params.set(k, k === 'from' || k === 'to' ? new Date(v).toISOString() : v);
  }
  if (before) params.set('before', before);
  return params.toString();
}

export function PaymentsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const format = useFormat();
  const when = useDateTime();
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<{ payments: PaymentRow[]; next: string | null; methods: string[] } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const search = useCallback(
    async (before: string | null) => {
      const answer = await call<{ payments: PaymentRow[]; next: string | null; methods: string[] }>(
        `/payments?${queryOf(filter, before)}`,
      );
      leaveIfSignedOut(answer);
      if (answer.ok) {
        setPage(answer.data);
        setError(null);
      } else setError(errorMessage(te, t, answer.code));
    },
    [filter, t, te],
  );
  useEffect(() => {
    void search(null);
  }, []);
  if (!me.actions.includes('payments.view')) return <p className={styles.muted}>{t('notAllowed')}</p>;
  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="bo-payments">
        <h2 id="bo-payments" className={styles.subheading}>
          {t('payments.title')}
        </h2>
        <form
          className={styles.inlineForm}
          onSubmit={(e) => {
            e.preventDefault();
            setCursors([null]);
            void search(null);
          }}
        >
          {NUMERIC.map((f) => (
            <TextField
              key={f}
              label={t(`payments.${f}`)}
              inputMode="numeric"
              pattern="[0-9]*"
              value={filter[f] ?? ''}
              onChange={(e) => setFilter({ ...filter, [f]: e.target.value.trim() })}
            />
          ))}
          <SelectField
            label={t('payments.method')}
            value={filter.method ?? ''}
            onChange={(e) => setFilter({ ...filter, method: e.target.value })}
          >
            <option value="">{t('payments.any')}</option>
            {(page?.methods ?? []).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('payments.direction')}
            value={filter.direction ?? ''}
            onChange={(e) => setFilter({ ...filter, direction: e.target.value })}
          >
            <option value="">{t('payments.any')}</option>
            <option value="deposit">{t('payments.directions.deposit')}</option>
            <option value="withdrawal">{t('payments.directions.withdrawal')}</option>
          </SelectField>
          <SelectField
            label={t('payments.state')}
            value={filter.state ?? ''}
            onChange={(e) => setFilter({ ...filter, state: e.target.value })}
          >
            <option value="">{t('payments.any')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`payments.states.${s}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('payments.from')}
            type="datetime-local"
            value={filter.from ?? ''}
            onChange={(e) => setFilter({ ...filter, from: e.target.value })}
          />
          <TextField
            label={t('payments.to')}
            type="datetime-local"
            value={filter.to ?? ''}
            onChange={(e) => setFilter({ ...filter, to: e.target.value })}
          />
          <Button type="submit" variant="primary">
            {t('payments.search')}
          </Button>
        </form>
        <div aria-live="polite">{error ? <Message kind="error">{error}</Message> : null}</div>
        {!page ? (
          <p className={styles.muted}>{t('loading')}</p>
        ) : page.payments.length === 0 ? (
          <p className={styles.muted}>{t('payments.empty')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <Table className={styles.table} data-testid="payments">
              <thead>
                <tr>
                  <th scope="col" className={styles.num}>
                    {t('payments.id')}
                  </th>
                  <th scope="col">{t('payments.player')}</th>
                  <th scope="col">{t('payments.direction')}</th>
                  <th scope="col">{t('payments.method')}</th>
                  <th scope="col" className={styles.num}>
                    {t('payments.amount')}
                  </th>
                  <th scope="col">{t('payments.state')}</th>
                  <th scope="col">{t('payments.created')}</th>
                </tr>
              </thead>
              <tbody>
                {page.payments.map((r) => (
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
                ))}
              </tbody>
            </Table>
          </div>
        )}
        <div className={styles.buttons}>
          <Button
            variant="ghost"
            disabled={cursors.length < 2}
            onClick={() => {
              const previous = cursors.slice(0, -1);
              setCursors(previous);
              void search(previous[previous.length - 1] ?? null);
            }}
          >
            {t('payments.previous')}
          </Button>
          <Button
            variant="ghost"
            disabled={!page?.next}
            onClick={() => {
              setCursors([...cursors, page!.next]);
              void search(page!.next);
            }}
          >
            {t('payments.next')}
          </Button>
        </div>
      </section>
      <ReconciliationPanel />
    </div>
  );
}

function ReconciliationPanel() {
  const t = useT('backoffice');
  const format = useFormat();
  const when = useDateTime();
  const [data, setData] = useState<Reconciliation | null>(null);
  useEffect(() => {
    void call<Reconciliation>('/payments/reconciliation').then((answer) => {
      leaveIfSignedOut(answer);
      if (answer.ok) setData(answer.data);
    });
  }, []);
  return (
    <section className={styles.panel} aria-labelledby="bo-reconciliation" data-testid="reconciliation">
      <h2 id="bo-reconciliation" className={styles.subheading}>
        {t('payments.reconciliation.title')}
      </h2>
      <p className={styles.muted}>{t('payments.reconciliation.lead')}</p>
      {!data ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : data.applied.length + data.expired.length === 0 ? (
        <p className={styles.muted}>{t('payments.reconciliation.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('payments.reconciliation.at')}</th>
                <th scope="col" className={styles.num}>
                  {t('payments.id')}
                </th>
                <th scope="col">{t('payments.player')}</th>
                <th scope="col" className={styles.num}>
                  {t('payments.amount')}
                </th>
                <th scope="col">{t('payments.reconciliation.found')}</th>
                <th scope="col">{t('payments.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.applied.map((r) => (
                <tr key={`a${r.paymentId}${r.providerStatus}`}>
                  <td className={styles.num}>{when(r.at)}</td>
                  <td className={styles.num}>{r.paymentId}</td>
                  <td>#{r.userId}</td>
                  <td className={styles.num}>{format.money(r.amountMinor, r.currency)}</td>
                  <td>{t('payments.reconciliation.provider', { status: r.providerStatus })}</td>
                  <td>{t(`payments.states.${r.state}`)}</td>
                </tr>
              ))}
              {data.expired.map((r) => (
                <tr key={`e${r.paymentId}`}>
                  <td className={styles.num}>{when(r.at)}</td>
                  <td className={styles.num}>{r.paymentId}</td>
                  <td>#{r.userId}</td>
                  <td className={styles.num}>{format.money(r.amountMinor, r.currency)}</td>
                  <td>{t('payments.reconciliation.expired')}</td>
                  <td>{t('payments.states.expired')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
