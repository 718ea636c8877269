/**
 * "Why am I limited": the limit that cut or refused the stake, named (the player's own
 * responsible-gaming limit or the bookmaker's rule), its figures (limit, used, left, when room comes
 * back) and what the player can do, with a link to the limits page for the player's own limits.
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { useFormat } from '@parlay/i18n/runtime.tsx';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { useClock } from '../sports-view.ts';
import type { LimitExplanation } from './limit-explanation.ts';
import styles from './SlipPlace.module.css';

export function LimitNotice({
  explanation: e,
  lng,
  t,
}: {
  explanation: LimitExplanation;
  lng: string;
  t: TranslateFn;
}) {
  const fmt = useFormat();
  const clock = useClock();
  const money = (minor: string | null) =>
    minor === null || e.currency === null ? '—' : fmt.money(minor, e.currency);
  const at = e.resetsAt ? formatDateTime(e.resetsAt, lng, clock) : '';
  const isLock = e.kind === 'self_exclusion' || e.kind === 'time_out';
  const figures: string[] = [];
  if (!isLock && e.limitMinor !== null) {
    figures.push(
      e.periodDays !== null
        ? t(`slip.limit.figure_period_${e.periodDays}`, { limit: money(e.limitMinor) })
        : t('slip.limit.figure', { limit: money(e.limitMinor) }),
    );
  }
  if (e.usedMinor !== null)
    figures.push(
      t(`slip.limit.used_${e.kind === 'loss' ? 'loss' : 'stake'}`, { amount: money(e.usedMinor) }),
    );
  if (e.remainingMinor !== null) figures.push(t('slip.limit.left', { amount: money(e.remainingMinor) }));
  if (at) figures.push(t(isLock ? 'slip.limit.until' : 'slip.limit.resets', { at }));
  else if (e.owner === 'player' && !isLock) figures.push(t('slip.limit.no_reset'));
  const action =
    e.owner === 'player'
      ? isLock
        ? t('slip.limit.do_lock')
        : e.remainingMinor !== null && e.remainingMinor !== '0'
          ? t('slip.limit.do_lower', { amount: money(e.remainingMinor) })
          : t('slip.limit.do_wait')
      : t(`slip.limit.do_${e.kind}`, { amount: money(e.limitMinor) });
  return (
    <div className={styles.limit} data-testid="slip-limit" data-limit-kind={e.kind}>
      <p className={styles.limitTitle}>
        <span className={styles.limitOwner}>{t(`slip.limit.owner_${e.owner}`)}</span>
        {t(`slip.limit.title_${e.kind}`)}
      </p>
      {figures.length > 0 ? <p className={styles.limitFigures}>{figures.join(' · ')}</p> : null}
      <p className={styles.limitAction}>{action}</p>
      {e.owner === 'player' ? (
        <a className={styles.limitLink} href={`/${lng}/office/responsible`}>
          {t('slip.limit.link')}
        </a>
      ) : null}
    </div>
  );
}
