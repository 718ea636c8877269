/**
 * Mines: choose 1–24 mines, open the round, reveal tiles one by one and cash out whenever the
 * multiplier is worth it. An open round handed in by the frame (after a reload or a restart) is drawn
 * as it stands and goes on from there.
 */
import { MINES } from '@parlay/domain/casino/mines/definition.ts';
import { Button } from '@parlay/ui/index.ts';
import { type ChangeEvent, useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import {
  bool,
  formatCenti,
  multiplierCenti,
  num,
  numbers,
  payoutAt,
  record,
} from '../slot-shared/view-json.ts';
import styles from './Mines.module.css';

const SIDE = 5;

/** What a mines view holds: `{ mines, revealed, busted, cashedOut, multiplier, nextMultiplier, mineTiles }`. */
export function readMinesView(round: RoundView | null) {
  const view = record(round?.view);
  return {
    mines: num(view.mines, 3),
    revealed: numbers(view.revealed),
    busted: bool(view.busted),
    cashedOut: bool(view.cashedOut),
    multiplierCenti:
      view.multiplier === null || view.multiplier === undefined ? null : multiplierCenti(view.multiplier),
    nextCenti:
      view.nextMultiplier === null || view.nextMultiplier === undefined
        ? null
        : multiplierCenti(view.nextMultiplier),
    mineTiles: Array.isArray(view.mineTiles) ? numbers(view.mineTiles) : null,
    multiplier: view.multiplier ?? null,
  };
}

export type TileState = 'hidden' | 'gem' | 'mine' | 'mine-hidden' | 'gem-hidden';

/** What each of the 25 tiles shows for a view (a finished round uncovers the rest, dimmed). */
export function tileStates(view: ReturnType<typeof readMinesView>): TileState[] {
  const revealed = new Set(view.revealed);
  const mines = new Set(view.mineTiles ?? []);
  return Array.from({ length: SIDE * SIDE }, (_, tile) => {
    if (revealed.has(tile)) return mines.has(tile) ? 'mine' : 'gem';
    if (view.mineTiles === null) return 'hidden';
    return mines.has(tile) ? 'mine-hidden' : 'gem-hidden';
  });
}

export default function MinesGame(props: GameUiProps) {
  const t = useGameT();
  const [mines, setMines] = useState(() => readMinesView(props.round).mines);
  const player = useRoundPlayer(props, {
    baseMs: 300,
    actionMs: 260,
    describe: (round) => {
      const shown = readMinesView(round);
      const value = formatCenti(props.lng, shown.multiplierCenti ?? 100n);
      if (shown.busted) return t('mines.announce_mine');
      if (shown.cashedOut) {
        return `${t('mines.announce_cashout', { value })} — ${t('screen.win', { amount: props.money(payoutOf(round)) })}`;
      }
      return shown.revealed.length > 0 ? t('mines.announce_gem', { value }) : t('mines.open_round');
    },
  });
  const round = player.round;
  const shown = readMinesView(round);
  const open = round?.status === 'open';
  const busy = props.busy || player.animating;
  const states = tileStates(shown);
  const stakeMinor = open && round ? BigInt(round.stakeMinor) : props.stakeMinor;
  const cashOutMinor = shown.multiplier === null ? 0n : payoutAt(stakeMinor, shown.multiplier);
  const canCashOut = open && (round?.allowed ?? []).includes('cashout');
  const lastTile = shown.revealed.at(-1);
  const stage = (
    <fieldset className={styles.field} aria-label={t('mines.field')}>
      {states.map((state, tile) => {
        const row = Math.floor(tile / SIDE) + 1;
        const column = (tile % SIDE) + 1;
        const label =
          state === 'gem'
            ? t('mines.tile_gem', { row, column })
            : state === 'mine' || state === 'mine-hidden'
              ? t('mines.tile_mine', { row, column })
              : state === 'gem-hidden'
                ? t('mines.tile_gem', { row, column })
                : t('mines.tile', { row, column });
        return (
          <button
            key={tile}
            type="button"
            className={styles.tile}
            data-state={state}
            data-last={tile === lastTile ? 'true' : undefined}
            aria-label={label}
            disabled={!open || busy || state !== 'hidden'}
            onClick={() => void player.act({ type: 'reveal', tile })}
          >
            {state === 'gem' || state === 'gem-hidden' ? <GemArt /> : null}
            {state === 'mine' || state === 'mine-hidden' ? <MineArt /> : null}
          </button>
        );
      })}
    </fieldset>
  );
  const controls = (
    <>
      <label className={styles.count}>
        <span>{t('mines.count')}</span>
        <select
          value={open ? shown.mines : mines}
          disabled={open || busy}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => setMines(Number(event.target.value))}
        >
          {Array.from({ length: MINES.maxMines - MINES.minMines + 1 }, (_, i) => i + MINES.minMines).map(
            (count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ),
          )}
        </select>
      </label>
      <dl className={styles.figures}>
        <div>
          <dt>{t('mines.current')}</dt>
          <dd data-testid="mines-current">
            {t('screen.times', {
              value: formatCenti(props.lng, open || shown.cashedOut ? (shown.multiplierCenti ?? 100n) : 100n),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('mines.next')}</dt>
          <dd>
            {shown.nextCenti !== null && open
              ? t('screen.times', { value: formatCenti(props.lng, shown.nextCenti) })
              : '—'}
          </dd>
        </div>
      </dl>
      {open ? (
        <Button
          variant="primary"
          className={styles.cashout}
          disabled={busy || !canCashOut}
          onClick={() => void player.act({ type: 'cashout' })}
        >
          {t('mines.cashout', { amount: props.money(cashOutMinor) })}
        </Button>
      ) : (
        <PlayButton busy={busy} label={t('mines.start')} onPlay={() => void player.play({ mines })} />
      )}
      {open ? <p className={styles.hint}>{t('mines.open_round')}</p> : null}
    </>
  );
  return (
    <GameScreen
      gameId="mines"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={open ? null : round} player={player} money={props.money} />}
    />
  );
}

function GemArt() {
  return (
    <svg className={styles.art} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M14 8h20l10 12-20 22L4 20z" className={styles.gemBody} />
      <path d="M4 20h40M14 8l10 34 10-34M14 8l-2 12M34 8l2 12" className={styles.gemFacet} />
      <path d="M16 12l4 0-4 6z" className={styles.gemShine} />
    </svg>
  );
}

function MineArt() {
  return (
    <svg className={styles.art} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <g className={styles.mineSpikes}>
        <path d="M24 4v8M24 36v8M4 24h8M36 24h8M10 10l6 6M32 32l6 6M38 10l-6 6M10 38l6-6" />
      </g>
      <circle cx="24" cy="24" r="13" className={styles.mineBody} />
      <circle cx="19" cy="19" r="4" className={styles.mineShine} />
    </svg>
  );
}
