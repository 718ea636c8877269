/** The server time pushed over /ws every second (topic "clock"): it shows that the site is live. */
import { getRealtime, type RealtimeStatus } from '@parlay/client/realtime.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { formatClockTime, subscribeClockFormat } from '@parlay/mf/clock.ts';
import { useEffect, useState } from 'react';
import styles from './Header.module.css';

const CLOCK_TOPIC = 'clock';

/** "15:05:09" or "3:05:09 PM" in the player's time zone (whole hours from UTC); null for what is not a time. */
export function formatClock(iso: string, timeZoneHours: number, is12h = false): string | null {
  return formatClockTime(iso, { timeZone: timeZoneHours, is12h }, { seconds: true }) || null;
}

/** The `now` of a clock message ({"now":"2026-11-22T10:00:00.000Z"}), or null for anything else. */
export function clockNow(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const now = (data as { now?: unknown }).now;
  return typeof now === 'string' && !Number.isNaN(Date.parse(now)) ? now : null;
}

export function ServerClock({ timeZone, is12h: drawnIs12h }: { timeZone: number; is12h: boolean }) {
  const t = useT('common');
  const [now, setNow] = useState<string | null>(null);
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  // Drawn with the player's setting; a switch made on the page (sports display settings) follows at once.
  const [is12h, setIs12h] = useState(drawnIs12h);
  useEffect(() => subscribeClockFormat(setIs12h), []);
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
      <span className={styles.clockLabel}>{t('clock.label')}:</span>
      <time className={styles.time} dateTime={now ?? undefined} data-testid="server-time">
        {now ? formatClock(now, timeZone, is12h) : '--:--:--'}
      </time>
      <span className={[styles.dot, live ? styles.live : ''].filter(Boolean).join(' ')} aria-hidden="true" />
      <span className={styles.clockState}>{label}</span>
    </p>
  );
}
