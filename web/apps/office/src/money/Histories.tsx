/** Transaction history (main account and virtual account tabs) and payment history, with filters and pages. */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime as when } from '@parlay/mf/clock.ts';
import { Button, Field, Skeleton, Tabs } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Money.module.css';
import { call, type Paged, type PaymentEntry, type TransactionEntry } from './money-api.ts';
import { useAccounts } from './useAccounts.ts';

const PAGE_SIZE = 20;

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const t = useT('office-money');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav className={styles.inline} aria-label={t('history.pages')}>
      <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('history.prev')}
      </Button>
      <span>{t('history.page', { page: String(page), pages: String(pages) })}</span>
      <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('history.next')}
      </Button>
    </nav>
  );
}

function usePaged<T>(path: string | null) {
  const [data, setData] = useState<Paged<T> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!path) return;
    setData(null);
    void call<Paged<T>>(path).then((a) => {
      setFailed(!a.ok);
      setData(a.ok ? a.data : { entities: [], total_count: 0 });
    });
  }, [path]);
  return { data, failed };
}

export function TransactionHistory({ lng }: { lng: string }) {
  const t = useT('office-money');
  const fmt = useFormat();
  const clock = useOfficeClock();
  const { accounts } = useAccounts();
  const [tab, setTab] = useState<'main' | 'virtual'>('main');
  const [reason, setReason] = useState('');
  const [accountId, setAccountId] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({
    types: tab === 'main' ? '0,9' : '4',
    page: String(page),
    pageSize: String(PAGE_SIZE),
  });
  if (reason) query.set('reasons', reason);
  if (accountId && tab === 'main') query.set('accountId', accountId);
  const { data, failed } = usePaged<TransactionEntry>(
    typeof window === 'undefined' ? null : `/web-api/accounts/v1/transactions?${query}`,
  );
  return (
    <section className={styles.card}>
      <Tabs
        idPrefix="history"
        label={t('history.tabs')}
        selected={tab}
        onSelect={(id) => {
          setTab(id as 'main' | 'virtual');
          setPage(1);
        }}
        items={[
          { id: 'main', label: t('history.main_tab') },
          { id: 'virtual', label: t('history.virtual_tab') },
        ]}
      />
      <div id="history-panel" role="tabpanel" aria-labelledby={`history-tab-${tab}`} className={styles.stack}>
        <div className={styles.inline}>
          <Field as="label" className={styles.field}>
            <span>{t('history.reason_filter')}</span>
            <select
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('history.all')}</option>
              {[
                'deposit',
                'withdrawal',
                'withdrawal_reserve',
                'withdrawal_release',
                'stake',
                'payout',
                'bonus',
                'reversal',
              ].map((r) => (
                <option key={r} value={r}>
                  {t(`reason.${r}`)}
                </option>
              ))}
            </select>
          </Field>
          {tab === 'main' ? (
            <Field as="label" className={styles.field}>
              <span>{t('history.account_filter')}</span>
              <select
                value={accountId}
                onChange={(e) => {
                  setAccountId(e.target.value);
                  setPage(1);
                }}
              >
                <option value="">{t('history.all')}</option>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.iso}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </div>
        {data === null ? (
          <Skeleton height="120px" />
        ) : failed ? (
          <p role="alert">{t('errors.generic')}</p>
        ) : data.entities.length === 0 ? (
          <p className={styles.muted}>{t('history.empty')}</p>
        ) : (
          <table className={styles.table}>
            <caption className={styles.muted}>{t('history.total', { count: data.total_count })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.operation')}</th>
                <th scope="col" className={styles.num}>
                  {t('history.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entities.map((e) => (
                <tr key={e.id}>
                  <td>{when(e.createdAt, lng, clock)}</td>
                  <td>{t(`reason.${e.reason}`, { defaultValue: e.reason })}</td>
                  <td
                    className={`${styles.num} ${e.amountMinor.startsWith('-') ? styles.negative : styles.positive}`}
                  >
                    {fmt.money(e.amountMinor, e.currency, { signed: true })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager page={page} total={data?.total_count ?? 0} onPage={setPage} />
      </div>
    </section>
  );
}

export function PaymentHistory({ lng }: { lng: string }) {
  const t = useT('office-money');
  const fmt = useFormat();
  const clock = useOfficeClock();
  const [direction, setDirection] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (direction) query.set('direction', direction);
  const { data, failed } = usePaged<PaymentEntry>(
    typeof window === 'undefined' ? null : `/web-api/payments/v1/payments?${query}`,
  );
  return (
    <section className={styles.card} aria-label={t('historypay.title')}>
      <Field as="label" className={styles.field}>
        <span>{t('historypay.direction')}</span>
        <select
          value={direction}
          onChange={(e) => {
            setDirection(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('history.all')}</option>
          <option value="deposit">{t('historypay.deposit')}</option>
          <option value="withdrawal">{t('historypay.withdrawal')}</option>
        </select>
      </Field>
      {data === null ? (
        <Skeleton height="120px" />
      ) : failed ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : data.entities.length === 0 ? (
        <p className={styles.muted}>{t('history.empty')}</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.muted}>{t('history.total', { count: data.total_count })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('historypay.type')}</th>
              <th scope="col">{t('historypay.state')}</th>
              <th scope="col" className={styles.num}>
                {t('history.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.entities.map((p) => (
              <tr key={p.id}>
                <td>{when(p.createdAt, lng, clock)}</td>
                <td>{t(p.refundOf ? 'historypay.refund' : `historypay.${p.direction}`)}</td>
                <td>
                  {t(`state.${p.state}`, { defaultValue: p.state })}
                  {p.expiresAt ? (
                    <span className={styles.muted}>
                      {' · '}
                      {t('historypay.payable_until', { time: when(p.expiresAt, lng, clock) })}
                    </span>
                  ) : null}
                </td>
                <td className={styles.num}>{fmt.moneyAmount(p.amount, p.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} total={data?.total_count ?? 0} onPage={setPage} />
    </section>
  );
}
