/** Pieces every lotto and toto page uses: countdowns on the server's clock, balance, sign-in, skeletons, balls. */

import { getRealtime } from '@parlay/client/realtime.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts, subscribeAccounts } from '@parlay/mf/accounts-store.ts';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { useEffect, useRef, useState } from 'react';
import styles from '../LottoApp.module.css';
import { countdownText } from '../rules.ts';

/** The server clock topic of /ws (the shell's header clock reads it too): { now: ISO string }. */
export const CLOCK_TOPIC = 'clock';

/** The server's time of a clock message, in ms; null for anything else. */
export function clockMessageMs(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const now = (data as { now?: unknown }).now;
  const ms = typeof now === 'string' ? Date.parse(now) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The server's clock minus this browser's, so a countdown does not trust the player's clock: first
 * from the page's data (serverNowMs, the API's clock when it was read), then from every tick of the
 * server clock topic on /ws, as the crash game does.
 */
export function useClockOffset(serverNowMs: number): React.RefObject<number> {
  const offset = useRef(0);
  useEffect(() => {
    offset.current = serverNowMs - Date.now();
  }, [serverNowMs]);
  useEffect(
    () =>
      getRealtime().subscribe(CLOCK_TOPIC, (data) => {
        const ms = clockMessageMs(data);
        if (ms !== null) offset.current = ms - Date.now();
      }),
    [],
  );
  return offset;
}

/**
 * Seconds left until `atIso` on the server's clock, ticking every second in the browser; on the
 * server and at hydration the value the API answered (`initialSeconds`), so both render the same.
 */
export function useSecondsLeft(atIso: string | null, initialSeconds: number, serverNowMs: number): number {
  const offset = useClockOffset(serverNowMs);
  const [seconds, setSeconds] = useState(initialSeconds);
  useEffect(() => {
    if (!atIso) return;
    const at = Date.parse(atIso);
    const tick = () => setSeconds(Math.max(0, Math.round((at - (Date.now() + offset.current)) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [atIso, offset]);
  return seconds;
}

export function Countdown({
  atIso,
  initialSeconds,
  serverNowMs,
  label,
  testId,
}: {
  atIso: string;
  initialSeconds: number;
  serverNowMs: number;
  label: string;
  testId?: string;
}) {
  const seconds = useSecondsLeft(atIso, initialSeconds, serverNowMs);
  return (
    <span className={styles.countdown} data-testid={testId}>
      <span className={styles.muted}>{label}</span>{' '}
      <time dateTime={atIso} className={styles.countdownValue} aria-live="off">
        {countdownText(seconds)}
      </time>
    </span>
  );
}

export interface Balance {
  minor: string;
  currency: string;
}

/** The player's active account, live (the shell's accounts store; /ws balance messages update it). */
export function useBalance(enabled: boolean): Balance | null {
  const [balance, setBalance] = useState<Balance | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const stop = subscribeAccounts((state) => {
      const account = state.activeAccount;
      setBalance(account ? { minor: account.moneyMinor, currency: account.iso } : null);
    });
    void loadAccounts();
    return stop;
  }, [enabled]);
  return balance;
}

export function BalanceLine({ balance }: { balance: Balance | null }) {
  const t = useT('lotto');
  const format = useFormat();
  return (
    <p className={styles.balance}>
      <span className={styles.muted}>{t('common.balance')}</span>{' '}
      <strong data-testid="lotto-balance">
        {balance ? format.money(balance.minor, balance.currency) : '—'}
      </strong>
    </p>
  );
}

export const RETURN_URL_PARAM = 'return-url';

/** The sign-in page that brings the player back to `returnPath` (a path of this site) afterwards. */
export function loginHref(lng: string, returnPath: string): string {
  const base = `/${lng}/user/login`;
  if (!returnPath.startsWith('/') || returnPath.startsWith('//')) return base;
  return `${base}?${RETURN_URL_PARAM}=${encodeURIComponent(returnPath)}`;
}

export function SignInPrompt({ lng, returnPath, text }: { lng: string; returnPath: string; text: string }) {
  const t = useT('lotto');
  return (
    <p className={styles.signIn} data-testid="lotto-sign-in">
      {text}{' '}
      <a href={loginHref(lng, returnPath)} className={styles.link}>
        {t('common.sign_in')}
      </a>
    </p>
  );
}

/** 16 placeholder cards while a list loads (site-shell §9). */
export const SKELETON_CARDS = 16;

export function SkeletonCards({ label }: { label: string }) {
  return (
    <ul className={styles.cards} aria-busy="true" aria-label={label} data-testid="lotto-skeleton">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <li key={index} className={`${styles.card} ${styles.skeletonCard}`} aria-hidden="true">
          <span className={styles.skeletonLine} />
          <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
          <span className={styles.skeletonBlock} />
        </li>
      ))}
    </ul>
  );
}

export function Balls({
  numbers,
  bonus,
  hits,
  bonusHit,
  label,
  size = 'md',
}: {
  numbers: readonly number[];
  bonus?: readonly number[];
  hits?: Set<number>;
  bonusHit?: boolean;
  label: string;
  size?: 'sm' | 'md';
}) {
  return (
    <ul className={`${styles.balls} ${size === 'sm' ? styles.ballsSmall : ''}`} aria-label={label}>
      {numbers.map((n) => (
        <li key={n} className={`${styles.ball} ${hits?.has(n) ? styles.ballHit : ''}`}>
          {n}
        </li>
      ))}
      {(bonus ?? []).map((n) => (
        <li key={`b${n}`} className={`${styles.ball} ${styles.ballBonus} ${bonusHit ? styles.ballHit : ''}`}>
          {n}
        </li>
      ))}
    </ul>
  );
}

export interface SubNavItem {
  id: string;
  href: string;
  label: string;
}

export function SubNav({ items, current, label }: { items: SubNavItem[]; current: string; label: string }) {
  return (
    <nav aria-label={label} className={styles.subnav}>
      {items.map((item) => (
        <a
          key={item.id}
          href={item.href}
          className={styles.subnavLink}
          aria-current={item.id === current ? 'page' : undefined}
        >
          {item.label}
        </a>
      ))}
    </nav>
  );
}

/** True once the component runs in the browser (after hydration). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A moment as the player reads it: date and time in the player's zone (24 h), Intl with the page language. */
export function when(lng: string, at: string, timeZone: number): string {
  return formatDateTime(at, lng, { timeZone, is12h: false });
}
