/**
 * Bingo: the lobby of rooms (next game's countdown, card price, players, pot) and the chosen room
 * (buy cards for the next game, my cards daubed automatically as balls come, the called-balls board,
 * the last balls, the winners). State from GET /bingo/rooms/:room, moved on by the `casino:bingo`
 * topic; a missed ball or a reconnect reads the snapshot again. Called balls are announced politely
 * (aria-live). Client-only: the server renders the frame, the browser fetches the rooms.
 */
import { newIdempotencyKey } from '@parlay/client/bets-api.ts';
import { getRealtime } from '@parlay/client/realtime.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styles from './bingo.module.css';
import { bingoClient } from './bingo-client.ts';
import {
  applyBingoMessage,
  type BingoMessage,
  clockText,
  daubed,
  type GameView,
  letterOf,
  type RoomState,
  type RoomSummary,
  secondsUntil,
  toGo,
} from './bingo-model.ts';

export const BINGO_TOPIC = 'casino:bingo';

function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

function Card({
  cells,
  variant,
  balls,
  label,
}: {
  cells: number[];
  variant: '75' | '90';
  balls: number[];
  label: string;
}) {
  const t = useT('casino');
  const marks = daubed(cells, balls);
  const cols = variant === '75' ? 5 : 9;
  const left = toGo(cells, balls);
  return (
    <figure className={styles.card} aria-label={label}>
      {variant === '75' && (
        <div className={styles.cardHead} aria-hidden="true">
          {'BINGO'.split('').map((l) => (
            <span key={l}>{l}</span>
          ))}
        </div>
      )}
      <div className={styles.cells} style={{ gridTemplateColumns: `repeat(${cols}, 1fr)` }}>
        {cells.map((n, i) => {
          const free = n === 0 && variant === '75';
          const blank = n === 0 && variant === '90';
          return (
            <span
              key={i}
              className={[styles.cell, blank ? styles.blank : '', marks[i] && !blank ? styles.daub : ''].join(
                ' ',
              )}
              aria-hidden={blank ? 'true' : undefined}
            >
              {free ? <span aria-hidden="true">★</span> : blank ? '' : n}
              {free ? <span className={styles.visuallyHidden}>{t('bingo.free')}</span> : null}
              {!free && !blank && marks[i] ? (
                <span className={styles.visuallyHidden}>, {t('bingo.daubed')}</span>
              ) : null}
            </span>
          );
        })}
      </div>
      <figcaption className={styles.muted}>
        {left === 0 ? t('bingo.full_house') : t('bingo.to_go', { count: left })}
      </figcaption>
    </figure>
  );
}

function Board({ game }: { game: GameView }) {
  const t = useT('casino');
  const total = game.variant === '75' ? 75 : 90;
  const called = new Set(game.balls);
  return (
    <ol className={styles.board} aria-label={t('bingo.board')}>
      {Array.from({ length: total }, (_, i) => i + 1).map((n) => (
        <li key={n} className={called.has(n) ? `${styles.boardBall} ${styles.called}` : styles.boardBall}>
          {n}
          {called.has(n) ? <span className={styles.visuallyHidden}>, {t('bingo.daubed')}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function RoomCard({
  room,
  now,
  lng,
  selected,
  onSelect,
}: {
  room: RoomSummary;
  now: number;
  lng: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT('casino');
  const next = room.next;
  return (
    <li className={selected ? `${styles.roomCard} ${styles.selected}` : styles.roomCard}>
      <h3 className={styles.h3}>{t(`bingo.room.${room.id}`)}</h3>
      <p className={styles.muted}>{t(`bingo.variant_${room.variant}`)}</p>
      <dl className={styles.facts}>
        <dt>{t('bingo.next_game')}</dt>
        <dd>{next ? clockText(secondsUntil(next.startsAt, now)) : '—'}</dd>
        <dt>{t('bingo.card_price')}</dt>
        <dd>{formatMoney(room.cardPriceMinor, room.currency, lng)}</dd>
        <dt>{t('bingo.players')}</dt>
        <dd>{next?.players ?? 0}</dd>
        <dt>{t('bingo.pot')}</dt>
        <dd>{formatMoney(next?.potMinor ?? '0', room.currency, lng)}</dd>
      </dl>
      <Button
        variant={selected ? 'primary' : 'secondary'}
        size="sm"
        onClick={onSelect}
        aria-pressed={selected}
      >
        {t('bingo.enter')}
      </Button>
    </li>
  );
}

export function BingoPage({ lng, signedIn }: { lng: string; signedIn: boolean }) {
  const t = useT('casino');
  const tErrors = useT('errors');
  const client = useMemo(() => bingoClient(), []);
  const [rooms, setRooms] = useState<RoomSummary[] | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [state, setState] = useState<RoomState | null>(null);
  const [failed, setFailed] = useState(false);
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const buyKey = useRef<string | null>(null);
  const now = useServerNow(offset);

  const loadRoom = useCallback(
    async (id: string) => {
      const answer = await client.room(id);
      if (!answer.ok) {
        setFailed(true);
        return;
      }
      setOffset(answer.data.serverTime - Date.now());
      setState(answer.data);
    },
    [client],
  );

  useEffect(() => {
    void client.lobby().then((answer) => {
      if (!answer.ok) {
        setFailed(true);
        return;
      }
      setRooms(answer.data.rooms);
      setOffset(answer.data.serverTime - Date.now());
      const wanted = new URLSearchParams(globalThis.location?.search ?? '').get('room');
      setRoomId(answer.data.rooms.find((r) => r.id === wanted)?.id ?? answer.data.rooms[0]?.id ?? null);
    });
  }, [client]);

  useEffect(() => {
    if (!roomId) return;
    void loadRoom(roomId);
    const stop = getRealtime().subscribe(BINGO_TOPIC, (data) => {
      const message = data as BingoMessage;
      setState((current) => {
        if (!current) return current;
        const { state: next, reload } = applyBingoMessage(current, message);
        if (reload) void loadRoom(roomId);
        return next;
      });
      if (message.type === 'bingo.game' || message.type === 'bingo.sold') {
        void client.lobby().then((a) => a.ok && setRooms(a.data.rooms));
      }
    });
    const stopStatus = getRealtime().onStatus((status) => {
      if (status === 'open') void loadRoom(roomId);
    });
    // A slow fallback when the socket is away: the snapshot every 10 s.
    const timer = setInterval(() => void loadRoom(roomId), 10_000);
    return () => {
      stop();
      stopStatus();
      clearInterval(timer);
    };
  }, [roomId, loadRoom, client]);

  const buy = async () => {
    if (!state) return;
    setBusy(true);
    setNotice(null);
    buyKey.current ??= newIdempotencyKey();
    const answer = await client.buy(state.room.id, count, buyKey.current);
    setBusy(false);
    if (answer.ok) {
      buyKey.current = null;
      setNotice(t('bingo.bought', { count }));
      void loadRoom(state.room.id);
      return;
    }
    if (answer.status !== null) buyKey.current = null;
    const code = answer.code?.toLowerCase();
    const text = code ? tErrors(code) : '';
    setNotice(answer.status === 401 ? t('bingo.sign_in') : text && text !== code ? text : t('bingo.failed'));
  };

  if (failed && !rooms) return <p role="alert">{t('bingo.load_error')}</p>;
  if (!rooms || !state) return <p aria-busy="true">{t('bingo.loading')}</p>;

  const room = state.room;
  const current = room.current;
  const next = room.next;
  const shown = current ?? state.history[0] ?? null;
  const balls = shown?.balls ?? [];
  const last = balls.slice(-5).reverse();
  const lastBall = current?.balls.at(-1);
  const currentCards = state.myCards.filter((c) => c.gameId === shown?.id);
  const nextCards = state.myCards.filter((c) => c.gameId === next?.id);
  const money = (minor: string) => formatMoney(minor, room.currency, lng);

  return (
    <div className={styles.page}>
      <section aria-labelledby="bingo-rooms">
        <h2 id="bingo-rooms" className={styles.h2}>
          {t('bingo.rooms')}
        </h2>
        <ul className={styles.rooms}>
          {rooms.map((r) => (
            <RoomCard
              key={r.id}
              room={r}
              now={now}
              lng={lng}
              selected={r.id === room.id}
              onSelect={() => {
                setState(null);
                setRoomId(r.id);
              }}
            />
          ))}
        </ul>
      </section>

      <section className={styles.room} aria-labelledby="bingo-room">
        <h2 id="bingo-room" className={styles.h2}>
          {t(`bingo.room.${room.id}`)} · {t(`bingo.variant_${room.variant}`)}
        </h2>
        <p className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
          {lastBall ? t('bingo.ball_called', { ball: `${letterOf(room.variant, lastBall)}${lastBall}` }) : ''}
        </p>
        <div className={styles.stage}>
          <div className={styles.main}>
            <div className={styles.status}>
              {current ? (
                <span>
                  {t('bingo.playing', { game: current.game })} ·{' '}
                  {t('bingo.balls_called', { count: current.balls.length })}
                </span>
              ) : (
                <span>{t('bingo.waiting')}</span>
              )}
              {current && <span>{t('bingo.pot_of', { pot: money(current.potMinor) })}</span>}
            </div>
            <ol className={styles.lastBalls} aria-label={t('bingo.last_balls')}>
              {last.map((b, i) => (
                <li key={b} className={i === 0 ? `${styles.ball} ${styles.latest}` : styles.ball}>
                  <small>{letterOf(room.variant, b)}</small>
                  {b}
                </li>
              ))}
            </ol>
            {shown && <Board game={shown} />}
            <h3 className={styles.h3}>{t('bingo.my_cards')}</h3>
            {currentCards.length === 0 ? (
              <p className={styles.muted}>{t('bingo.no_cards')}</p>
            ) : (
              <div className={styles.cards}>
                {currentCards.map((c, i) => (
                  <Card
                    key={c.cardId}
                    cells={c.cells}
                    variant={room.variant}
                    balls={balls}
                    label={t('bingo.card_n', { n: i + 1 })}
                  />
                ))}
              </div>
            )}
          </div>
          <aside className={styles.side}>
            <div className={styles.panel}>
              <h3 className={styles.h3}>{t('bingo.next_game')}</h3>
              {next ? (
                <>
                  <p className={styles.countdown} aria-live="off">
                    {clockText(secondsUntil(next.startsAt, now))}
                  </p>
                  <dl className={styles.facts}>
                    <dt>{t('bingo.card_price')}</dt>
                    <dd>{money(room.cardPriceMinor)}</dd>
                    <dt>{t('bingo.cards_sold')}</dt>
                    <dd>{next.cardsSold}</dd>
                    <dt>{t('bingo.pot')}</dt>
                    <dd>{money(next.potMinor)}</dd>
                  </dl>
                  <label className={styles.field}>
                    <span>{t('bingo.cards_count')}</span>
                    <input
                      type="number"
                      min={1}
                      max={room.maxCardsPerPlayer}
                      value={count}
                      onChange={(e) =>
                        setCount(Math.max(1, Math.min(room.maxCardsPerPlayer, Number(e.target.value) || 1)))
                      }
                    />
                  </label>
                  {signedIn ? (
                    <Button variant="primary" onClick={buy} disabled={busy}>
                      {t('bingo.buy', {
                        total: money((BigInt(room.cardPriceMinor) * BigInt(count)).toString()),
                      })}
                    </Button>
                  ) : (
                    <a className={styles.link} href={`/${lng}/login`}>
                      {t('bingo.sign_in')}
                    </a>
                  )}
                  {notice && (
                    <p role="status" className={styles.notice}>
                      {notice}
                    </p>
                  )}
                  {nextCards.length > 0 && (
                    <p className={styles.muted}>{t('bingo.cards_next', { count: nextCards.length })}</p>
                  )}
                  <p className={styles.fair}>
                    {t('bingo.commitment')} <code>{next.commitment.slice(0, 16)}…</code>
                  </p>
                </>
              ) : (
                <p className={styles.muted}>{t('bingo.waiting')}</p>
              )}
            </div>
            <div className={styles.panel}>
              <h3 className={styles.h3}>{t('bingo.prizes')}</h3>
              <ul className={styles.plain}>
                <li>
                  {t('bingo.stage.line')}: {room.shares.line} %
                </li>
                <li>
                  {t('bingo.stage.two_lines')}: {room.shares.two_lines} %
                </li>
                <li>
                  {t('bingo.stage.full_house')}: {room.shares.full_house} %
                </li>
                <li>
                  {t('bingo.jackpot_rule', { balls: room.jackpotBalls, amount: money(room.jackpotMinor) })}
                </li>
              </ul>
              <p className={styles.muted}>{t('bingo.pot_rule', { percent: room.potPercent })}</p>
            </div>
            <div className={styles.panel}>
              <h3 className={styles.h3}>{t('bingo.winners')}</h3>
              {state.winners.length === 0 ? (
                <p className={styles.muted}>{t('bingo.no_winners')}</p>
              ) : (
                <ul className={styles.plain}>
                  {state.winners.map((w) => (
                    <li key={`${w.cardId}-${w.stage}`}>
                      {t(`bingo.stage.${w.stage}`)} · {w.player} · {money(w.amountMinor)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {state.history[0]?.serverSeed && (
              <div className={styles.panel}>
                <h3 className={styles.h3}>{t('bingo.last_game')}</h3>
                <p className={styles.fair}>
                  {t('bingo.seed')} <code>{state.history[0].serverSeed}</code>
                </p>
              </div>
            )}
          </aside>
        </div>
      </section>
    </div>
  );
}
