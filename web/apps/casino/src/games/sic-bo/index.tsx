/**
 * Sic bo: mark bets on the board (each a toggle button; the frame's stake is shared evenly between
 * them), roll three dice. The stage shows the dice, the total and each bet's result.
 */
import { useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { bool, list, num, numbers, record, text } from '../slot-shared/view-json.ts';
import { BOARD, type SicBoSpot, sicBoParams, spotKey, spotOdds } from './board.ts';
import styles from './SicBo.module.css';

/** What a sic bo view holds: `{ dice, total, triple, bets: [{ kind, number, amountMinor, payoutMinor }] }`. */
export function readSicBoView(round: RoundView | null) {
  const view = record(round?.view);
  return {
    dice: numbers(view.dice),
    total: num(view.total),
    triple: bool(view.triple),
    bets: list(view.bets).map((item) => {
      const bet = record(item);
      const number = typeof bet.number === 'number' ? bet.number : undefined;
      return {
        key: spotKey(
          number === undefined
            ? { kind: text(bet.kind) as SicBoSpot['kind'] }
            : { kind: text(bet.kind) as SicBoSpot['kind'], number },
        ),
        amountMinor: text(bet.amountMinor, '0'),
        payoutMinor: text(bet.payoutMinor, '0'),
      };
    }),
  };
}

export default function SicBoGame(props: GameUiProps) {
  const t = useGameT();
  const last = readSicBoView(props.round);
  const [marked, setMarked] = useState<string[]>(() =>
    last.bets.length > 0 ? last.bets.map((bet) => bet.key) : ['small'],
  );
  const player = useRoundPlayer(props, {
    baseMs: 900,
    describe: (round) => {
      const shown = readSicBoView(round);
      const rolled = t('sic-bo.announce', { dice: shown.dice.join(', '), total: shown.total });
      const payout = payoutOf(round);
      return `${rolled} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readSicBoView(player.round);
  const busy = props.busy || player.animating;
  const params = sicBoParams(marked, props.stakeMinor);
  const label = (spot: SicBoSpot) =>
    spot.number === undefined
      ? t(`sic-bo.bet.${spot.kind}`)
      : t(`sic-bo.bet.${spot.kind}`, { number: spot.number });
  const results = new Map(shown.bets.map((bet) => [bet.key, bet]));
  const toggle = (key: string) =>
    setMarked((current) => (current.includes(key) ? current.filter((k) => k !== key) : [...current, key]));

  const stage = (
    <figure className={styles.stage} aria-label={t('sic-bo.dice')}>
      <div className={styles.dice} data-rolling={player.animating ? 'true' : undefined}>
        {(shown.dice.length === 3 ? shown.dice : [0, 0, 0]).map((face, i) => (
          <DieFace
            key={i}
            face={face}
            label={face ? t('sic-bo.die', { index: i + 1, face }) : t('sic-bo.no_roll')}
          />
        ))}
      </div>
      <figcaption className={styles.total}>
        {shown.dice.length === 3 && !player.animating
          ? `${t('sic-bo.total', { total: shown.total })}${shown.triple ? ` · ${t('sic-bo.triple')}` : ''}`
          : '—'}
      </figcaption>
    </figure>
  );
  const controls = (
    <>
      {/* A row of its own: the spots spread across the screen, not into a 227 px column. */}
      <fieldset className={styles.board} data-full-row>
        <legend className={styles.legend}>{t('sic-bo.board')}</legend>
        {BOARD.map((row, r) => (
          <div key={r} className={styles.row} data-row={r}>
            {row.map((spot) => {
              const key = spotKey(spot);
              const result = !player.animating && player.round ? results.get(key) : undefined;
              const won = result ? BigInt(result.payoutMinor) > 0n : undefined;
              return (
                <button
                  key={key}
                  type="button"
                  className={styles.spot}
                  aria-pressed={marked.includes(key)}
                  data-won={won === undefined ? undefined : String(won)}
                  disabled={busy}
                  onClick={() => toggle(key)}
                >
                  <span className={styles.spotLabel}>{label(spot)}</span>
                  <span className={styles.odds}>{spotOdds(spot)}</span>
                </button>
              );
            })}
          </div>
        ))}
      </fieldset>
      <p className={styles.note}>
        {params
          ? t('sic-bo.stake_split', { amount: props.money(props.stakeMinor), count: marked.length })
          : t('sic-bo.no_bets')}
      </p>
      <button
        type="button"
        className={styles.clear}
        disabled={busy || marked.length === 0}
        onClick={() => setMarked([])}
      >
        {t('sic-bo.clear')}
      </button>
      <PlayButton
        busy={busy}
        disabled={!params}
        onPlay={() => {
          if (params) void player.play(params);
        }}
        label={t('sic-bo.roll')}
      />
    </>
  );
  return (
    <GameScreen
      gameId="sic-bo"
      player={player}
      stage={stage}
      controls={controls}
      layout="stacked"
      result={<RoundResult round={player.round} player={player} money={props.money} />}
    />
  );
}

const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[16, 16]],
  2: [
    [10, 10],
    [22, 22],
  ],
  3: [
    [10, 10],
    [16, 16],
    [22, 22],
  ],
  4: [
    [10, 10],
    [22, 10],
    [10, 22],
    [22, 22],
  ],
  5: [
    [10, 10],
    [22, 10],
    [16, 16],
    [10, 22],
    [22, 22],
  ],
  6: [
    [10, 9],
    [22, 9],
    [10, 16],
    [22, 16],
    [10, 23],
    [22, 23],
  ],
};

function DieFace({ face, label }: { readonly face: number; readonly label: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="64"
      height="64"
      role="img"
      aria-label={label}
      data-face={face || undefined}
    >
      <rect x="2" y="2" width="28" height="28" rx="6" className={styles.faceBody} />
      {(PIPS[face] ?? []).map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.6" className={styles.pip} />
      ))}
    </svg>
  );
}
