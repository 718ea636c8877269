import { getRealtime, type RealtimeStatus } from '@parlay/client/realtime.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';
import { clockNow, formatClock } from './clock.ts';
import styles from './SportsPage.module.css';

const CLOCK_TOPIC = 'clock';

/** The server time pushed over /ws every second; shows whether the feed is live. */
export function LiveClock({ timeZone }: { timeZone: number }) {
  const t = useT('sports');
  const [now, setNow] = useState<string | null>(null);
  const [status, setStatus] = useState<RealtimeStatus>('idle');

  useEffect(() => {
    const realtime = getRealtime();
    const stopStatus = realtime.onStatus(setStatus);
    const unsubscribe = realtime.subscribe(CLOCK_TOPIC, (data) => {
      const value = clockNow(data);
      if (value) setNow(value);
    });
    return () => {
      unsubscribe();
      stopStatus();
    };
  }, []);

  const live = status === 'open' && now !== null;
  const label = live
    ? t('clock.live')
    : status === 'reconnecting'
      ? t('clock.offline')
      : t('clock.connecting');
  return (
    <p className={styles.clock} data-clock-status={live ? 'live' : status}>
      <span>{t('clock.label')}:</span>
      <time className={styles.time} dateTime={now ?? undefined} data-testid="server-time">
        {now ? formatClock(now, timeZone) : '--:--:--'}
      </time>
      <span className={[styles.dot, live ? styles.live : ''].filter(Boolean).join(' ')} aria-hidden="true" />
      <span>{label}</span>
    </p>
  );
}
