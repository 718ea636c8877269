/**
 * The screen of every in-house slot (classic 3-reel, 5-reel paylines with free spins, 243 ways): the
 * reels, the win of each line or way, the free-spins counter with its running total, the paytable
 * at the current stake and the spin button. A round is the base spin and every free spin it awarded
 * (one view): the screen plays them one after another, and Skip jumps to the end.
 */
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import type { GameUiProps } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from './GameScreen.tsx';
import { type DrawnLine, lineColour, Reels } from './Reels.tsx';
import { payoutOf, type RoundPlayer, useRoundPlayer } from './round-player.ts';
import styles from './SlotScreen.module.css';
import { freeWinUpTo, readSlotView, type SlotRoundView, type SlotSpin, winUpTo } from './slot-view.ts';
import { SlotSymbol } from './symbols.tsx';

/** One row of the paytable: a symbol and what each count pays, as a fraction of the stake. */
export interface PaytableRow {
  readonly symbol: string;
  readonly pays: readonly {
    readonly count: number;
    readonly numerator: bigint;
    readonly denominator: bigint;
  }[];
  /** 'line' pays on a line, 'way' per way, 'scatter' anywhere. */
  readonly kind: 'line' | 'way' | 'scatter';
}

export interface SlotConfig {
  readonly gameId: string;
  readonly reels: number;
  readonly rows: number;
  readonly strips: readonly (readonly string[])[];
  /** Line slots: each payline's row per reel (drawn over the reels when it wins). */
  readonly lines?: readonly (readonly number[])[];
  readonly paytable: readonly PaytableRow[];
}

/** How long a round plays before turbo: the base spin, then each free spin. */
export const BASE_SPIN_MS = 1_400;
export const FREE_SPIN_MS = 650;

export function slotDurationMs(spins: number): number {
  return BASE_SPIN_MS + FREE_SPIN_MS * Math.max(0, spins - 1);
}

/** Which spin of the round shows now: steps through them while the round animates, else the last. */
function useSpinIndex(view: SlotRoundView, player: RoundPlayer): { index: number; stopMs: number } {
  const count = view.spins.length;
  const [index, setIndex] = useState(Math.max(0, count - 1));
  const scale = player.durationMs / slotDurationMs(count);
  useEffect(() => {
    if (!player.animating) {
      setIndex(Math.max(0, count - 1));
      return;
    }
    setIndex(0);
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (let spin = 1; spin < count; spin += 1) {
      timers.push(setTimeout(() => setIndex(spin), scale * (BASE_SPIN_MS + FREE_SPIN_MS * (spin - 1))));
    }
    return () => timers.forEach(clearTimeout);
  }, [player.animating, count, scale]);
  const own = index === 0 ? BASE_SPIN_MS : FREE_SPIN_MS;
  return {
    index: Math.min(index, Math.max(0, count - 1)),
    stopMs: player.animating ? Math.round(scale * own * 0.75) : 0,
  };
}

/** The lines to draw for a spin's line wins (the whole payline, reel by reel). */
export function drawnLines(
  spin: SlotSpin | undefined,
  lines: readonly (readonly number[])[] | undefined,
): DrawnLine[] {
  if (!spin || !lines) return [];
  return spin.wins.flatMap((win) => {
    const rows = win.line === null ? undefined : lines[win.line];
    return rows ? [{ line: win.line!, points: rows.map((row, reel) => [reel, row] as const) }] : [];
  });
}

export function winningPositions(spin: SlotSpin | undefined): Set<string> {
  const lit = new Set<string>();
  if (!spin) return lit;
  for (const win of spin.wins) for (const [reel, row] of win.positions) lit.add(`${reel},${row}`);
  for (const [reel, row] of spin.scatter?.positions ?? []) lit.add(`${reel},${row}`);
  return lit;
}

export function SlotScreen({ config, props }: { readonly config: SlotConfig; readonly props: GameUiProps }) {
  const t = useGameT();
  const symbolName = (id: string) => t(`screen.symbols.${id}`);
  const player = useRoundPlayer(props, {
    baseMs: BASE_SPIN_MS,
    durationOf: (round) => slotDurationMs(Math.max(1, readSlotView(round).spins.length)),
    describe: (round) => {
      const view = readSlotView(round);
      const wins = view.spins.reduce((sum, spin) => sum + spin.wins.length + (spin.scatter ? 1 : 0), 0);
      const parts = [t('screen.slot_result', { wins })];
      if (view.freeSpinsAwarded > 0) parts.push(t('screen.free_played', { spins: view.freeSpinsAwarded }));
      const payout = payoutOf(round);
      parts.push(payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss'));
      return parts.join(' — ');
    },
  });
  const view = readSlotView(player.round);
  const { index, stopMs } = useSpinIndex(view, player);
  const spin = view.spins[index];
  const stakeMinor = player.round ? BigInt(player.round.stakeMinor) : props.stakeMinor;
  const grid = spin?.grid ?? config.strips.map((strip) => strip.slice(0, config.rows));
  const busy = props.busy || player.animating;
  const freeTotal = view.spins.length - 1;
  const inFree = spin?.free === true;
  const windowLabel = grid
    .map((column, reel) => t('screen.reel', { reel: reel + 1, symbols: column.map(symbolName).join(', ') }))
    .join('; ');
  const stage = (
    <div className={styles.stage}>
      <div
        className={styles.banner}
        data-free={inFree ? 'true' : undefined}
        aria-hidden={!inFree && freeTotal === 0}
      >
        {freeTotal > 0 && (inFree || !player.animating) ? (
          <>
            <span className={styles.counter}>
              {t('screen.free_spins', { played: inFree ? index : freeTotal, total: freeTotal })}
            </span>
            <span className={styles.freeWin}>
              {t('screen.free_total', { amount: props.money(freeWinUpTo(view, index, stakeMinor)) })}
            </span>
          </>
        ) : (
          <span className={styles.title}>{t(`${config.gameId}.title`)}</span>
        )}
      </div>
      <Reels
        grid={grid}
        reels={config.reels}
        rows={config.rows}
        strips={config.strips}
        spinning={player.animating}
        spinKey={`${player.round?.roundId ?? 'none'}-${index}`}
        stopMs={stopMs}
        highlight={winningPositions(spin)}
        lines={drawnLines(spin, config.lines)}
        symbolName={symbolName}
        label={windowLabel}
      />
      <ul className={styles.wins} aria-label={t('screen.wins')}>
        {!player.animating && spin
          ? [
              ...spin.wins.map((win) => (
                <li key={`${win.line ?? win.symbol}-${win.symbol}`}>
                  {win.line !== null ? (
                    <span
                      className={styles.swatch}
                      style={{ background: lineColour(win.line) }}
                      aria-hidden="true"
                    />
                  ) : null}
                  {win.ways !== null
                    ? t('screen.ways_win', {
                        symbol: symbolName(win.symbol),
                        reels: win.count,
                        ways: win.ways,
                        amount: props.money(share(stakeMinor, win.multiplier)),
                      })
                    : t('screen.line_win', {
                        line: (win.line ?? 0) + 1,
                        symbol: symbolName(win.symbol),
                        times: win.count,
                        amount: props.money(share(stakeMinor, win.multiplier)),
                      })}
                </li>
              )),
              spin.scatter ? (
                <li key="scatter">
                  {t('screen.scatter_win', {
                    symbol: symbolName(spin.scatter.symbol),
                    times: spin.scatter.count,
                    amount: props.money(share(stakeMinor, spin.scatter.multiplier)),
                  })}
                  {spin.scatter.freeSpins > 0
                    ? ` · ${t('screen.free_won', { spins: spin.scatter.freeSpins })}`
                    : ''}
                </li>
              ) : null,
            ]
          : null}
      </ul>
    </div>
  );
  const controls = (
    <>
      <PlayButton busy={busy} label={t('screen.spin')} onPlay={() => void player.play({})} />
      {player.animating && view.spins.length > 1 ? (
        <Button onClick={player.skip}>{t('screen.skip')}</Button>
      ) : null}
      <details className={styles.paytable}>
        <summary>{t('screen.paytable')}</summary>
        <table>
          <tbody>
            {config.paytable.map((row) => (
              <tr key={row.symbol}>
                <th scope="row">
                  <span className={styles.paySymbol}>
                    <SlotSymbol id={row.symbol} />
                  </span>
                  <span>{symbolName(row.symbol)}</span>
                </th>
                <td>
                  {row.pays.map((pay) => (
                    <span key={pay.count} className={styles.pay}>
                      {t(`screen.pay_${row.kind}`, {
                        times: pay.count,
                        amount: props.money((props.stakeMinor * pay.numerator) / pay.denominator),
                      })}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.note}>{t(`${config.gameId}.rules`)}</p>
      </details>
    </>
  );
  return (
    <GameScreen
      gameId={config.gameId}
      player={player}
      stage={stage}
      controls={controls}
      result={
        <RoundResult
          round={player.round}
          player={player}
          money={props.money}
          detail={resultDetail(t, view, stakeMinor, props.money)}
        />
      }
    />
  );
}

function share(stakeMinor: bigint, multiplier: string): bigint {
  const match = /^(\d+)(?:\/(\d+))?$/.exec(multiplier);
  if (!match) return 0n;
  return (stakeMinor * BigInt(match[1]!)) / BigInt(match[2] ?? '1');
}

function resultDetail(
  t: ReturnType<typeof useGameT>,
  view: SlotRoundView,
  stakeMinor: bigint,
  money: GameUiProps['money'],
): string | undefined {
  if (view.spins.length <= 1) return undefined;
  return t('screen.free_summary', {
    spins: view.spins.length - 1,
    amount: money(freeWinUpTo(view, view.spins.length - 1, stakeMinor)),
    base: money(winUpTo(view, 0, stakeMinor)),
  });
}
