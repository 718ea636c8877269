/** The server time pushed over /ws every second (topic "clock"): it shows that the site is live. */
import { getRealtime, type RealtimeStatus } from '@parlay/client/realtime.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useState } from 'react';
import styles from './Header.module.css';

const CLOCK_TOPIC = 'clock';

/** HH:MM:SS in the player's time zone (whole hours from UTC), 24 h; null for what is not a time. */
export function formatClock(iso: string, timeZoneHours: number): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const shifted = new Date(ms + timeZoneHours * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}:${two(shifted.getUTCSeconds())}`;
}

/** The `now` of a clock message ({"now":"2026-11-22T10:00:00.000Z"}), or null for anything else. */
export function clockNow(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const now = (data as { now?: unknown }).now;
  return typeof now === 'string' && !Number.isNaN(Date.parse(now)) ? now : null;
}

export function ServerClock({ timeZone }: { timeZone: number }) {
  const t = useT('common');
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
      <span className={styles.clockLabel}>{t('clock.label')}:</span>
      <time className={styles.time} dateTime={now ?? undefined} data-testid="server-time">
        {now ? formatClock(now, timeZone) : '--:--:--'}
      </time>
      <span className={[styles.dot, live ? styles.live : ''].filter(Boolean).join(' ')} aria-hidden="true" />
      <span className={styles.clockState}>{label}</span>
    </p>
  );
}
