/**
 * Keno, 10 of 40: pick 1–10 numbers (or a quick pick), the round draws ten; the board lights the
 * drawn numbers one after another and the paytable marks the hits.
 */
import { Button } from '@parlay/ui/index.ts';
import { type CSSProperties, useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { formatCenti, multiplierText, num, numbers, record } from '../slot-shared/view-json.ts';
import styles from './Keno.module.css';
import { kenoParams, MAX_PICKS, NUMBERS, paytableRows, quickPick, togglePick } from './keno-picks.ts';

/** What a keno view holds: `{ picks, drawn, hits, multiplier }`. */
export function readKenoView(round: RoundView | null) {
  const view = record(round?.view);
  return {
    picks: numbers(view.picks),
    drawn: numbers(view.drawn),
    hits: num(view.hits),
    multiplier: multiplierText(view.multiplier),
  };
}

export default function KenoGame(props: GameUiProps) {
  const t = useGameT();
  const [picks, setPicks] = useState<number[]>(() => readKenoView(props.round).picks);
  const player = useRoundPlayer(props, {
    baseMs: 1_500,
    describe: (round) => {
      const shown = readKenoView(round);
      const words = t('keno.announce', { hits: shown.hits, picks: shown.picks.length });
      const payout = payoutOf(round);
      return `${words} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readKenoView(player.round);
  const busy = props.busy || player.animating;
  const drawnOrder = new Map(shown.drawn.map((number, index) => [number, index]));
  const roundPicks = new Set(shown.picks);
  // Once the player changes the picks, the last draw stays on the board only for the same picks.
  const samePicks = picks.length === shown.picks.length && picks.every((pick) => roundPicks.has(pick));
  const showDraw = player.round !== null && samePicks;
  const params = kenoParams(picks);
  const step = player.durationMs / 10;
  const stage = (
    <fieldset className={styles.board} aria-label={t('keno.board')}>
      {Array.from({ length: NUMBERS }, (_, i) => i + 1).map((number) => {
        const picked = picks.includes(number);
        const order = showDraw ? drawnOrder.get(number) : undefined;
        const drawn = order !== undefined;
        const state = drawn ? (picked ? 'hit' : 'drawn') : picked ? 'picked' : 'idle';
        const label = t(
          state === 'hit'
            ? 'keno.number_hit'
            : state === 'drawn'
              ? 'keno.number_drawn'
              : state === 'picked'
                ? 'keno.number_picked'
                : 'keno.number',
          { number },
        );
        const style = drawn ? ({ '--delay': `${(order ?? 0) * step}ms` } as CSSProperties) : undefined;
        return (
          <button
            key={number}
            type="button"
            className={styles.number}
            data-state={state}
            data-animate={drawn && player.animating ? 'true' : undefined}
            style={style}
            aria-pressed={picked}
            aria-label={label}
            disabled={busy || (!picked && picks.length >= MAX_PICKS)}
            onClick={() => setPicks((current) => togglePick(current, number))}
          >
            {state === 'hit' ? <Gem /> : null}
            <span>{number}</span>
          </button>
        );
      })}
    </fieldset>
  );
  const rows = paytableRows(picks.length);
  const hitRow = showDraw && !player.animating ? shown.hits : -1;
  const controls = (
    <>
      <p className={styles.hint}>
        {picks.length === 0 ? t('keno.hint') : t('keno.picked', { picked: picks.length })}
      </p>
      <div className={styles.actions}>
        <Button disabled={busy} onClick={() => setPicks(quickPick(picks.length || MAX_PICKS, Math.random))}>
          {t('keno.quick')}
        </Button>
        <Button disabled={busy || picks.length === 0} onClick={() => setPicks([])}>
          {t('keno.clear')}
        </Button>
      </div>
      {rows.length > 0 ? (
        <table className={styles.paytable}>
          <caption>{t('screen.paytable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('keno.hits_col')}</th>
              <th scope="col">{t('keno.pays_col')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.hits} data-hit={row.hits === hitRow ? 'true' : undefined}>
                <td>{row.hits}</td>
                <td>{t('screen.times', { value: formatCenti(props.lng, row.centi) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <PlayButton busy={busy} disabled={!params} onPlay={() => params && void player.play(params)} />
    </>
  );
  return (
    <GameScreen
      gameId="keno"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={showDraw ? player.round : null} player={player} money={props.money} />}
    />
  );
}

function Gem() {
  return (
    <svg className={styles.gem} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 3h12l4 6-10 12L2 9z" />
      <path d="M2 9h20M9 3l3 18 3-18" className={styles.facet} />
    </svg>
  );
}
