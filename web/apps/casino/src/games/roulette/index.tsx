/**
 * European roulette: chips on a clickable table (every inside and outside bet), the frame's stake
 * shared between them by chip weight, a wheel that turns the winning pocket under the pointer.
 */

import { Button } from '@parlay/ui/index.ts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, Segmented, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { list, numbers, record, text } from '../slot-shared/view-json.ts';
import styles from './Roulette.module.css';
import {
  addChip,
  type Chips,
  insidePoints,
  type LatticePoint,
  movePoint,
  type Orientation,
  OUTSIDE,
  pocketColour,
  pointCentre,
  removeChip,
  rouletteParams,
  type Spot,
  shareStake,
  spotAt,
  spotKey,
} from './table-model.ts';
import { Wheel } from './Wheel.tsx';

export const CHIP_WEIGHTS = [1, 2, 5, 10] as const;

/** What a roulette view holds: `{ pocket, bets: [{ kind, numbers, amountMinor, payoutMinor }] }`. */
export function readRouletteView(round: RoundView | null) {
  const view = record(round?.view);
  return {
    pocket: typeof view.pocket === 'number' ? view.pocket : null,
    bets: list(view.bets).map((bet) => {
      const fields = record(bet);
      return {
        kind: text(fields.kind),
        numbers: numbers(fields.numbers),
        amountMinor: text(fields.amountMinor, '0'),
        payoutMinor: text(fields.payoutMinor, '0'),
      };
    }),
  };
}

/** Phones get the table turned upright (zero on top). */
function useOrientation(): Orientation {
  const [orientation, setOrientation] = useState<Orientation>('horizontal');
  useEffect(() => {
    if (typeof window === 'undefined' || !window.matchMedia) return;
    const query = window.matchMedia('(max-width: 699.98px)');
    const apply = () => setOrientation(query.matches ? 'vertical' : 'horizontal');
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
  return orientation;
}

export default function RouletteGame(props: GameUiProps) {
  const t = useGameT();
  const [chips, setChips] = useState<Chips>(() => chipsOfRound(props.round));
  const [history, setHistory] = useState<Chips[]>([]);
  const [weight, setWeight] = useState<number>(1);
  const [pockets, setPockets] = useState<number[]>([]);
  const orientation = useOrientation();
  const player = useRoundPlayer(props, {
    baseMs: 1_800,
    describe: (round) => {
      const { pocket } = readRouletteView(round);
      const at = pocket ?? 0;
      const words = t('roulette.announce', { pocket: at, colour: t(`roulette.colour_${pocketColour(at)}`) });
      const payout = payoutOf(round);
      return `${words} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readRouletteView(player.round);
  const busy = props.busy || player.animating;
  const shares = shareStake(chips, props.stakeMinor);
  const params = rouletteParams(chips, props.stakeMinor);
  const place = (spot: Spot) => {
    setHistory((past) => [...past, chips]);
    setChips((current) => addChip(current, spot, weight));
  };
  const take = (spot: Spot) => {
    setHistory((past) => [...past, chips]);
    setChips((current) => removeChip(current, spot, weight));
  };
  const undo = () => {
    const previous = history.at(-1);
    if (!previous) return;
    setHistory(history.slice(0, -1));
    setChips(previous);
  };
  const spin = async () => {
    if (!params) return;
    await player.play(params);
  };
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const { pocket } = shown;
    if (player.animating || pocket === null || !player.round || seen.current === player.round.roundId) return;
    seen.current = player.round.roundId;
    setPockets((past) => [pocket, ...past].slice(0, 12));
  }, [player.animating, player.round, shown.pocket]);
  const winning = player.animating ? null : shown.pocket;
  const labelOf = (spot: Spot) => betLabel(t, spot);
  const stage = (
    <div className={styles.stage}>
      <Wheel pocket={shown.pocket} spinning={player.animating} label={t('roulette.wheel')} />
      <div className={styles.tableArea}>
        <RouletteTable
          chips={chips}
          shares={shares}
          orientation={orientation}
          winning={winning}
          disabled={busy}
          onPlace={place}
          onTake={take}
          labelOf={labelOf}
          money={props.money}
        />
        <p className={styles.help} id="roulette-keys">
          {t('roulette.keyboard_help')}
        </p>
      </div>
      <ol className={styles.history} aria-label={t('roulette.last')}>
        {pockets.map((pocket, index) => (
          <li key={`${pocket}-${index}`} data-colour={pocketColour(pocket)}>
            {pocket}
          </li>
        ))}
      </ol>
    </div>
  );
  const controls = (
    <>
      <Segmented
        name="roulette-chip"
        label={t('roulette.chip')}
        value={weight}
        onChange={setWeight}
        disabled={busy}
        options={CHIP_WEIGHTS.map((value) => ({ value, label: t('roulette.chip_value', { value }) }))}
      />
      <p className={styles.split}>
        {chips.size === 0
          ? t('roulette.no_bets')
          : t('roulette.stake_split', { amount: props.money(props.stakeMinor) })}
      </p>
      <div className={styles.actions}>
        <Button onClick={undo} disabled={busy || history.length === 0}>
          {t('roulette.undo')}
        </Button>
        <Button
          onClick={() => {
            setHistory((past) => [...past, chips]);
            setChips(new Map());
          }}
          disabled={busy || chips.size === 0}
        >
          {t('roulette.clear')}
        </Button>
      </div>
      <PlayButton busy={busy} disabled={!params} onPlay={() => void spin()} label={t('roulette.spin')} />
    </>
  );
  return (
    <GameScreen
      gameId="roulette"
      layout="stacked"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={player.round} player={player} money={props.money} />}
    />
  );
}

/** The bets of the last round back on the table (chips weighted by their amounts). */
function chipsOfRound(round: RoundView | null): Chips {
  const chips = new Map<string, number>();
  const bets = readRouletteView(round).bets;
  const smallest = bets.reduce((low, bet) => {
    const amount = BigInt(bet.amountMinor);
    return amount > 0n && (low === 0n || amount < low) ? amount : low;
  }, 0n);
  for (const bet of bets) {
    const amount = BigInt(bet.amountMinor);
    if (amount <= 0n || smallest === 0n) continue;
    const spot = { kind: bet.kind, numbers: bet.numbers } as Spot;
    chips.set(spotKey(spot), Number(amount / smallest) || 1);
  }
  return chips;
}

type Translate = ReturnType<typeof useGameT>;

/** "Split 0, 3", "Red", "Dozen 13–24". */
export function betLabel(t: Translate, spot: Spot): string {
  const many = spot.numbers.length > 6;
  const first = spot.numbers[0];
  const last = spot.numbers.at(-1);
  const shown = many ? `${first}–${last}` : spot.numbers.join(', ');
  if (spot.kind === 'column')
    return t('roulette.bet.column', { numbers: `${first}, ${spot.numbers[1]}, … ${last}` });
  return t(`roulette.bet.${spot.kind}`, { numbers: shown });
}

const POINTS = insidePoints();
const START: LatticePoint = { x: 0, y: 4 };

function RouletteTable({
  chips,
  shares,
  orientation,
  winning,
  disabled,
  onPlace,
  onTake,
  labelOf,
  money,
}: {
  readonly chips: Chips;
  readonly shares: Map<string, bigint> | null;
  readonly orientation: Orientation;
  readonly winning: number | null;
  readonly disabled: boolean;
  readonly onPlace: (spot: Spot) => void;
  readonly onTake: (spot: Spot) => void;
  readonly labelOf: (spot: Spot) => string;
  readonly money: GameUiProps['money'];
}) {
  const t = useGameT();
  const [focus, setFocus] = useState<LatticePoint>(START);
  const board = useRef<HTMLDivElement>(null);
  const keyed = useRef(false);
  useEffect(() => {
    if (!keyed.current) return;
    keyed.current = false;
    board.current?.querySelector<HTMLElement>(`[data-point="${focus.x},${focus.y}"]`)?.focus();
  }, [focus]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      const spot = spotAt(focus);
      if (spot && !disabled) onTake(spot);
      event.preventDefault();
      return;
    }
    const next = movePoint(focus, event.key, event.shiftKey, orientation);
    if (next === focus) return;
    event.preventDefault();
    keyed.current = true;
    setFocus(next);
  };
  const described = (spot: Spot) => {
    const key = spotKey(spot);
    const count = chips.get(key);
    const label = labelOf(spot);
    const base = count ? t('roulette.chips_on', { label, count }) : label;
    const share = shares?.get(key);
    return share ? `${base}, ${t('roulette.spot_amount', { amount: money(share) })}` : base;
  };
  const chipOf = (spot: Spot) => {
    const count = chips.get(spotKey(spot));
    return count ? (
      <span className={styles.chip} aria-hidden="true">
        {count}
      </span>
    ) : null;
  };
  return (
    <div className={styles.tableWrap}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset does not lay out the absolutely placed board */}
      <div
        ref={board}
        className={styles.board}
        data-orientation={orientation}
        role="group"
        aria-label={t('roulette.table')}
        aria-describedby="roulette-keys"
        onKeyDown={onKeyDown}
      >
        {POINTS.map((point) => {
          const spot = spotAt(point)!;
          const centre = pointCentre(point, orientation);
          const straight = spot.kind === 'straight';
          const pocket = spot.numbers[0]!;
          const focused = focus.x === point.x && focus.y === point.y;
          return (
            <button
              key={`${point.x},${point.y}`}
              type="button"
              data-point={`${point.x},${point.y}`}
              className={straight ? styles.cell : styles.hotspot}
              data-colour={straight ? pocketColour(pocket) : undefined}
              data-zero={straight && pocket === 0 ? 'true' : undefined}
              data-winning={straight && winning === pocket ? 'true' : undefined}
              style={{ left: `${centre.left * 100}%`, top: `${centre.top * 100}%` }}
              tabIndex={focused ? 0 : -1}
              disabled={disabled}
              aria-label={described(spot)}
              onFocus={() => setFocus(point)}
              onClick={() => onPlace(spot)}
              onContextMenu={(event) => {
                event.preventDefault();
                onTake(spot);
              }}
            >
              {straight ? <span className={styles.number}>{pocket}</span> : null}
              {chipOf(spot)}
            </button>
          );
        })}
        {(['column_3', 'column_2', 'column_1'] as const).map((name, row) => {
          const spot = OUTSIDE[name]!;
          const centre =
            orientation === 'horizontal'
              ? { left: 13.5 / 14, top: (row + 0.5) / 3 }
              : { left: (2.5 - row) / 3, top: 13.5 / 14 };
          return (
            <button
              key={name}
              type="button"
              className={styles.columnCell}
              style={{ left: `${centre.left * 100}%`, top: `${centre.top * 100}%` }}
              disabled={disabled}
              aria-label={described(spot)}
              onClick={() => onPlace(spot)}
              onContextMenu={(event) => {
                event.preventDefault();
                onTake(spot);
              }}
            >
              <span className={styles.number}>{t('roulette.column')}</span>
              {chipOf(spot)}
            </button>
          );
        })}
      </div>
      <div className={styles.outside} data-orientation={orientation}>
        {(['dozen_1', 'dozen_2', 'dozen_3', 'low', 'even', 'red', 'black', 'odd', 'high'] as const).map(
          (name) => {
            const spot = OUTSIDE[name]!;
            return (
              <button
                key={name}
                type="button"
                className={styles.outsideBet}
                data-bet={name}
                disabled={disabled}
                aria-label={described(spot)}
                onClick={() => onPlace(spot)}
                onContextMenu={(event) => {
                  event.preventDefault();
                  onTake(spot);
                }}
              >
                {name === 'red' || name === 'black' ? (
                  <span className={styles.diamond} data-colour={name} aria-hidden="true" />
                ) : null}
                <span>{t(`roulette.${name}`)}</span>
                {chipOf(spot)}
              </button>
            );
          },
        )}
      </div>
    </div>
  );
}
