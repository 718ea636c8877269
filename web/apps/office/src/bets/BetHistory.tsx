/**
 * The office bet history (/office/history): filters by period (or a custom day range), status and
 * type, the bets newest first with pages, the CSV of the same filter, and live updates: a bet
 * message on /ws `user` (settlement, cash-out, live decision) reloads the page shown.
 */
import {
  BET_TYPES,
  type BetPage,
  betsCsvUrl,
  type HistoryFilter,
  listBets,
  PERIODS_DAYS,
  STATUS_FILTERS,
  type StatusFilter,
  watchBets,
} from '@parlay/client/bets-api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Card, Field, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BetCard } from './BetCard.tsx';
import styles from './Bets.module.css';

const PAGE_SIZE = 10;
const CUSTOM = 'custom';

interface FilterState {
  period: string;
  fromDay: string;
  toDay: string;
  status: StatusFilter | '';
  typeId: string;
}

const INITIAL: FilterState = { period: '30', fromDay: '', toDay: '', status: '', typeId: '' };

function toFilter(state: FilterState, page: number, lng: string): HistoryFilter {
  const custom = state.period === CUSTOM;
  return {
    periodDays: custom ? 3650 : Number(state.period),
    ...(custom && state.fromDay ? { fromDay: state.fromDay } : {}),
    ...(custom && state.toDay ? { toDay: state.toDay } : {}),
    status: state.status,
    typeId: state.typeId === '' ? null : Number(state.typeId),
    page,
    pageSize: PAGE_SIZE,
    lng,
  };
}

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; page: BetPage };

function Filters({ state, onChange }: { state: FilterState; onChange: (next: FilterState) => void }) {
  const t = useT('office');
  const id = useId();
  const set = (patch: Partial<FilterState>) => onChange({ ...state, ...patch });
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.visuallyHidden}>{t('bets.filters')}</legend>
      <Field className={styles.field}>
        <label htmlFor={`${id}-period`}>{t('bets.period')}</label>
        <select id={`${id}-period`} value={state.period} onChange={(e) => set({ period: e.target.value })}>
          {PERIODS_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t(`bets.period_${days}`)}
            </option>
          ))}
          <option value={CUSTOM}>{t('bets.period_custom')}</option>
        </select>
      </Field>
      {state.period === CUSTOM ? (
        <>
          <Field className={styles.field}>
            <label htmlFor={`${id}-from`}>{t('bets.from')}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={state.fromDay}
              onChange={(e) => set({ fromDay: e.target.value })}
            />
          </Field>
          <Field className={styles.field}>
            <label htmlFor={`${id}-to`}>{t('bets.to')}</label>
            <input
              id={`${id}-to`}
              type="date"
              value={state.toDay}
              onChange={(e) => set({ toDay: e.target.value })}
            />
          </Field>
        </>
      ) : null}
      <Field className={styles.field}>
        <label htmlFor={`${id}-status_filter`}>{t('bets.status_filter')}</label>
        <select
          id={`${id}-status_filter`}
          value={state.status}
          onChange={(e) => set({ status: e.target.value as StatusFilter | '' })}
        >
          <option value="">{t('bets.all')}</option>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`bets.filter_status.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field className={styles.field}>
        <label htmlFor={`${id}-type_filter`}>{t('bets.type_filter')}</label>
        <select
          id={`${id}-type_filter`}
          value={state.typeId}
          onChange={(e) => set({ typeId: e.target.value })}
        >
          <option value="">{t('bets.all')}</option>
          {BET_TYPES.map((type) => (
            <option key={type} value={String(type)}>
              {t(`bets.type_${type}`)}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const t = useT('office');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('bets.pages')}>
      <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('bets.prev')}
      </Button>
      <span>{t('bets.page', { page, pages })}</span>
      <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('bets.next')}
      </Button>
    </nav>
  );
}

export function BetHistory({ lng }: { lng: string }) {
  const t = useT('office');
  const headingId = useId();
  const [state, setState] = useState<FilterState>(INITIAL);
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [notice, setNotice] = useState('');
  const request = useRef(0);
  const filter = toFilter(state, page, lng);
  const query = JSON.stringify(filter);

  const reload = useCallback(
    async (quiet: boolean) => {
      const mine = ++request.current;
      if (!quiet) setLoad({ kind: 'loading' });
      const answer = await listBets(JSON.parse(query) as HistoryFilter);
      if (mine !== request.current) return;
      setLoad(answer.ok ? { kind: 'ready', page: answer.data } : { kind: 'failed' });
    },
    [query],
  );

  useEffect(() => {
    void reload(false);
  }, [reload]);

  useEffect(() => watchBets(() => void reload(true)), [reload]);

  const changed = (message?: string) => {
    if (message) setNotice(message);
    void reload(true);
  };

  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.visuallyHidden}>
        {t('bets.title')}
      </h2>
      <div className={styles.toolbar}>
        <Filters
          state={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />
        <a className={styles.csv} href={betsCsvUrl(filter)} download="bets.csv">
          {t('bets.csv')}
        </a>
      </div>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {load.kind === 'loading' ? (
        <div className={styles.list} role="status" aria-busy="true" aria-label={t('bets.loading')}>
          {[0, 1, 2].map((i) => (
            <Card key={i} className={styles.bet}>
              <Skeleton width="40%" height="1.25rem" />
              <Skeleton height="2.5rem" />
            </Card>
          ))}
        </div>
      ) : load.kind === 'failed' ? (
        <div role="alert" className={styles.empty}>
          <p>{t('bets.error')}</p>
          <Button size="sm" onClick={() => void reload(false)}>
            {t('bets.retry')}
          </Button>
        </div>
      ) : load.page.data.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.strong}>{t('bets.empty')}</p>
          <p className={styles.muted}>{t('bets.empty_text')}</p>
          <a className={styles.link} href={`/${lng}/`}>
            {t('bets.to_sports')}
          </a>
        </div>
      ) : (
        <>
          <p className={styles.muted}>{t('bets.total', { count: load.page.total })}</p>
          <ul className={styles.list} aria-label={t('bets.list')}>
            {load.page.data.map((bet) => (
              <li key={bet.id}>
                <BetCard bet={bet} lng={lng} onChanged={changed} />
              </li>
            ))}
          </ul>
          <Pager page={page} total={load.page.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
