/**
 * Crash: one shared round for everyone. The screen loads GET /crash/state (so it works after a
 * reload, mid-round), follows the `casino:crash` topic (round changes, 100 ms ticks, bets and cash-outs)
 * and draws the multiplier's curve; the player bets with an optional auto cash-out while the round
 * takes bets, and cashes out with the big button while it runs. Its requests go through
 * crash-client.ts (not the game frame's round calls). Between ticks the multiplier is drawn from the
 * growth law (multiplierAt) on the server's clock, so it rises smoothly even when a busy server skips
 * ticks (they are droppable); a tick never lowers it and only the round's crash stops it.
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { multiplierAt } from '@parlay/domain/casino/crash/multiplier.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useGameT } from '../cards/use-game-t.ts';
import type { GameUiProps } from '../game-ui.ts';
import { currentPath, loginHref } from '../login-link.ts';
import { CrashCurve } from './CrashCurve.tsx';
import styles from './crash.module.css';
import { crashClient, newIdempotencyKey } from './crash-client.ts';
import {
  applyCrashMessage,
  type CrashModel,
  centiText,
  EMPTY_MODEL,
  modelFromState,
  myBet,
  parseAutoCashOut,
  parseBet,
  verifyCrashHref,
} from './crash-state.ts';

export const CRASH_TOPIC = 'casino:crash';
const MY_BET_KEY = 'parlay.casino.crash.bet';

function rememberedBet(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(MY_BET_KEY) ?? null;
  } catch {
    return null;
  }
}

function remember(betId: string): void {
  try {
    globalThis.sessionStorage?.setItem(MY_BET_KEY, betId);
  } catch {
    // private mode: the server's `mine` mark still finds the bet
  }
}

export default function CrashUi(props: GameUiProps) {
  const { stakeMinor, mode, money, limits, signedIn } = props;
  const t = useGameT('crash');
  const client = useMemo(() => crashClient(), []);
  const [model, setModel] = useState<CrashModel>(EMPTY_MODEL);
  const [loaded, setLoaded] = useState<'loading' | 'ok' | 'failed'>('loading');
  const [betId, setBetId] = useState<string | null>(null);
  const [auto, setAuto] = useState('2.00');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const tErrors = useT('errors');
  /** A refused request in the player's words: sign in, the site's error text, or a generic one. */
  const failureText = (answer: { status: number | null; code: string | null; key: string | null }) => {
    if (answer.status === 401) return t('sign_in');
    if (answer.status === null) return t('network');
    for (const key of [answer.key?.replace(/^errors\./, ''), answer.code?.toLowerCase()]) {
      if (!key) continue;
      const text = tErrors(key);
      if (text !== key) return text;
    }
    return t('failed');
  };
  /** The server's clock minus this browser's (from the state's serverTime, then every tick's `at`). */
  const clockOffset = useRef(0);
  const [drawnCenti, setDrawnCenti] = useState<number | null>(null);
  const betKey = useRef<string | null>(null);
  const cashKey = useRef<{ betId: string; key: string } | null>(null);

  useEffect(() => {
    setBetId(rememberedBet());
    let stopped = false;
    const load = () =>
      client.state().then((answer) => {
        if (stopped) return;
        const next = answer.ok ? modelFromState(answer.data) : null;
        const serverTime = answer.ok ? (answer.data as { serverTime?: unknown }).serverTime : null;
        if (typeof serverTime === 'number') clockOffset.current = serverTime - Date.now();
        if (next) {
          setModel(next);
          setLoaded('ok');
        } else setLoaded('failed');
      });
    void load();
    const stop = getRealtime().subscribe(CRASH_TOPIC, (data) => {
      const tick = data as { type?: unknown; at?: unknown };
      if (tick.type === 'crash.tick' && typeof tick.at === 'number')
        clockOffset.current = tick.at - Date.now();
      setModel((current) => applyCrashMessage(current, data));
    });
    const stopStatus = getRealtime().onStatus((status) => {
      // Messages missed while the socket was away: read the state again.
      if (status === 'open') void load();
    });
    return () => {
      stopped = true;
      stop();
      stopStatus();
    };
  }, [client]);

  const round = model.round;
  useEffect(() => {
    if (round?.status !== 'betting') return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [round?.status]);

  useEffect(() => {
    const startedAt =
      round?.status === 'running' && round.startedAt ? Date.parse(round.startedAt) : Number.NaN;
    if (Number.isNaN(startedAt)) {
      setDrawnCenti(null);
      return;
    }
    let frame = 0;
    const draw = () => {
      setDrawnCenti(multiplierAt(Date.now() + clockOffset.current - startedAt));
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [round?.status, round?.startedAt]);

  const mine = myBet(model, betId);
  const autoCenti = parseAutoCashOut(auto);
  const autoInvalid = Number.isNaN(autoCenti);
  const canBet = round?.status === 'betting' && !mine && !busy && !autoInvalid && stakeMinor > 0n;
  const canCashOut = round?.status === 'running' && mine !== null && mine.cashOutCenti === null && !busy;

  const placeBet = async () => {
    if (!canBet) return;
    setBusy(true);
    setError(null);
    betKey.current ??= newIdempotencyKey();
    const answer = await client.bet(
      { stakeMinor: stakeMinor.toString(), autoCashOutCenti: autoCenti, mode },
      betKey.current,
    );
    setBusy(false);
    if (answer.ok) {
      betKey.current = null;
      const bet = parseBet(answer.data);
      if (bet) {
        remember(bet.id);
        setBetId(bet.id);
        setModel((current) =>
          applyCrashMessage(current, { type: 'crash.bet', bet: { ...(answer.data as object), mine: true } }),
        );
      }
    } else {
      if (answer.status !== null) betKey.current = null;
      setError(failureText(answer));
    }
  };

  const cashOut = async () => {
    if (!canCashOut || !mine) return;
    setBusy(true);
    setError(null);
    if (cashKey.current?.betId !== mine.id) cashKey.current = { betId: mine.id, key: newIdempotencyKey() };
    const answer = await client.cashOut(mine.id, cashKey.current.key);
    setBusy(false);
    if (answer.ok) {
      const bet = parseBet(answer.data);
      if (bet)
        setModel((current) =>
          applyCrashMessage(current, { type: 'crash.bet', bet: { ...(answer.data as object), mine: true } }),
        );
    } else {
      setError(failureText(answer));
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON|A)$/.test(target.tagName)) return;
      if (canCashOut) {
        event.preventDefault();
        void cashOut();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const crashed = round?.status === 'crashed';
  const multiplier = crashed
    ? (round.crashPointCenti ?? round.multiplierCenti)
    : Math.max(round?.multiplierCenti ?? 100, drawnCenti ?? 0);
  const secondsLeft =
    round?.status === 'betting' && round.bettingEndsAt
      ? Math.max(0, Math.ceil((Date.parse(round.bettingEndsAt) - now) / 1000))
      : null;
  const caption =
    loaded === 'loading'
      ? t('loading')
      : loaded === 'failed' && !round
        ? t('unavailable')
        : crashed
          ? t('crashed')
          : round?.status === 'betting'
            ? t('starts_in', { seconds: secondsLeft ?? 0 })
            : t('running');
  const mineWin = mine?.cashOutCenti ? (mine.payoutMinor ?? null) : null;

  return (
    <section className={styles.game} aria-label={t('title')}>
      <div className={styles.stage}>
        <CrashCurve
          running={round?.status === 'running' || crashed}
          multiplierCenti={multiplier}
          crashed={crashed}
          label={
            crashed
              ? t('crashed_at', { x: centiText(multiplier) })
              : t('multiplier_now', { x: centiText(multiplier) })
          }
          caption={caption}
        />
        <div className={styles.panel}>
          {canCashOut && mine ? (
            <Button variant="primary" className={styles.cashOut} onClick={cashOut} data-action="cash-out">
              {t('cash_out', {
                amount: money(((BigInt(mine.stakeMinor) * BigInt(multiplier)) / 100n).toString()),
              })}
            </Button>
          ) : mine ? (
            <p
              className={styles.myBet}
              data-bet-state={mine.cashOutCenti ? 'won' : crashed ? 'lost' : 'riding'}
            >
              {mine.cashOutCenti
                ? t('cashed_out', { x: centiText(mine.cashOutCenti), amount: money(mineWin ?? '0') })
                : crashed
                  ? t('lost')
                  : t('bet_placed', { amount: money(mine.stakeMinor) })}
            </p>
          ) : !signedIn ? (
            <p className={styles.signIn} data-testid="crash-sign-in">
              <span>{t('sign_in')}</span>
              <a className={styles.signInLink} href={loginHref(props.lng, currentPath())}>
                {t('sign_in_link')}
              </a>
            </p>
          ) : (
            <>
              <label className={styles.field}>
                <span>{t('auto_cash_out')}</span>
                <input
                  inputMode="decimal"
                  value={auto}
                  onChange={(event) => setAuto(event.target.value)}
                  aria-invalid={autoInvalid}
                  aria-describedby="crash-auto-help"
                />
              </label>
              <span id="crash-auto-help" className={autoInvalid ? styles.invalid : styles.help}>
                {autoInvalid ? t('auto_invalid') : t('auto_help')}
              </span>
              <Button
                variant="primary"
                className={styles.betButton}
                disabled={!canBet}
                onClick={placeBet}
                data-action="bet"
              >
                {round?.status === 'betting' ? t('bet', { amount: money(stakeMinor) }) : t('wait_next')}
              </Button>
            </>
          )}
          <p className={styles.limits}>
            {t('limits', { min: money(limits.minStakeMinor), max: money(limits.maxStakeMinor) })}
          </p>
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>

      <div className={styles.lists}>
        <section aria-labelledby="crash-history">
          <h3 id="crash-history" className={styles.listTitle}>
            {t('history')}
          </h3>
          <ol className={styles.history}>
            {model.history.map((point, index) => {
              const href = verifyCrashHref(props.lng, point, model);
              const label = `${centiText(point.crashPointCenti)}×`;
              return (
                <li
                  key={point.hash ?? index}
                  className={point.crashPointCenti >= 200 ? styles.high : styles.low}
                >
                  {href ? (
                    <a
                      href={href}
                      title={t('verify_point')}
                      aria-label={t('verify_point_label', { x: label })}
                    >
                      {label}
                    </a>
                  ) : (
                    label
                  )}
                </li>
              );
            })}
          </ol>
        </section>
        <section aria-labelledby="crash-bets">
          <h3 id="crash-bets" className={styles.listTitle}>
            {t('bets', { n: model.bets.length })}
          </h3>
          <table className={styles.bets}>
            <thead>
              <tr>
                <th scope="col">{t('player')}</th>
                <th scope="col">{t('stake')}</th>
                <th scope="col">{t('cashout')}</th>
                <th scope="col">{t('win')}</th>
              </tr>
            </thead>
            <tbody>
              {model.bets.map((bet) => (
                <tr key={bet.id} className={bet.id === mine?.id ? styles.mine : undefined}>
                  <td>{bet.id === mine?.id ? t('you') : (bet.player ?? t('player_hidden'))}</td>
                  <td>{money(bet.stakeMinor)}</td>
                  <td>{bet.cashOutCenti ? `${centiText(bet.cashOutCenti)}×` : '—'}</td>
                  <td>{bet.cashOutCenti && bet.payoutMinor ? money(bet.payoutMinor) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <p className={styles.srOnly} aria-live="polite">
        {crashed
          ? t('crashed_at', { x: centiText(multiplier) })
          : round?.status === 'betting'
            ? t('betting_open')
            : ''}
      </p>
    </section>
  );
}
