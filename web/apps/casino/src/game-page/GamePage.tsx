/**
 * A game's page (/{section}/game/{gameId}/{gameName}): the frame around an in-house game's screen.
 * It owns every request of the page (rounds with an Idempotency-Key each, the fairness seeds, the
 * demo wallet), the mode (real money or demo; guests demo only), the stake, full screen, the status
 * bar (balance, stake, last win, session time and net position as the jurisdiction asks), autoplay
 * and turbo where allowed, the minimum round duration, the provably fair panel and related games.
 */

import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts, subscribeAccounts } from '@parlay/mf/accounts-store.ts';
import { Button } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Answer, loadGame, roundsApi } from '../api.ts';
import type { Json, PlayMode, RoundView } from '../games/game-ui.ts';
import { loginHref } from '../games/login-link.ts';
import { textOr } from '../lobby/GameCard.tsx';
import { GameRow } from '../lobby/Lobby.tsx';
import { usePlayerGames } from '../lobby/player-games.tsx';
import type { FairnessState, GameDetails } from '../model.ts';
import { AutoplayControl } from './AutoplayControl.tsx';
import { FairnessPanel } from './FairnessPanel.tsx';
import { FreeSpins } from './FreeSpins.tsx';
import { afterFreeSpin, type FreeSpinOffer, freeSpinsApi } from './free-spins.ts';
import { GameFrame } from './GameFrame.tsx';
import styles from './GamePage.module.css';
import { MyRounds } from './MyRounds.tsx';
import { moneyOf } from './money.ts';
import { StakeControl } from './StakeControl.tsx';
import { type AutoplayPlan, afterAutoplayRound, clockText, roundNet, waitBeforeNextMs } from './session.ts';
import { clampStake, stakeBounds } from './stake.ts';

/** A failed request as the page shows it: the errors dictionary's text for its code. */
export class RoundRequestError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

type Failure = Extract<Answer<unknown>, { ok: false }>;

/** The error's text: the server's dictionary key, else the code's, else the casino's general text. */
export function errorText(
  tErrors: (key: string) => string,
  tCasino: (key: string) => string,
  failure: Failure,
): string {
  const keys = [failure.key?.replace(/^errors\./, ''), failure.code.toLowerCase()].filter(
    (k): k is string => typeof k === 'string' && k.length > 0,
  );
  for (const key of keys) {
    const text = tErrors(key);
    if (text !== key) return text;
  }
  return tCasino(failure.status === null ? 'errors.network' : 'errors.generic');
}

const MIN_INTERVAL_CODE = 'CASINO_MIN_ROUND_INTERVAL';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Balance {
  minor: string;
  currency: string;
}

/** The balance the mode plays with: the player's active account (live over /ws) or the demo wallet. */
function useRealBalance(enabled: boolean): Balance | null {
  const [balance, setBalance] = useState<Balance | null>(null);
  useEffect(() => {
    if (!enabled) return;
    return subscribeAccounts((state) => {
      const account = state.activeAccount;
      setBalance(account ? { minor: account.moneyMinor, currency: account.iso } : null);
    });
  }, [enabled]);
  return balance;
}

export function GamePage({
  game,
  lng,
  signedIn,
  timeZone,
}: {
  game: GameDetails;
  lng: string;
  signedIn: boolean;
  timeZone: number;
}) {
  const t = useT('casino');
  const tErrors = useT('errors');
  const realOffered = game.real && signedIn;
  const [mode, setMode] = useState<PlayMode>(realOffered || !game.demo ? 'real' : 'demo');
  const realBalance = useRealBalance(signedIn && mode === 'real');
  // Real money plays in the player's currency: its limits and jurisdiction come with the game for it.
  const [inCurrency, setInCurrency] = useState<GameDetails | null>(null);
  const playing = mode === 'real' && inCurrency ? inCurrency : game;
  const settings = playing.settings;
  const bounds = useMemo(
    () => stakeBounds(playing.limits, settings.maxStakeMinor),
    [playing.limits, settings.maxStakeMinor],
  );
  const [stakeMinor, setStakeMinor] = useState<bigint>(bounds.minMinor);
  const [round, setRound] = useState<RoundView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fairness, setFairness] = useState<FairnessState | null>(null);
  const [demo, setDemo] = useState<Balance | null>(null);
  const [turbo, setTurbo] = useState(false);
  const [sessionStart, setSessionStart] = useState<number | null>(null);
  const [now, setNow] = useState<number | null>(null);
  const [net, setNet] = useState(0n);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const [lastRoundId, setLastRoundId] = useState<string | null>(null);
  const [autoplay, setAutoplay] = useState<AutoplayPlan | null>(null);
  const [autoplayNote, setAutoplayNote] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState<'off' | 'native' | 'fallback'>('off');
  const [freeSpins, setFreeSpins] = useState<FreeSpinOffer[]>([]);
  const [freeSpinWin, setFreeSpinWin] = useState<{ minor: string; currency: string } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const lastStartMs = useRef<number | null>(null);
  const lastParams = useRef<Json | undefined>(undefined);
  const autoplayRef = useRef<AutoplayPlan | null>(null);
  autoplayRef.current = autoplay;
  const { played } = usePlayerGames();
  const balance = mode === 'real' ? realBalance : demo;
  const money = useMemo(() => moneyOf(lng, t), [lng, t]);
  const stakeCurrency =
    mode === 'real'
      ? (realBalance?.currency ?? playing.limits.currency)
      : (demo?.currency ?? playing.limits.currency);

  const realCurrency = realBalance?.currency ?? null;
  useEffect(() => {
    if (mode !== 'real' || !realCurrency || realCurrency === game.limits.currency) return;
    let stopped = false;
    void loadGame(browserApi, lng, game.id, realCurrency).then((result) => {
      if (!stopped && result.ok) setInCurrency(result.data);
    });
    return () => {
      stopped = true;
    };
  }, [mode, realCurrency, game.id, game.limits.currency, lng]);
  useEffect(() => setStakeMinor((s) => clampStake(s, bounds)), [bounds]);

  // Session clock: started in the browser, so the server render shows none.
  useEffect(() => {
    const start = Date.now();
    setSessionStart(start);
    setNow(start);
    if (!settings.showSessionTimer) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [settings.showSessionTimer]);

  // Resume: the open round of this game and mode goes to the screen; the seeds and the demo wallet load.
  useEffect(() => {
    let stopped = false;
    void (async () => {
      if (mode === 'demo') {
        const wallet = await roundsApi.demo();
        if (!stopped && wallet.ok)
          setDemo({ minor: wallet.data.balanceMinor, currency: wallet.data.currency });
      }
      const [open, seeds] = await Promise.all([roundsApi.openRound(game.id, mode), roundsApi.fairness(mode)]);
      if (stopped) return;
      setRound(open.ok ? open.data.round : null);
      if (seeds.ok) setFairness(seeds.data);
    })();
    return () => {
      stopped = true;
    };
  }, [game.id, mode]);

  // The player's free spins on this game (real money only): the note and its button.
  const freeSpinsShown = signedIn && mode === 'real' && game.real;
  useEffect(() => {
    if (!freeSpinsShown) {
      setFreeSpins([]);
      return;
    }
    let stopped = false;
    void freeSpinsApi.list(game.id).then((answer) => {
      if (!stopped && answer.ok) setFreeSpins(answer.data);
    });
    return () => {
      stopped = true;
    };
  }, [game.id, freeSpinsShown]);

  const failed = useCallback(
    (answer: Failure): never => {
      setError(errorText(tErrors, t, answer));
      throw new RoundRequestError(answer.code);
    },
    [t, tErrors],
  );

  const applied = useCallback((next: RoundView) => {
    setRound(next);
    setLastRoundId(next.roundId);
    setFairness((f) => (f ? { ...f, nonce: Math.max(f.nonce, next.nonce + 1) } : f));
    if (next.status === 'finished') {
      setNet((n) => n + roundNet(next));
      setLastWin(next.payoutMinor);
      if (next.mode === 'demo') setDemo({ minor: next.balanceAfterMinor, currency: next.currency });
      else void loadAccounts();
    }
    return next;
  }, []);

  const play = useCallback(
    async (params: Json): Promise<RoundView> => {
      setError(null);
      setBusy(true);
      try {
        for (let attempt = 0; ; attempt += 1) {
          const wait = waitBeforeNextMs(lastStartMs.current, Date.now(), settings.minRoundMs);
          if (wait > 0) await sleep(wait);
          lastStartMs.current = Date.now();
          const answer = await roundsApi.open(game.id, mode, clampStake(stakeMinor, bounds), params);
          if (answer.ok) {
            lastParams.current = params;
            played(game);
            return applied(answer.data);
          }
          // The server's clock says the round came too early: wait as it asks, once.
          if (answer.code === MIN_INTERVAL_CODE && attempt === 0) {
            await sleep(Math.min(answer.retryAfterMs ?? settings.minRoundMs, 10_000));
            continue;
          }
          return failed(answer);
        }
      } finally {
        setBusy(false);
      }
    },
    [game, mode, stakeMinor, bounds, settings.minRoundMs, applied, failed, played],
  );

  // One free spin: the bonus's stake, no money of the player's; its win is bonus money, not "last win".
  const playFreeSpin = useCallback(
    async (offer: FreeSpinOffer) => {
      setError(null);
      setBusy(true);
      try {
        let answer: Awaited<ReturnType<typeof freeSpinsApi.play>>;
        for (let attempt = 0; ; attempt += 1) {
          const wait = waitBeforeNextMs(lastStartMs.current, Date.now(), settings.minRoundMs);
          if (wait > 0) await sleep(wait);
          lastStartMs.current = Date.now();
          answer = await freeSpinsApi.play(game.id, offer, lastParams.current ?? null);
          // The server's clock says the round came too early: wait as it asks, once (as play does).
          if (answer.ok || answer.code !== MIN_INTERVAL_CODE || attempt > 0) break;
          await sleep(Math.min(answer.retryAfterMs ?? settings.minRoundMs, 10_000));
        }
        if (!answer.ok) {
          setError(errorText(tErrors, t, answer));
          // The spins may have changed (expired, forfeited, used elsewhere): read them again.
          const again = await freeSpinsApi.list(game.id);
          if (again.ok) setFreeSpins(again.data);
          return;
        }
        const { round: next, freeSpin } = answer.data;
        setRound(next);
        setLastRoundId(next.roundId);
        setFairness((f) => (f ? { ...f, nonce: Math.max(f.nonce, next.nonce + 1) } : f));
        setFreeSpins((offers) => afterFreeSpin(offers, freeSpin));
        setFreeSpinWin({ minor: freeSpin.winMinor, currency: next.currency });
        played(game);
        void loadAccounts();
      } finally {
        setBusy(false);
      }
    },
    [game, settings.minRoundMs, t, tErrors, played],
  );

  const act = useCallback(
    async (action: Json): Promise<RoundView> => {
      if (round?.status !== 'open') throw new RoundRequestError('CASINO_ROUND_FINISHED');
      setError(null);
      setBusy(true);
      try {
        const answer = await roundsApi.act(round.roundId, action);
        return answer.ok ? applied(answer.data) : failed(answer);
      } finally {
        setBusy(false);
      }
    },
    [round, applied, failed],
  );

  // Autoplay: the frame repeats the last round's parameters until the plan stops.
  useEffect(() => {
    if (!autoplay || busy || lastParams.current === undefined) return;
    let stopped = false;
    void play(lastParams.current).then(
      (next) => {
        if (stopped) return;
        const step = afterAutoplayRound(autoplayRef.current ?? autoplay, next);
        if (step.stop) {
          setAutoplay(null);
          setAutoplayNote(t(`autoplay.stopped_${step.reason}`));
        } else setAutoplay(step.plan);
      },
      () => {
        setAutoplay(null);
        setAutoplayNote(t('autoplay.stopped_error'));
      },
    );
    return () => {
      stopped = true;
    };
    // The loop advances on the plan's change only; `busy` gates it while a round is on its way.
  }, [autoplay?.left]);

  const switchMode = (next: PlayMode) => {
    if (next === mode || busy || autoplay) return;
    setMode(next);
    setRound(null);
    setNet(0n);
    setLastWin(null);
    setError(null);
  };

  const toggleFullscreen = async () => {
    const node = stage.current;
    if (fullscreen === 'native' && typeof document !== 'undefined' && document.fullscreenElement) {
      await document.exitFullscreen().catch(() => {});
      return;
    }
    if (fullscreen === 'fallback') {
      setFullscreen('off');
      return;
    }
    if (node && typeof node.requestFullscreen === 'function' && document.fullscreenEnabled) {
      try {
        await node.requestFullscreen();
        setFullscreen('native');
        return;
      } catch {
        // Refused (an iframe without allowfullscreen, an old browser): the page fills the window instead.
      }
    }
    setFullscreen('fallback');
  };
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setFullscreen((f) => (f === 'native' ? 'off' : f));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen((f) => (f === 'fallback' ? 'off' : f));
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const refill = async () => {
    const answer = await roundsApi.refillDemo();
    if (answer.ok) setDemo({ minor: answer.data.balanceMinor, currency: answer.data.currency });
    else setError(errorText(tErrors, t, answer));
  };

  const changeSeed = async (seed: string) => {
    const answer = await roundsApi.setClientSeed(seed, mode);
    if (answer.ok) setFairness(answer.data);
    else setError(errorText(tErrors, t, answer));
    return answer.ok;
  };
  const rotate = async () => {
    const answer = await roundsApi.rotate(mode);
    if (answer.ok) setFairness(answer.data);
    else setError(errorText(tErrors, t, answer));
    return answer.ok;
  };

  const volatility = textOr(t, `volatility.${game.volatility}`, game.volatility);
  const locked = busy || autoplay !== null || round?.status === 'open';
  const sessionMs = sessionStart !== null && now !== null ? now - sessionStart : 0;
  return (
    <div className={styles.page} data-game-id={game.id} data-mode={mode}>
      <div className={styles.topBar}>
        <div className={styles.modeSwitch} role="radiogroup" aria-label={t('mode.label')}>
          {(['real', 'demo'] as const).map((m) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented switch of two buttons
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className={styles.modeButton}
              disabled={
                (m === 'real' && !realOffered) || (m === 'demo' && !game.demo) || (mode !== m && locked)
              }
              onClick={() => switchMode(m)}
            >
              {t(`mode.${m}`)}
            </button>
          ))}
        </div>
        {!signedIn && game.real ? (
          <p className={styles.signIn}>
            {t(game.demo ? 'mode.guest_demo' : 'mode.real_only')}{' '}
            <a href={loginHref(lng, `/${lng}${game.route}`)}>{t('mode.sign_in')}</a>
          </p>
        ) : null}
        <div className={styles.topActions}>
          {settings.turbo ? (
            <label className={styles.toggle}>
              <input type="checkbox" checked={turbo} onChange={(event) => setTurbo(event.target.checked)} />
              {t('turbo.label')}
            </label>
          ) : null}
          <Button size="sm" onClick={() => void toggleFullscreen()} aria-pressed={fullscreen !== 'off'}>
            {t(fullscreen === 'off' ? 'game.fullscreen' : 'game.exit_fullscreen')}
          </Button>
        </div>
      </div>

      <div
        ref={stage}
        className={`${styles.stage} ${fullscreen === 'fallback' ? styles.pseudoFullscreen : ''}`}
        data-testid="casino-stage"
      >
        <div className={styles.screen}>
          <GameFrame
            engineId={game.engineId ?? ''}
            lng={lng}
            mode={mode}
            signedIn={signedIn}
            round={round}
            busy={busy}
            stakeMinor={clampStake(stakeMinor, bounds)}
            limits={{ ...playing.limits, currency: stakeCurrency, maxStakeMinor: bounds.maxMinor.toString() }}
            turbo={settings.turbo && turbo}
            play={play}
            act={act}
            money={(minor) => money(minor, stakeCurrency)}
          />
        </div>
        {error ? (
          <p className={styles.error} role="alert" data-testid="casino-error">
            {error}
          </p>
        ) : null}
        {freeSpinsShown ? (
          <FreeSpins
            offer={freeSpins[0] ?? null}
            lastWin={freeSpinWin}
            disabled={locked}
            money={money}
            onPlay={(offer) => void playFreeSpin(offer)}
          />
        ) : null}
        <div className={styles.controls}>
          <StakeControl
            lng={lng}
            stakeMinor={stakeMinor}
            bounds={bounds}
            currency={stakeCurrency}
            money={(minor) => money(minor, stakeCurrency)}
            disabled={locked}
            onChange={setStakeMinor}
          />
          {/* Crash's shared rounds are bet on from its own screen: the frame's autoplay repeats rounds. */}
          {settings.autoplay && settings.autoplayMaxRounds > 0 && game.engineId !== 'crash' ? (
            <AutoplayControl
              cap={settings.autoplayMaxRounds}
              running={autoplay}
              ready={lastParams.current !== undefined && !busy && round?.status !== 'open'}
              scale={bounds.scale}
              note={autoplayNote}
              onStart={(plan) => {
                setAutoplayNote(null);
                setAutoplay(plan);
              }}
              onStop={() => {
                setAutoplay(null);
                setAutoplayNote(t('autoplay.stopped_player'));
              }}
            />
          ) : null}
        </div>
        <div className={styles.statusRow}>
          <dl className={styles.statusBar} aria-label={t('status.label')}>
            <div>
              <dt>{t(mode === 'real' ? 'status.balance' : 'status.demo_balance')}</dt>
              <dd data-testid="casino-balance">{balance ? money(balance.minor, balance.currency) : '—'}</dd>
            </div>
            <div>
              <dt>{t('status.stake')}</dt>
              <dd>{money(clampStake(stakeMinor, bounds), stakeCurrency)}</dd>
            </div>
            <div>
              <dt>{t('status.last_win')}</dt>
              <dd data-testid="casino-last-win">{lastWin === null ? '—' : money(lastWin, stakeCurrency)}</dd>
            </div>
            {settings.showSessionTimer ? (
              <div>
                <dt>{t('status.session')}</dt>
                <dd>
                  <time dateTime={`PT${Math.floor(sessionMs / 1000)}S`}>{clockText(sessionMs)}</time>
                </dd>
              </div>
            ) : null}
            {settings.showNetPosition ? (
              <div>
                <dt>{t('status.net')}</dt>
                <dd className={net < 0n ? styles.negative : net > 0n ? styles.positive : ''}>
                  {`${net > 0n ? '+' : ''}${money(net, stakeCurrency)}`}
                </dd>
              </div>
            ) : null}
          </dl>
          {mode === 'demo' ? (
            <Button size="sm" variant="ghost" onClick={() => void refill()} disabled={locked}>
              {t('demo.refill')}
            </Button>
          ) : null}
        </div>
      </div>

      <div className={styles.side}>
        <section className={styles.panel} aria-label={t('game.about')}>
          {game.description ? <p className={styles.description}>{game.description}</p> : null}
          <dl className={styles.facts}>
            <dt>{t('game.provider')}</dt>
            <dd>{game.provider.name}</dd>
            <dt>{t('game.rtp')}</dt>
            <dd>{game.rtp ? `${game.rtp} %` : '—'}</dd>
            <dt>{t('game.volatility')}</dt>
            <dd>{volatility || '—'}</dd>
            <dt>{t('game.limits')}</dt>
            <dd>
              {money(bounds.minMinor, stakeCurrency)} – {money(bounds.maxMinor, stakeCurrency)}
            </dd>
          </dl>
        </section>
        <FairnessPanel
          lng={lng}
          fairness={fairness}
          lastRoundId={lastRoundId}
          busy={busy}
          onClientSeed={changeSeed}
          onRotate={rotate}
        />
      </div>
      {signedIn ? (
        <MyRounds
          lng={lng}
          timeZone={timeZone}
          gameId={game.id}
          gameName={game.name}
          title={t('rounds.this_game')}
          key={lastRoundId ?? 'none'}
        />
      ) : null}
      <GameRow title={t('game.related')} games={game.related} lng={lng} testId="casino-related" />
    </div>
  );
}
