/**
 * Limits in the shell (site-shell §4), for signed-in players: the non-closable deposit-limit
 * approval popup (scheduled for its deadline), the reality check (end time in localStorage,
 * resumed, waited in 5-minute chunks with limits refreshed between) and the session-limit ping
 * every 30 s with the "session ended, visit tomorrow" message.
 */

import {
  type ClientLimit,
  formatDuration,
  formatLimitValue,
  formatMinor,
  limitsApi,
} from '@parlay/client/limits-api.ts';
import { familyOfCode } from '@parlay/domain/limits/limit-types.ts';
import { nextWaitMs, realityCheckEndMs } from '@parlay/domain/limits/usage.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionary, type TranslateFn } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import styles from '../modals/modals.module.css';
import { MODALS, type ModalDefinition } from '../modals/registry.ts';
import { isSignedIn, subscribeSession } from '../session/session-store.ts';

export const REALITY_CHECK_STORAGE_KEY = 'parlay.realityCheckEndAt';
const REALITY_CHECK_START_KEY = 'parlay.realityCheckStartedAt';
const QUIET_KEY = 'parlay.realityCheckQuiet';
const PING_INTERVAL_MS = 30_000;
const LIMITS_REFRESH_MS = 60_000;
/** setTimeout cannot wait longer than this; later deadlines are re-scheduled. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

const REALITY: ModalDefinition = MODALS['reality-check'];
const APPROVAL: ModalDefinition = { ...MODALS['reality-check'], closable: false };
const SESSION_ENDED: ModalDefinition = { ...MODALS['reality-check'], closable: false };

function readNumber(key: string): number | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked: the timer then restarts on each page load
  }
}

type Translate = TranslateFn;

function useLimits(onSessionEnded: () => void) {
  const [limits, setLimits] = useState<ClientLimit[] | null>(null);
  const refresh = useCallback(async () => {
    const answer = await limitsApi.list();
    if (answer.ok) setLimits(answer.data.data);
    else if (answer.status === 401 || answer.status === 403) setLimits(null);
    if (!answer.ok && answer.code === 'LIMIT_SESSION_ENDED') onSessionEnded();
  }, [onSessionEnded]);
  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), LIMITS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);
  return { limits, refresh };
}

function ApprovalPopup({
  limit,
  t,
  lng,
  done,
}: {
  limit: ClientLimit;
  t: Translate;
  lng: string;
  done(): void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const act = async (action: 'approve' | 'reject') => {
    const answer = await limitsApi.action(action, limit.limitType);
    const key = action === 'approve' ? 'confirm' : 'cancel';
    if (answer.ok) setMessage(answer.data.title || t(`success.${key}`));
    else setMessage(answer.message ?? t(`error.${key}`));
    window.setTimeout(done, 1500);
  };
  return (
    <ModalFrame
      definition={APPROVAL}
      title={t('approval.title')}
      closeLabel={t('approval.cancel')}
      onClose={() => void act('reject')}
    >
      <p>
        {t('approval.text', {
          name: t(limit.label),
          value: formatLimitValue(limit, limit.pendingValue ?? -1, t, lng),
        })}
      </p>
      {message ? <p role="status">{message}</p> : null}
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void act('approve')} disabled={message !== null}>
          {t('approval.confirm')}
        </Button>
        <Button onClick={() => void act('reject')} disabled={message !== null}>
          {t('approval.cancel')}
        </Button>
      </div>
    </ModalFrame>
  );
}

function RealityCheck({
  t,
  lng,
  startedAtMs,
  onAnswer,
}: {
  t: Translate;
  lng: string;
  startedAtMs: number;
  onAnswer(action: 'continue' | 'log_out' | 'nothing', quiet: boolean): void;
}) {
  const [quiet, setQuiet] = useState(false);
  const [net, setNet] = useState<string>('…');
  useEffect(() => {
    void limitsApi.stats().then((answer) => {
      if (answer.ok) setNet(formatMinor(answer.data.today.netMinor, answer.data.currency, lng));
    });
  }, [lng]);
  const elapsed = formatDuration((Date.now() - startedAtMs) / 1000, t);
  return (
    <ModalFrame
      definition={REALITY}
      title={t('reality.title')}
      closeLabel={t('reality.later')}
      onClose={() => onAnswer('nothing', false)}
    >
      <p>{t('reality.text', { elapsed, net })}</p>
      <label>
        <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />{' '}
        {t('reality.dont_show')}
      </label>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => onAnswer('continue', quiet)}>
          {t('reality.continue')}
        </Button>
        <Button onClick={() => onAnswer('log_out', false)}>{t('reality.log_out')}</Button>
        <Button variant="ghost" onClick={() => onAnswer('nothing', false)}>
          {t('reality.later')}
        </Button>
      </div>
    </ModalFrame>
  );
}

/** Schedules `run` at `atMs` (in pieces when far away); answers the cancel. */
function scheduleAt(atMs: number, run: () => void): () => void {
  let timer = 0;
  const step = () => {
    const wait = atMs - Date.now();
    if (wait <= 0) run();
    else timer = window.setTimeout(step, Math.min(wait, MAX_TIMEOUT_MS));
  };
  step();
  return () => window.clearTimeout(timer);
}

function useRealityCheck(
  intervalMinutes: number,
  run: number,
  refresh: () => Promise<void>,
  open: () => void,
) {
  useEffect(() => {
    // `run` counts answered checks: each one restarts the timer from a fresh end time.
    if (intervalMinutes <= 0 || run < 0 || sessionStorage.getItem(QUIET_KEY) === '1') return;
    const endMs = realityCheckEndMs(readNumber(REALITY_CHECK_STORAGE_KEY), Date.now(), intervalMinutes);
    writeStorage(REALITY_CHECK_STORAGE_KEY, String(endMs));
    if (readNumber(REALITY_CHECK_START_KEY) === null)
      writeStorage(REALITY_CHECK_START_KEY, String(Date.now()));
    let timer = 0;
    const tick = () => {
      const wait = nextWaitMs(endMs, Date.now());
      if (wait === 0) {
        open();
        return;
      }
      // Between chunks the limits are reloaded: a changed interval restarts this effect.
      timer = window.setTimeout(() => {
        void refresh();
        tick();
      }, wait);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [intervalMinutes, run, refresh, open]);
}

function LimitsBehaviours({ lng, t }: { lng: string; t: Translate }) {
  const [sessionEnded, setSessionEnded] = useState(false);
  const endSession = useCallback(() => setSessionEnded(true), []);
  const { limits, refresh } = useLimits(endSession);
  const [approval, setApproval] = useState<ClientLimit | null>(null);
  const [realityOpen, setRealityOpen] = useState(false);
  const [realityRun, setRealityRun] = useState(0);
  const shownAt = useRef(0);

  const pending = limits?.find(
    (l) => familyOfCode(l.limitType) === 'deposit' && l.limitState === 'PENDING' && l.approveAt,
  );
  useEffect(() => {
    if (!pending?.approveAt) return;
    // At the deadline the popup opens; a deadline still ahead is scheduled (site-shell §4).
    return scheduleAt(pending.approveAt * 1000, () => {
      void limitsApi.list().then((answer) => {
        const due = answer.ok
          ? answer.data.data.find((l) => l.limitType === pending.limitType && l.needApprove)
          : null;
        if (due) setApproval(due);
      });
    });
  }, [pending?.approveAt, pending?.limitType]);

  const interval = limits?.find((l) => familyOfCode(l.limitType) === 'reality_check')?.limitValue ?? -1;
  const openReality = useCallback(() => {
    shownAt.current = Date.now();
    setRealityOpen(true);
  }, []);
  useRealityCheck(limits ? interval : -1, realityRun, refresh, openReality);

  const hasSessionLimit =
    (limits?.find((l) => familyOfCode(l.limitType) === 'session')?.limitValue ?? -1) > 0;
  useEffect(() => {
    if (!hasSessionLimit) return;
    const ping = async () => {
      const answer = await limitsApi.ping();
      if (!answer.ok && answer.code === 'LIMIT_SESSION_ENDED') setSessionEnded(true);
    };
    void ping();
    const timer = window.setInterval(() => void ping(), PING_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [hasSessionLimit]);

  const answerReality = (action: 'continue' | 'log_out' | 'nothing', quiet: boolean) => {
    setRealityOpen(false);
    void limitsApi.realityCheck(action, quiet, shownAt.current).then((answer) => {
      if (!answer.ok) console.warn('reality-check answer failed', answer.status);
    });
    writeStorage(REALITY_CHECK_STORAGE_KEY, null);
    if (action === 'log_out') {
      writeStorage(REALITY_CHECK_START_KEY, null);
      void limitsApi.logout().finally(() => location.assign(`/${lng}/`));
      return;
    }
    if (action === 'continue' && quiet) {
      sessionStorage.setItem(QUIET_KEY, '1');
      return;
    }
    void refresh();
    setRealityRun((n) => n + 1);
  };

  if (sessionEnded) {
    const leave = () => void limitsApi.logout().finally(() => location.assign(`/${lng}/`));
    return (
      <ModalFrame
        definition={SESSION_ENDED}
        title={t('session_ended.title')}
        closeLabel={t('session_ended.ok')}
        onClose={leave}
      >
        <p role="alert">{t('session_ended.text')}</p>
        <div className={styles.actions}>
          <Button variant="primary" onClick={leave}>
            {t('session_ended.ok')}
          </Button>
        </div>
      </ModalFrame>
    );
  }
  if (approval)
    return (
      <ApprovalPopup
        limit={approval}
        t={t}
        lng={lng}
        done={() => {
          setApproval(null);
          void refresh();
        }}
      />
    );
  if (realityOpen) {
    const started = readNumber(REALITY_CHECK_START_KEY) ?? shownAt.current;
    return <RealityCheck key={realityRun} t={t} lng={lng} startedAtMs={started} onAnswer={answerReality} />;
  }
  return null;
}

/** Limits belong to a signed-in player: guests get no polling (and no 401s in the console). */
function SignedInLimits({ lng, t }: { lng: string; t: Translate }) {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn, () => false);
  return signedIn ? <LimitsBehaviours lng={lng} t={t} /> : null;
}

/**
 * Mounts the limits behaviours in their own layer; boot calls it once with the page's language and
 * its limits dictionary (namespace "limits", in the page state).
 */
export function mountLimits(lng: Language, limits: Dictionary | undefined): void {
  const translator = createTranslator(lng, { limits: limits ?? {} });
  const t: Translate = (key, values) => translator.t('limits', key, values);
  const element = document.createElement('div');
  element.id = 'parlay-limits';
  document.body.append(element);
  const root = createRoot(element);
  // A transition, time-sliced: it renders after the load event, beside the overlays.
  startTransition(() => root.render(<SignedInLimits lng={lng} t={t} />));
}
