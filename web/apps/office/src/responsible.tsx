/**
 * The office responsible page (site-shell §4): set, tighten, loosen or remove each limit with the
 * spec's options; a pending change shows the hours left and can be cancelled; an active
 * self-exclusion or time-out shows its start and end and cannot be cancelled; the self-exclusion
 * warning; session time and net result for today, this week and this month.
 */
import {
  type ClientLimit,
  formatDuration,
  formatLimitValue,
  formatMinor,
  limitsApi,
  type PlayerStats,
} from '@parlay/client/limits-api.ts';
import {
  DEPOSIT_NO_LIMIT,
  familyOfCode,
  isLockLimit,
  NO_LIMIT,
  typeOf,
  typesOf,
} from '@parlay/domain/limits/limit-types.ts';
import { formatDate } from '@parlay/i18n/format.ts';
import { type TranslateFn, useT } from '@parlay/i18n/runtime.tsx';
import { type Clock, formatClockTime } from '@parlay/mf/clock.ts';
import { Button } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useOfficeClock } from './office-clock.tsx';
import styles from './responsible.module.css';

type Translate = TranslateFn;

const GROUPS: { key: string; types: number[] }[] = [
  { key: 'deposit', types: typesOf('deposit') },
  { key: 'wager', types: typesOf('wager') },
  { key: 'loss', types: typesOf('loss') },
  { key: 'session', types: [typeOf('session'), typeOf('reality_check')] },
  { key: 'exclusion', types: [typeOf('time_out'), typeOf('self_exclusion')] },
];

/** "22 нояб. 2026 г., 15:05" or "22 Nov 2026, 3:05 PM": the player's zone and clock. */
function formatMoment(seconds: number, lng: string, clock: Clock): string {
  const date = formatDate(seconds * 1000, lng, clock.timeZone, 'medium');
  return `${date}, ${formatClockTime(seconds * 1000, clock)}`;
}

interface CardProps {
  limit: ClientLimit;
  t: Translate;
  lng: string;
  onChanged(message: string): void;
}

function LimitStatus({ limit, t, lng }: Omit<CardProps, 'onChanged'>) {
  const clock = useOfficeClock();
  const isLock = isLockLimit(limit.limitType);
  if (isLock && limit.limitState === 'ACTIVE' && limit.startedAt && limit.endsAt) {
    return (
      <>
        <p className={styles.note}>
          {t('active_until', {
            start: formatMoment(limit.startedAt, lng, clock),
            end: formatMoment(limit.endsAt, lng, clock),
          })}
        </p>
        <p className={styles.note}>{t('not_cancellable')}</p>
      </>
    );
  }
  if (limit.limitState === 'PENDING' && limit.pendingValue !== null) {
    const value = formatLimitValue(limit, limit.pendingValue, t, lng);
    return (
      <p className={styles.note}>
        {limit.needApprove
          ? t('pending_approve', { value })
          : t('pending', { value, hours: limit.hoursLeft })}
      </p>
    );
  }
  if (limit.limitBalance >= 0 && limit.measure === 'currency') {
    return (
      <p className={styles.note}>
        {t('remaining', { value: formatLimitValue(limit, limit.limitBalance, t, lng) })}
      </p>
    );
  }
  return null;
}

function LimitCard({ limit, t, lng, onChanged }: CardProps) {
  const inputId = useId();
  const options = Object.keys(limit.optionsMap).map(Number);
  const isLock = isLockLimit(limit.limitType);
  const isExclusion = familyOfCode(limit.limitType) === 'self_exclusion';
  const locked = isLock && limit.limitState === 'ACTIVE';
  const current = limit.limitValue === DEPOSIT_NO_LIMIT ? NO_LIMIT : limit.limitValue;
  const [draft, setDraft] = useState(String(current > 0 ? current : (options[0] ?? '')));
  const [busy, setBusy] = useState(false);
  const name = t(limit.label);

  const save = async (value: number) => {
    setBusy(true);
    const answer = await limitsApi.set(limit.limitType, value);
    setBusy(false);
    if (answer.ok && isLock) {
      location.assign(`/${lng}/`);
      return;
    }
    onChanged(answer.ok ? answer.data.title || t('success.saved') : (answer.message ?? t('error.save')));
  };
  const cancel = async () => {
    setBusy(true);
    const answer = await limitsApi.cancel(limit.limitType);
    setBusy(false);
    onChanged(answer.ok ? answer.data.title || t('success.cancel') : (answer.message ?? t('error.cancel')));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(draft);
    if (Number.isSafeInteger(value) && value > 0) void save(value);
  };

  return (
    <section className={styles.limit} aria-label={name} data-limit-type={limit.limitType}>
      <div className={styles.limitHead}>
        <span>{name}</span>
        <span className={styles.state}>{t(`state.${limit.limitState}`)}</span>
      </div>
      <div>{current === NO_LIMIT ? t('not_set') : formatLimitValue(limit, current, t, lng)}</div>
      {limit.operatorLimit ? (
        <p className={styles.note} data-testid="operator-limit">
          {t('operator_limit', { value: formatLimitValue(limit, limit.operatorLimit.value, t, lng) })}
        </p>
      ) : null}
      <LimitStatus limit={limit} t={t} lng={lng} />
      {isExclusion && !locked ? <p className={styles.warning}>{t('self_exclusion_warning')}</p> : null}
      {locked ? null : (
        <form className={styles.form} onSubmit={submit}>
          <label htmlFor={inputId} className={styles.note}>
            {t('value_label', { name })}
          </label>
          {options.length > 0 ? (
            <select
              id={inputId}
              className={styles.input}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            >
              {options.map((o) => (
                <option key={o} value={o}>
                  {formatLimitValue(limit, o, t, lng)}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={inputId}
              className={styles.input}
              inputMode="numeric"
              pattern="[0-9]*"
              value={draft}
              onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
            />
          )}
          <Button type="submit" variant={isExclusion ? 'secondary' : 'primary'} size="sm" disabled={busy}>
            {isExclusion ? t('confirm_exclusion') : t('save')}
          </Button>
          {limit.limitState === 'PENDING' ? (
            <Button size="sm" onClick={() => void cancel()} disabled={busy}>
              {t('cancel_change')}
            </Button>
          ) : !isLock && current !== NO_LIMIT && !limit.operatorLimit ? (
            <Button size="sm" variant="ghost" onClick={() => void save(-1)} disabled={busy}>
              {t('remove')}
            </Button>
          ) : null}
        </form>
      )}
    </section>
  );
}

function StatsTable({ stats, t, lng }: { stats: PlayerStats; t: Translate; lng: string }) {
  const periods = ['today', 'week', 'month'] as const;
  return (
    <section className={styles.group} aria-labelledby="responsible-stats">
      <h2 id="responsible-stats" className={styles.groupTitle}>
        {t('stats.heading')}
      </h2>
      <table className={styles.stats}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('stats.session')}</th>
            <th scope="col">{t('stats.net')}</th>
            <th scope="col">{t('stats.deposits')}</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => {
            const row = stats[period];
            const net = BigInt(row.netMinor);
            return (
              <tr key={period}>
                <th scope="row">{t(`stats.${period}`)}</th>
                <td>{formatDuration(row.sessionSeconds, t)}</td>
                <td className={net < 0n ? styles.negative : net > 0n ? styles.positive : undefined}>
                  {formatMinor(row.netMinor, stats.currency, lng)}
                </td>
                <td>{formatMinor(row.depositsMinor, stats.currency, lng)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The responsible page body; loads in the browser (the limits are the player's own, never cached). */
export function ResponsiblePage({ lng }: { lng: string }) {
  const t = useT('limits');
  const [limits, setLimits] = useState<ClientLimit[] | null>(null);
  const [stats, setStats] = useState<PlayerStats | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const load = useCallback(async () => {
    const [list, numbers] = await Promise.all([limitsApi.list(), limitsApi.stats()]);
    setFailed(!list.ok);
    if (list.ok) setLimits(list.data.data);
    if (numbers.ok) setStats(numbers.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed && !limits) {
    return (
      <div className={styles.page}>
        <p role="alert">{t('load_error')}</p>
        <Button onClick={() => void load()}>{t('retry')}</Button>
      </div>
    );
  }
  if (!limits) return <p aria-busy="true">{t('loading')}</p>;
  const byType = new Map(limits.map((l) => [l.limitType, l]));
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('intro')}</p>
      <p role="status" aria-live="polite" className={styles.note}>
        {message ?? ''}
      </p>
      {stats ? <StatsTable stats={stats} t={t} lng={lng} /> : null}
      {GROUPS.map((group) => (
        <section key={group.key} className={styles.group} aria-labelledby={`limits-${group.key}`}>
          <h2 id={`limits-${group.key}`} className={styles.groupTitle}>
            {t(`groups.${group.key}`)}
          </h2>
          <div className={styles.limits}>
            {group.types.map((type) => {
              const limit = byType.get(type);
              return limit ? (
                <LimitCard
                  key={`${type}-${limit.limitValue}-${limit.pendingValue}`}
                  limit={limit}
                  t={t}
                  lng={lng}
                  onChanged={(text) => {
                    setMessage(text);
                    void load();
                  }}
                />
              ) : null;
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
