/**
 * Scratch card: buy a 3×3 card, scratch the foil with the pointer (or reveal cell by cell, or all at
 * once, with the keyboard); three alike win. The round is settled when bought; scratching only
 * uncovers it, and the result is stated once every cell shows.
 */
import { SCRATCH } from '@parlay/domain/casino/scratch/definition.ts';
import { Button } from '@parlay/ui/index.ts';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import type { GameUiProps } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { SlotSymbol } from '../slot-shared/symbols.tsx';
import styles from './Scratch.module.css';
import { CELLS, readScratchView } from './scratch-view.ts';

/** How much of a cell the pointer must clear before the cell counts as revealed. */
const CLEARED = 0.4;
const BRUSH = 18;

export default function ScratchGame(props: GameUiProps) {
  const t = useGameT();
  const player = useRoundPlayer(props, { baseMs: 0, describe: () => '' });
  const round = player.round;
  const card = readScratchView(round);
  // A card bought here starts covered; a card handed in by the frame (history, reload) shows.
  const [covered, setCovered] = useState<{ roundId: string; shown: ReadonlySet<number> } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = covered && round && covered.roundId === round.roundId ? covered.shown : null;
  const allShown = shown === null || shown.size >= CELLS;
  const busy = props.busy || player.animating;

  const reveal = (cells: readonly number[]) => {
    if (!covered || !round) return;
    const next = new Set(covered.shown);
    for (const cell of cells) next.add(cell);
    setCovered({ roundId: covered.roundId, shown: next });
  };
  // Only a card bought on this screen starts covered.
  const buying = useRef<{ before: string | null } | null>(null);
  const buy = async () => {
    setAnnouncement('');
    buying.current = { before: round?.roundId ?? null };
    await player.play({});
  };
  useEffect(() => {
    if (!round || !buying.current || buying.current.before === round.roundId) return;
    buying.current = null;
    setCovered({ roundId: round.roundId, shown: new Set() });
  }, [round]);
  useEffect(() => {
    if (!round || !covered || covered.roundId !== round.roundId || covered.shown.size < CELLS) return;
    const payout = payoutOf(round);
    setAnnouncement(payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss'));
  }, [covered, round, props, t]);

  const stage = (
    <div className={styles.card}>
      <p className={styles.heading}>{t('scratch.heading')}</p>
      <ScratchField
        cells={card.cells}
        winning={allShown ? card.winning : []}
        shown={allShown ? null : shown}
        onReveal={reveal}
        cellLabel={(index, symbol, open) =>
          open
            ? t('scratch.cell_open', {
                row: Math.floor(index / 3) + 1,
                column: (index % 3) + 1,
                symbol: symbolName(t, symbol),
              })
            : t('scratch.cell_covered', { row: Math.floor(index / 3) + 1, column: (index % 3) + 1 })
        }
        label={t('scratch.card')}
      />
    </div>
  );
  const controls = (
    <>
      <p className={styles.rules}>{t('scratch.rules')}</p>
      <table className={styles.prizes}>
        <caption>{t('scratch.prizes')}</caption>
        <tbody>
          {SCRATCH.tiers.map((tier) => (
            <tr
              key={tier.symbol}
              data-won={card.prizeSymbol === tier.symbol && allShown ? 'true' : undefined}
            >
              <th scope="row">
                <span className={styles.prizeSymbol}>
                  <SlotSymbol id={tier.symbol} />
                </span>
                {t('scratch.prize', { symbol: symbolName(t, tier.symbol) })}
              </th>
              <td>{props.money(props.stakeMinor * BigInt(tier.multiplier))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown !== null && !allShown ? (
        <Button
          variant="primary"
          className={styles.revealAll}
          onClick={() => reveal(Array.from({ length: CELLS }, (_, i) => i))}
        >
          {t('scratch.reveal_all')}
        </Button>
      ) : (
        <PlayButton busy={busy} label={t('scratch.buy')} onPlay={() => void buy()} />
      )}
    </>
  );
  return (
    <GameScreen
      gameId="scratch"
      player={{ ...player, announcement }}
      stage={stage}
      controls={controls}
      result={
        allShown ? (
          <RoundResult round={round} player={player} money={props.money} />
        ) : (
          <p>{t('scratch.scratch_hint')}</p>
        )
      }
    />
  );
}

function symbolName(t: ReturnType<typeof useGameT>, symbol: string): string {
  return t(`screen.symbols.${symbol}`);
}

/** The nine cells under a foil canvas that the pointer scratches away. */
export function ScratchField({
  cells,
  winning,
  shown,
  onReveal,
  cellLabel,
  label,
}: {
  readonly cells: readonly string[];
  readonly winning: readonly number[];
  /** Revealed cells, or null when the whole card shows. */
  readonly shown: ReadonlySet<number> | null;
  readonly onReveal: (cells: number[]) => void;
  readonly cellLabel: (index: number, symbol: string, open: boolean) => string;
  readonly label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const covering = shown !== null;
  // Symbols go under the foil only once it is painted, so a covered card never flashes its cells.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const element = canvas.current;
    setPainted(false);
    if (!element || !covering) return;
    const context = element.getContext('2d');
    if (!context) return;
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width));
    element.height = Math.max(1, Math.round(height));
    const foil = context.createLinearGradient(0, 0, element.width, element.height);
    foil.addColorStop(0, '#b8c2cc');
    foil.addColorStop(0.5, '#e3e8ee');
    foil.addColorStop(1, '#9aa6b2');
    context.globalCompositeOperation = 'source-over';
    context.fillStyle = foil;
    context.fillRect(0, 0, element.width, element.height);
    context.fillStyle = 'rgb(255 255 255 / 0.35)';
    for (let x = -element.height; x < element.width; x += 14) {
      context.beginPath();
      context.moveTo(x, element.height);
      context.lineTo(x + element.height, 0);
      context.lineTo(x + element.height + 5, 0);
      context.lineTo(x + 5, element.height);
      context.fill();
    }
    setPainted(true);
  }, [covering, cells.join(',')]);
  useEffect(() => {
    // Revealed cells are cleared on the foil too (keyboard and "reveal all").
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !shown) return;
    context.globalCompositeOperation = 'destination-out';
    context.fillStyle = '#000';
    for (const index of shown) {
      const w = element.width / 3;
      const h = element.height / 3;
      context.fillRect((index % 3) * w, Math.floor(index / 3) * h, w, h);
    }
  }, [shown]);
  const scratch = (event: PointerEvent<HTMLCanvasElement>) => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !drawing.current || !shown) return;
    const box = element.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * element.width;
    const y = ((event.clientY - box.top) / box.height) * element.height;
    context.globalCompositeOperation = 'destination-out';
    context.fillStyle = '#000';
    context.beginPath();
    context.arc(x, y, BRUSH, 0, Math.PI * 2);
    context.fill();
    const index =
      Math.min(2, Math.floor((y / element.height) * 3)) * 3 +
      Math.min(2, Math.floor((x / element.width) * 3));
    if (shown.has(index)) return;
    const w = Math.floor(element.width / 3);
    const h = Math.floor(element.height / 3);
    const pixels = context.getImageData((index % 3) * w, Math.floor(index / 3) * h, w, h).data;
    let clear = 0;
    for (let i = 3; i < pixels.length; i += 16) if (pixels[i] === 0) clear += 1;
    if (clear / (pixels.length / 16) >= CLEARED) onReveal([index]);
  };
  const won = new Set(winning);
  return (
    <div className={styles.field}>
      <fieldset className={styles.grid} aria-label={label}>
        {Array.from({ length: CELLS }, (_, index) => {
          const symbol = cells[index] ?? '';
          const open = shown === null || shown.has(index);
          return (
            <button
              key={index}
              type="button"
              className={styles.cell}
              data-open={open ? 'true' : 'false'}
              data-won={open && won.has(index) ? 'true' : undefined}
              aria-label={cellLabel(index, symbol, open)}
              disabled={open}
              onClick={() => onReveal([index])}
            >
              {symbol && (open || painted) ? <SlotSymbol id={symbol} /> : null}
            </button>
          );
        })}
      </fieldset>
      {covering ? (
        <canvas
          ref={canvas}
          className={styles.foil}
          onPointerDown={(event) => {
            drawing.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            scratch(event);
          }}
          onPointerMove={scratch}
          onPointerUp={() => {
            drawing.current = false;
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
        />
      ) : null}
    </div>
  );
}
