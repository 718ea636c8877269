/**
 * The casino cashback sections (office/casino/vipcashback, office/casino/premiumcashback) over
 * /web-api/cashback/v1: the player's VIP level with the progress bar to the next one, this week's
 * turnover, net loss and accrued cashback with rate and cap, the level table, premium membership
 * (join button from the premium level on) and the weekly history.
 */
import { formatDate, formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Card, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../money/money-api.ts';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Cashback.module.css';
import {
  CASHBACK_API,
  type CashbackStatus,
  type LevelView,
  type PayoutView,
  percentOf,
  progressPercent,
} from './cashback-view.ts';

type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** Level, progress bar and the level's rate and cap. */
export function LevelCard({ status, lng }: { status: CashbackStatus; lng: string }) {
  const t = useT('office-cashback');
  const money = (minor: string) => formatMoney(minor, status.currency, lng);
  const percent = progressPercent(status.progressBp);
  const next = status.nextLevel;
  return (
    <Card as="section" className={styles.card} aria-labelledby="cashback-level">
      <h2 id="cashback-level" className={styles.title}>
        {t('level_title', { name: status.level.name, level: String(status.level.level) })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('turnover')}</dt>
        <dd>{money(status.turnoverMinor)}</dd>
        <dt>{t('rate')}</dt>
        <dd>{t('percent', { value: percentOf(status.level.rateBp, lng) })}</dd>
        <dt>{t('cap')}</dt>
        <dd>{money(status.level.capMinor)}</dd>
      </dl>
      <div className={styles.progress}>
        <div id="cashback-progress-label">
          {next
            ? t('next_level', { name: next.name, left: money(leftTo(status.turnoverMinor, next)) })
            : t('top_level')}
        </div>
        <div
          role="progressbar"
          aria-labelledby="cashback-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('progress_text', { percent: String(percent) })}
          className={styles.bar}
          data-testid="cashback-progress"
        >
          <div className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
      </div>
    </Card>
  );
}

function leftTo(turnoverMinor: string, next: LevelView): string {
  const left = BigInt(next.thresholdMinor) - BigInt(turnoverMinor);
  return (left > 0n ? left : 0n).toString();
}

/** This week: turnover, net loss, the accrued cashback, rate and cap, and when it is paid. */
export function PeriodCard({
  status,
  lng,
  timeZone,
}: {
  status: CashbackStatus;
  lng: string;
  timeZone: number;
}) {
  const t = useT('office-cashback');
  const money = (minor: string) => formatMoney(minor, status.currency, lng);
  const p = status.period;
  const loss = BigInt(p.netLossMinor);
  return (
    <Card as="section" className={styles.card} aria-labelledby="cashback-period">
      <h2 id="cashback-period" className={styles.title}>
        {t('period_title', {
          from: formatDate(p.start, lng, timeZone),
          to: formatDate(new Date(Date.parse(p.end) - 1).toISOString(), lng, timeZone),
        })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('period_turnover')}</dt>
        <dd>{money(p.turnoverMinor)}</dd>
        <dt>{loss >= 0n ? t('net_loss') : t('net_win')}</dt>
        <dd>{money((loss >= 0n ? loss : -loss).toString())}</dd>
        <dt>{t('rate')}</dt>
        <dd>
          {`${t('percent', { value: percentOf(p.rateBp, lng) })}${p.tier === 'premium' ? ` · ${t('premium_badge')}` : ''}`}
        </dd>
        <dt>{t('cap')}</dt>
        <dd>{money(p.capMinor)}</dd>
        <dt>{t('accrual')}</dt>
        <dd className={styles.accrual} data-testid="cashback-accrual">
          {money(p.accrualMinor)}
        </dd>
      </dl>
      <p className={styles.muted}>{t('paid_at', { date: formatDate(p.end, lng, timeZone) })}</p>
    </Card>
  );
}

/** Premium cashback: rate, cap, membership or the join button (from the premium level). */
export function PremiumCard({
  status,
  lng,
  onJoined,
}: {
  status: CashbackStatus;
  lng: string;
  onJoined: (status: CashbackStatus) => void;
}) {
  const t = useT('office-cashback');
  const te = useT('errors');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pr = status.premium;
  const join = async () => {
    setBusy(true);
    const answer = await call<CashbackStatus>(`${CASHBACK_API}/premium`, { method: 'POST' });
    setBusy(false);
    if (answer.ok) onJoined(answer.data);
    else {
      const key = answer.code.toLowerCase();
      const text = te(key);
      setError(text === key ? t('failed') : text);
    }
  };
  const minLevel = status.levels.find((l) => l.level === pr.minLevel);
  return (
    <Card as="section" className={styles.card} aria-labelledby="cashback-premium">
      <h2 id="cashback-premium" className={styles.title}>
        {t('premium_title')}
      </h2>
      <p className={styles.muted}>
        {t('premium_text', {
          percent: percentOf(pr.rateBp, lng),
          cap: formatMoney(pr.capMinor, status.currency, lng),
        })}
      </p>
      {pr.member ? (
        <p className={styles.member} data-testid="cashback-premium-member">
          {t('premium_member')}
        </p>
      ) : pr.eligible ? (
        <Button onClick={join} disabled={busy} aria-busy={busy}>
          {t('premium_join')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('premium_locked', { name: minLevel?.name ?? String(pr.minLevel) })}</p>
      )}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </Card>
  );
}

/** The level table, the player's level marked. */
export function LevelsTable({ status, lng }: { status: CashbackStatus; lng: string }) {
  const t = useT('office-cashback');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('levels_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('level')}</th>
            <th scope="col">{t('from_turnover')}</th>
            <th scope="col">{t('rate')}</th>
            <th scope="col">{t('cap')}</th>
          </tr>
        </thead>
        <tbody>
          {status.levels.map((l) => (
            <tr key={l.level} aria-current={l.level === status.level.level ? 'true' : undefined}>
              <th scope="row">{l.name}</th>
              <td>{formatMoney(l.thresholdMinor, status.currency, lng)}</td>
              <td>{t('percent', { value: percentOf(l.rateBp, lng) })}</td>
              <td>{formatMoney(l.capMinor, status.currency, lng)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The weekly history: week, tier, net loss, amount and state. */
export function PayoutHistory({
  items,
  lng,
  timeZone,
}: {
  items: PayoutView[];
  lng: string;
  timeZone: number;
}) {
  const t = useT('office-cashback');
  if (items.length === 0) return <p className={styles.muted}>{t('history_empty')}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="cashback-history">
        <caption className={styles.caption}>{t('history_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('week')}</th>
            <th scope="col">{t('net_loss')}</th>
            <th scope="col">{t('rate')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('state')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.periodStart}>
              <th scope="row">{formatDate(p.periodStart, lng, timeZone)}</th>
              <td>{formatMoney(p.netLossMinor, p.currency, lng)}</td>
              <td>
                {`${t('percent', { value: percentOf(p.rateBp, lng) })}${p.tier === 'premium' ? ` · ${t('premium_badge')}` : ''}`}
              </td>
              <td>{formatMoney(p.amountMinor, p.currency, lng)}</td>
              <td>{t(`status.${p.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CashbackSection({ lng, routeId }: { lng: string; routeId: string }) {
  const t = useT('office-cashback');
  const clock = useOfficeClock();
  const [status, setStatus] = useState<Load<CashbackStatus>>({ state: 'loading' });
  const [history, setHistory] = useState<PayoutView[]>([]);
  const load = useCallback(async () => {
    const [s, h] = await Promise.all([
      call<CashbackStatus>(`${CASHBACK_API}/status`),
      call<{ items: PayoutView[] }>(`${CASHBACK_API}/payouts?pageSize=20`),
    ]);
    setStatus(s.ok ? { state: 'ready', data: s.data } : { state: 'failed' });
    if (h.ok) setHistory(h.data.items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const premiumRoute = routeId === 'office-premiumcashback';
  return (
    <div className={styles.section} data-route={routeId}>
      <h1 className={styles.heading}>{premiumRoute ? t('premium_heading') : t('heading')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      {status.state === 'loading' ? (
        <Skeleton height="12rem" />
      ) : status.state === 'failed' ? (
        <div role="alert" className={styles.failed}>
          <p>{t('failed_text')}</p>
          <Button onClick={() => void load()}>{t('retry')}</Button>
        </div>
      ) : (
        <>
          {premiumRoute ? (
            <PremiumCard
              status={status.data}
              lng={lng}
              onJoined={(data) => setStatus({ state: 'ready', data })}
            />
          ) : null}
          <PeriodCard status={status.data} lng={lng} timeZone={clock.timeZone} />
          <LevelCard status={status.data} lng={lng} />
          {premiumRoute ? null : (
            <PremiumCard
              status={status.data}
              lng={lng}
              onJoined={(data) => setStatus({ state: 'ready', data })}
            />
          )}
          <LevelsTable status={status.data} lng={lng} />
          <h2 className={styles.subheading}>{t('history_title')}</h2>
          <PayoutHistory items={history} lng={lng} timeZone={clock.timeZone} />
        </>
      )}
    </div>
  );
}
