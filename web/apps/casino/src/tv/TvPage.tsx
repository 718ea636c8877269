/**
 * TV games: a broadcast-style page with the wheel of fortune and the 6-of-48 fast lottery. Each
 * shows its next draw's countdown on the server's clock, takes fixed-odds bets, and plays the draw
 * for everyone at once: the `casino:tv` topic brings the result at the draw instant and the reveal
 * runs from that instant (the wheel turns, the balls come out one by one), so every viewer sees the
 * same moment. History, the exact RTP of each bet and the player's bets below. Client-only.
 */
import { browserApi } from '@parlay/client/api.ts';
import { newIdempotencyKey } from '@parlay/client/bets-api.ts';
import { getRealtime } from '@parlay/client/realtime.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callJson } from '../bingo/bingo-client.ts';
import { clockText, secondsUntil } from '../bingo/bingo-model.ts';
import styles from './tv.module.css';
import {
  applyDraw,
  type BetBody,
  type DrawView,
  type GameState,
  parseStake,
  revealProgress,
  shownBalls,
  type TvGame,
  type TvState,
  wheelRotation,
} from './tv-model.ts';

export const TV_TOPIC = 'casino:tv';
const PREFIX = '/web-api/casino/v1/tv';
const COLORS: Record<number, string> = { 2: '#3b82f6', 3: '#10b981', 6: '#f59e0b', 24: '#ef4444' };

function Wheel({ segments, draw, now }: { segments: number[]; draw: DrawView | null; now: number }) {
  const t = useT('casino');
  const count = segments.length || 1;
  const r = 100;
  const index = draw?.result?.[0] ?? null;
  const progress = draw ? revealProgress(draw, now) : 1;
  // Ease-out: the wheel slows into its segment over the reveal.
  const eased = 1 - (1 - progress) ** 3;
  const rotation = index === null ? 0 : wheelRotation(index, count) * eased;
  const label =
    index !== null && progress >= 1
      ? t('tv.wheel_result', { value: `×${segments[index]}` })
      : t('tv.wheel_spinning');
  return (
    <figure className={styles.wheelBox}>
      <svg viewBox="-110 -115 220 225" className={styles.wheel} role="img" aria-label={label}>
        <g transform={`rotate(${rotation})`}>
          {segments.map((v, i) => {
            const a0 = (i / count) * 2 * Math.PI - Math.PI / 2;
            const a1 = ((i + 1) / count) * 2 * Math.PI - Math.PI / 2;
            const d = `M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} A${r} ${r} 0 0 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
            const mid = (a0 + a1) / 2;
            return (
              <g key={i}>
                <path d={d} fill={COLORS[v] ?? '#888'} stroke="var(--color-surface)" strokeWidth="0.6" />
                <text
                  x={82 * Math.cos(mid)}
                  y={82 * Math.sin(mid)}
                  className={styles.segText}
                  transform={`rotate(${(mid * 180) / Math.PI + 90} ${82 * Math.cos(mid)} ${82 * Math.sin(mid)})`}
                >
                  {v}
                </text>
              </g>
            );
          })}
          <circle r="18" fill="var(--color-surface-raised)" />
        </g>
        <path d="M0 -96 L-7 -112 L7 -112 Z" fill="var(--color-text)" />
      </svg>
    </figure>
  );
}

function Balls({ numbers, label }: { numbers: number[]; label: string }) {
  return (
    <ol className={styles.balls} aria-label={label}>
      {numbers.map((n) => (
        <li key={n} className={styles.ball}>
          {n}
        </li>
      ))}
    </ol>
  );
}

export function TvPage({ lng, signedIn }: { lng: string; signedIn: boolean }) {
  const t = useT('casino');
  const tErrors = useT('errors');
  const [state, setState] = useState<TvState | null>(null);
  const [failed, setFailed] = useState(false);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [stake, setStake] = useState('10');
  const [picks, setPicks] = useState<number[]>([]);
  const [notice, setNotice] = useState<Record<TvGame, string | null>>({ wheel: null, lottery: null });
  const [busy, setBusy] = useState(false);
  const keys = useRef(new Map<string, string>());

  const load = useCallback(async () => {
    const answer = await callJson<TvState>(browserApi, `${PREFIX}/state`);
    if (!answer.ok) {
      setFailed(true);
      return;
    }
    setOffset(answer.data.serverTime - Date.now());
    setState(answer.data);
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => setNow(Date.now()), 250);
    const stop = getRealtime().subscribe(TV_TOPIC, (data) => {
      const message = data as { type?: string; draw?: DrawView };
      if (message.type === 'tv.draw' && message.draw) {
        const draw = message.draw;
        setState((s) => (s ? applyDraw(s, draw) : s));
        // Bets are settled with the draw: read them again.
        if (draw.status === 'drawn') void load();
      }
    });
    const stopStatus = getRealtime().onStatus((status) => {
      if (status === 'open') void load();
    });
    return () => {
      clearInterval(timer);
      stop();
      stopStatus();
    };
  }, [load]);

  const serverNow = now + offset;
  const money = useMemo(() => (minor: string, currency: string) => formatMoney(minor, currency, lng), [lng]);

  const place = async (game: TvGame, bet: BetBody) => {
    const stakeMinor = parseStake(stake);
    if (!stakeMinor) {
      setNotice((n) => ({ ...n, [game]: t('tv.bad_stake') }));
      return;
    }
    const fingerprint = JSON.stringify({ game, bet, stakeMinor });
    const key = keys.current.get(fingerprint) ?? newIdempotencyKey();
    keys.current.set(fingerprint, key);
    setBusy(true);
    const answer = await callJson<unknown>(browserApi, `${PREFIX}/bets`, {
      method: 'POST',
      body: { game, stakeMinor, bet },
      headers: { 'idempotency-key': key },
    });
    setBusy(false);
    if (answer.ok || answer.status !== null) keys.current.delete(fingerprint);
    if (answer.ok) {
      setNotice((n) => ({ ...n, [game]: t('tv.bet_placed') }));
      void load();
      return;
    }
    const code = answer.code?.toLowerCase();
    const text = code ? tErrors(code) : '';
    setNotice((n) => ({
      ...n,
      [game]: answer.status === 401 ? t('tv.sign_in') : text && text !== code ? text : t('tv.failed'),
    }));
  };

  if (failed && !state) return <p role="alert">{t('tv.load_error')}</p>;
  if (!state) return <p aria-busy="true">{t('tv.loading')}</p>;

  const game = (g: TvGame) => state.games.find((x) => x.game === g) as GameState;
  const wheel = game('wheel');
  const lottery = game('lottery');
  const revealing = (g: GameState) => g.last !== null && revealProgress(g.last, serverNow) < 1;

  const header = (g: GameState) => (
    <div className={styles.onAir}>
      <span className={styles.live}>{t('tv.on_air')}</span>
      <span>
        {g.open ? t('tv.draw_no', { n: g.open.draw }) : ''} ·{' '}
        {revealing(g)
          ? t('tv.drawing')
          : g.open
            ? t('tv.next_in', { time: clockText(secondsUntil(g.open.closesAt, serverNow)) })
            : ''}
      </span>
    </div>
  );

  const betsOf = (g: TvGame) => state.myBets.filter((b) => b.game === g).slice(0, 6);
  const betText = (b: BetBody) =>
    b.kind === 'wheel' ? `×${b.value}` : b.kind === 'numbers' ? b.picks.join(', ') : t(`tv.parity.${b.pick}`);

  const lotteryShown = lottery.last?.result
    ? shownBalls(lottery.last.result, revealProgress(lottery.last, serverNow))
    : [];

  return (
    <div className={styles.page}>
      <label className={styles.stake}>
        <span>{t('tv.stake')}</span>
        <input inputMode="decimal" value={stake} onChange={(e) => setStake(e.target.value)} />
      </label>
      {!signedIn && (
        <p className={styles.muted}>
          <a href={`/${lng}/login`}>{t('tv.sign_in')}</a>
        </p>
      )}
      <div className={styles.games}>
        <section className={styles.screen} aria-labelledby="tv-wheel">
          <h2 id="tv-wheel" className={styles.h2}>
            {t('tv.wheel')}
          </h2>
          {header(wheel)}
          <Wheel segments={state.wheelSegments} draw={wheel.last} now={serverNow} />
          <p className={styles.announce} aria-live="polite">
            {wheel.last?.result && !revealing(wheel)
              ? t('tv.wheel_result', { value: `×${state.wheelSegments[wheel.last.result[0]!]}` })
              : ''}
          </p>
          <fieldset className={styles.betRow} aria-label={t('tv.bet_on_value')}>
            {[2, 3, 6, 24].map((v) => (
              <Button
                key={v}
                size="sm"
                disabled={busy || !wheel.open}
                onClick={() => place('wheel', { kind: 'wheel', value: v })}
              >
                <span className={styles.swatch} style={{ background: COLORS[v] }} aria-hidden="true" />×{v}
              </Button>
            ))}
          </fieldset>
          {notice.wheel && (
            <p role="status" className={styles.notice}>
              {notice.wheel}
            </p>
          )}
          <h3 className={styles.h3}>{t('tv.history')}</h3>
          <ol className={styles.history}>
            {wheel.history.slice(0, 12).map((d) => (
              <li key={d.id} style={{ borderColor: COLORS[state.wheelSegments[d.result?.[0] ?? 0] ?? 2] }}>
                ×{state.wheelSegments[d.result?.[0] ?? 0]}
              </li>
            ))}
          </ol>
          <Rtp rows={wheel.rtp} t={t} />
          <MyBets bets={betsOf('wheel')} money={money} betText={betText} t={t} />
        </section>

        <section className={styles.screen} aria-labelledby="tv-lottery">
          <h2 id="tv-lottery" className={styles.h2}>
            {t('tv.lottery')}
          </h2>
          {header(lottery)}
          <Balls numbers={lotteryShown} label={t('tv.drawn_numbers')} />
          <p className={styles.announce} aria-live="polite">
            {lotteryShown.length > 0 ? t('tv.numbers_drawn', { numbers: lotteryShown.join(', ') }) : ''}
          </p>
          <fieldset className={styles.grid} aria-label={t('tv.pick_numbers')}>
            {Array.from({ length: 48 }, (_, i) => i + 1).map((n) => {
              const on = picks.includes(n);
              return (
                <button
                  key={n}
                  type="button"
                  className={on ? `${styles.num} ${styles.picked}` : styles.num}
                  aria-pressed={on}
                  onClick={() =>
                    setPicks((p) =>
                      on ? p.filter((x) => x !== n) : p.length < 3 ? [...p, n].sort((a, b) => a - b) : p,
                    )
                  }
                >
                  {n}
                </button>
              );
            })}
          </fieldset>
          <div className={styles.betRow}>
            <Button
              variant="primary"
              size="sm"
              disabled={busy || picks.length === 0 || !lottery.open}
              onClick={() => place('lottery', { kind: 'numbers', picks })}
            >
              {picks.length === 0 ? t('tv.pick_numbers') : t('tv.bet_numbers', { count: picks.length })}
            </Button>
            {(['even', 'odd', 'equal'] as const).map((p) => (
              <Button
                key={p}
                size="sm"
                disabled={busy || !lottery.open}
                onClick={() => place('lottery', { kind: 'parity', pick: p })}
              >
                {t(`tv.parity.${p}`)}
              </Button>
            ))}
          </div>
          {notice.lottery && (
            <p role="status" className={styles.notice}>
              {notice.lottery}
            </p>
          )}
          <h3 className={styles.h3}>{t('tv.history')}</h3>
          <ol className={styles.plain}>
            {lottery.history.slice(0, 6).map((d) => (
              <li key={d.id}>
                {t('tv.draw_no', { n: d.draw })}: {d.result?.join(' · ')}
              </li>
            ))}
          </ol>
          <Rtp rows={lottery.rtp} t={t} />
          <MyBets bets={betsOf('lottery')} money={money} betText={betText} t={t} />
        </section>
      </div>
    </div>
  );
}

type TFn = (key: string, vars?: Record<string, string | number>) => string;

function Rtp({ rows, t }: { rows: GameState['rtp']; t: TFn }) {
  return (
    <table className={styles.table}>
      <caption className={styles.h3}>{t('tv.rtp')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tv.bet')}</th>
          <th scope="col">{t('tv.odds')}</th>
          <th scope="col">RTP</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.bet}>
            <td>{t(`tv.bet_kind.${r.bet}`)}</td>
            <td>×{(r.oddsCenti / 100).toFixed(2)}</td>
            <td title={r.rtp}>{r.rtpPercent} %</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MyBets({
  bets,
  money,
  betText,
  t,
}: {
  bets: TvState['myBets'];
  money: (minor: string, currency: string) => string;
  betText: (b: BetBody) => string;
  t: TFn;
}) {
  if (bets.length === 0) return null;
  return (
    <>
      <h3 className={styles.h3}>{t('tv.my_bets')}</h3>
      <ul className={styles.plain}>
        {bets.map((b) => (
          <li key={b.betId}>
            {t('tv.draw_no', { n: b.draw })} · {betText(b.bet)} · {money(b.stakeMinor, b.currency)} ·{' '}
            {t(`tv.status.${b.status}`)}
            {b.status === 'won' ? ` ${money(b.payoutMinor, b.currency)}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
