/**
 * Dice: pick under or over and a target, roll 0.00–99.99. The stage is a track with the winning part
 * tinted and the roll's marker sliding to where it landed.
 */
import { type ChangeEvent, useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, Segmented, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { formatCenti, multiplierText, num, record, text } from '../slot-shared/view-json.ts';
import styles from './Dice.module.css';
import {
  clampTarget,
  type DiceBet,
  type DiceDirection,
  diceParams,
  multiplierOf,
  possibleWin,
  targetRange,
  winChanceCenti,
} from './dice-bet.ts';

/** What a dice view holds: `{ direction, target, roll, win, multiplier }`. */
export function readDiceView(round: RoundView | null) {
  const view = record(round?.view);
  return {
    direction: (text(view.direction) === 'over' ? 'over' : 'under') as DiceDirection,
    target: num(view.target, 5000),
    roll: typeof view.roll === 'number' ? view.roll : null,
    win: view.win === true,
    multiplier: multiplierText(view.multiplier),
  };
}

export default function DiceGame(props: GameUiProps) {
  const t = useGameT();
  const last = readDiceView(props.round);
  const [bet, setBet] = useState<DiceBet>({ direction: last.direction, target: last.target });
  const player = useRoundPlayer(props, {
    baseMs: 900,
    describe: (round) => {
      const shown = readDiceView(round);
      const rolled = t('dice.announce', { roll: formatCenti(props.lng, shown.roll ?? 0) });
      const payout = payoutOf(round);
      return `${rolled} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readDiceView(player.round);
  const busy = props.busy || player.animating;
  const range = targetRange(bet.direction);
  const multiplier = multiplierOf(bet);
  const setDirection = (direction: DiceDirection) =>
    setBet((current) => ({ direction, target: clampTarget(direction, 9999 - current.target) }));
  const setTarget = (event: ChangeEvent<HTMLInputElement>) => {
    const value = Math.round(Number(event.target.value.replace(',', '.')) * 100);
    if (Number.isFinite(value))
      setBet((current) => ({ ...current, target: clampTarget(current.direction, value) }));
  };
  const stage = (
    <DiceTrack
      direction={player.round ? shown.direction : bet.direction}
      target={player.round ? shown.target : bet.target}
      roll={shown.roll}
      win={shown.win}
      rolling={player.animating}
      lng={props.lng}
      label={t('dice.track')}
    />
  );
  const controls = (
    <>
      <Segmented
        name="dice-direction"
        label={t('dice.direction')}
        value={bet.direction}
        onChange={setDirection}
        disabled={busy}
        options={[
          { value: 'under', label: t('dice.under') },
          { value: 'over', label: t('dice.over') },
        ]}
      />
      <label className={styles.field}>
        <span>{t('dice.target')}</span>
        <input
          type="range"
          min={range.min / 100}
          max={range.max / 100}
          step={0.01}
          value={bet.target / 100}
          onChange={setTarget}
          disabled={busy}
          aria-valuetext={formatCenti(props.lng, bet.target)}
        />
      </label>
      <label className={styles.field}>
        <span>{t('dice.target_exact')}</span>
        <input
          className={styles.number}
          type="number"
          inputMode="decimal"
          min={range.min / 100}
          max={range.max / 100}
          step={0.01}
          value={(bet.target / 100).toFixed(2)}
          onChange={setTarget}
          disabled={busy}
        />
      </label>
      <dl className={styles.figures}>
        <div>
          <dt>{t('screen.multiplier')}</dt>
          <dd>
            {t('screen.times', {
              value: formatCenti(props.lng, (multiplier.numerator * 100n) / multiplier.denominator),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('dice.chance')}</dt>
          <dd>{t('screen.percent', { value: formatCenti(props.lng, winChanceCenti(bet)) })}</dd>
        </div>
        <div>
          <dt>{t('screen.possible_win')}</dt>
          <dd>{props.money(possibleWin(bet, props.stakeMinor))}</dd>
        </div>
      </dl>
      <PlayButton busy={busy} onPlay={() => void player.play(diceParams(bet))} label={t('dice.roll')} />
    </>
  );
  return (
    <GameScreen
      gameId="dice"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={player.round} player={player} money={props.money} />}
    />
  );
}

/** The 0–100 track: winning zone, target line and the roll's marker. */
export function DiceTrack({
  direction,
  target,
  roll,
  win,
  rolling,
  lng,
  label,
}: {
  readonly direction: DiceDirection;
  readonly target: number;
  readonly roll: number | null;
  readonly win: boolean;
  readonly rolling: boolean;
  readonly lng: string;
  readonly label: string;
}) {
  const targetPercent = target / 100;
  const winning =
    direction === 'under'
      ? { left: '0%', width: `${targetPercent}%` }
      : { left: `${targetPercent}%`, width: `${100 - targetPercent}%` };
  return (
    <figure className={styles.board} aria-label={label}>
      <div className={styles.readout} data-win={roll === null || rolling ? undefined : String(win)}>
        {roll === null ? (
          '—'
        ) : rolling ? (
          <span className={styles.tumble}>{formatCenti(lng, roll)}</span>
        ) : (
          formatCenti(lng, roll)
        )}
      </div>
      <div className={styles.track}>
        <span className={styles.lose} />
        <span className={styles.winZone} style={winning} />
        <span className={styles.target} style={{ left: `${targetPercent}%` }} />
        {roll !== null ? (
          <span
            className={styles.marker}
            data-win={rolling ? undefined : String(win)}
            style={{ left: `${roll / 100}%` }}
            aria-hidden="true"
          >
            <DiceFace />
          </span>
        ) : null}
      </div>
      <div className={styles.scale} aria-hidden="true">
        {[0, 25, 50, 75, 100].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </figure>
  );
}

function DiceFace() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="7" className={styles.faceBody} />
      {[
        [10, 10],
        [22, 10],
        [16, 16],
        [10, 22],
        [22, 22],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.6" className={styles.pip} />
      ))}
    </svg>
  );
}
