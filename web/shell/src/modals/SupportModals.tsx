/**
 * The support modals of the shell (site-shell §2 "Modals"): the support request history (the signed-in
 * player's requests from GET /web-api/support/v1/requests, newest activity first, each linking to its
 * thread in the office's support section) and the consultant modal the support multi-button opens
 * ('user-question': the way to the support chat), which closes by itself after 10 s
 * (coupon-accounts §9) unless the player starts using it.
 */
import { callApi } from '@parlay/client/api.ts';
import { formatDate } from '@parlay/i18n/format.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { openModal } from '@parlay/mf/host-api.ts';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useRef, useState } from 'react';
import styles from './modals.module.css';

/** coupon-accounts §9: the consultant modal auto-closes after 10 s. */
export const CONSULTANT_AUTO_CLOSE_MS = 10_000;
/** Requests the history modal lists (the office's support section has them all). */
export const HISTORY_LIMIT = 20;

export interface HistoryRequest {
  id: string;
  subject: string;
  status: 'open' | 'answered' | 'closed';
  updatedAt: string;
}

interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Calls `close` after `ms`; the answer cancels it (the player interacted, or the modal closed). */
export function scheduleAutoClose(close: () => void, ms: number, timers: Timers = browserTimers): () => void {
  let handle: unknown = timers.set(close, ms);
  return () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
}

/** Newest activity first, at most HISTORY_LIMIT. */
export function historyItems(requests: readonly HistoryRequest[]): HistoryRequest[] {
  return [...requests]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || Number(b.id) - Number(a.id))
    .slice(0, HISTORY_LIMIT);
}

const KEY = 'modals.support-request-history';

export function SupportHistoryList({
  t,
  lng,
  timeZone,
  requests,
  onOpen,
}: {
  t: TranslateFn;
  lng: Language;
  timeZone: number;
  requests: readonly HistoryRequest[];
  /** A request's link was followed (the modal closes). */
  onOpen?: () => void;
}) {
  if (requests.length === 0) return <p className={styles.text}>{t(`${KEY}.empty`)}</p>;
  return (
    <ul className={styles.menu} aria-label={t(`${KEY}.list_label`)} data-testid="support-history">
      {historyItems(requests).map((r) => (
        <li key={r.id}>
          <a
            className={`${styles.menuLink} ${styles.historyLink}`}
            href={`/${lng}/office/support?request=${encodeURIComponent(r.id)}`}
            data-status={r.status}
            onClick={onOpen}
          >
            <span>{r.subject}</span>
            <span className={styles.historyMeta}>
              {t(`${KEY}.status_${r.status}`)} ·{' '}
              {t(`${KEY}.updated`, { date: formatDate(r.updatedAt, lng, timeZone, 'medium') })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SupportHistory({
  t,
  lng,
  timeZone,
  close,
}: {
  t: TranslateFn;
  lng: Language;
  timeZone: number;
  close(): void;
}) {
  const [requests, setRequests] = useState<HistoryRequest[] | 'failed' | null>(null);
  useEffect(() => {
    let cancelled = false;
    void callApi<{ requests: HistoryRequest[] }>('/web-api/support/v1/requests').then((answer) => {
      if (!cancelled) setRequests(answer.ok ? answer.data.requests : 'failed');
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div data-testid="support-history-modal">
      <p className={styles.text}>{t(`${KEY}.text`)}</p>
      {requests === null ? (
        <p className={styles.text} aria-busy="true">
          {t(`${KEY}.loading`)}
        </p>
      ) : requests === 'failed' ? (
        <p className={styles.text} role="alert">
          {t(`${KEY}.failed`)}
        </p>
      ) : (
        <SupportHistoryList t={t} lng={lng} timeZone={timeZone} requests={requests} onOpen={close} />
      )}
      <div className={styles.actions}>
        <a className={styles.menuLink} href={`/${lng}/office/support`} onClick={close}>
          {t(`${KEY}.open_support`)}
        </a>
        <Button onClick={close}>{t('close')}</Button>
      </div>
    </div>
  );
}

/**
 * The consultant modal: the support chat (the office's support section) for a signed-in player, the
 * way to log in for a guest. Closes after CONSULTANT_AUTO_CLOSE_MS unless a key or pointer is used in it.
 */
export function ConsultantModal({
  t,
  lng,
  signedIn,
  close,
}: {
  t: TranslateFn;
  lng: Language;
  signedIn: boolean;
  close(): void;
}) {
  // The frame hands a new close on every render: the timer starts once, with the latest close.
  const closeRef = useRef(close);
  closeRef.current = close;
  const cancel = useRef<() => void>(() => {});
  useEffect(() => {
    cancel.current = scheduleAutoClose(() => closeRef.current(), CONSULTANT_AUTO_CLOSE_MS);
    return cancel.current;
  }, []);
  const keep = () => cancel.current();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: using the modal keeps it open
    <div data-testid="consultant-modal" onKeyDown={keep} onPointerDown={keep}>
      <p className={styles.text}>{t('modals.user-question.text')}</p>
      <p className={styles.text}>{t('modals.user-question.closes_soon')}</p>
      <div className={styles.actions}>
        {signedIn ? (
          <>
            <a className={styles.menuLink} href={`/${lng}/office/support`} onClick={close}>
              {t('modals.user-question.chat')}
            </a>
            <Button
              onClick={() => {
                close();
                openModal('support-request-history');
              }}
            >
              {t('modals.user-question.history')}
            </Button>
          </>
        ) : (
          <a className={styles.menuLink} href={`/${lng}/user/login`} onClick={close}>
            {t('modals.user-question.sign_in')}
          </a>
        )}
        <Button onClick={close}>{t('close')}</Button>
      </div>
    </div>
  );
}
