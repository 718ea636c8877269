/**
 * Plinko: 8–16 rows, three risk levels; the ball falls along the path the round drew (one left or
 * right per row) into its multiplier slot.
 */
import type { PlinkoRisk } from '@parlay/domain/casino/plinko/definition.ts';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { GameScreen, PlayButton, RoundResult, Segmented, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { formatCenti, multiplierText, num, numbers, record, text } from '../slot-shared/view-json.ts';
import {
  ballPoints,
  HEIGHT,
  pathOf,
  pegs,
  RISKS,
  ROWS,
  slotCentre,
  slotHeat,
  slotMultipliers,
  spacing,
  WIDTH,
} from './board.ts';
import styles from './Plinko.module.css';

/** What a plinko view holds: `{ rows, risk, path, slot, multiplier }`. */
export function readPlinkoView(round: RoundView | null) {
  const view = record(round?.view);
  const risk = text(view.risk, 'medium');
  return {
    rows: num(view.rows, 12),
    risk: (RISKS.includes(risk as PlinkoRisk) ? risk : 'medium') as PlinkoRisk,
    path: numbers(view.path),
    slot: typeof view.slot === 'number' ? view.slot : null,
    multiplier: multiplierText(view.multiplier),
  };
}

export default function PlinkoGame(props: GameUiProps) {
  const t = useGameT();
  const last = readPlinkoView(props.round);
  const [rows, setRows] = useState(last.rows);
  const [risk, setRisk] = useState<PlinkoRisk>(last.risk);
  const player = useRoundPlayer(props, {
    baseMs: 1_800,
    describe: (round) => {
      const shown = readPlinkoView(round);
      const words = t('plinko.announce', { slot: (shown.slot ?? 0) + 1, value: shown.multiplier });
      const payout = payoutOf(round);
      return `${words} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readPlinkoView(player.round);
  const busy = props.busy || player.animating;
  // The board shows the last drop while its settings are chosen; a new setting redraws it empty.
  const sameBoard = player.round !== null && shown.rows === rows && shown.risk === risk;
  const stage = (
    <PlinkoBoard
      rows={rows}
      risk={risk}
      path={sameBoard ? shown.path : null}
      slot={sameBoard ? shown.slot : null}
      roundId={sameBoard ? (player.round?.roundId ?? '') : ''}
      dropping={player.animating}
      durationMs={player.durationMs}
      lng={props.lng}
      label={t('plinko.board', { rows })}
      slotsLabel={t('plinko.slots')}
      times={(value) => t('screen.times', { value })}
    />
  );
  const controls = (
    <>
      <Segmented
        name="plinko-risk"
        label={t('plinko.risk')}
        value={risk}
        onChange={setRisk}
        disabled={busy}
        options={RISKS.map((value) => ({ value, label: t(`plinko.${value}`) }))}
      />
      <label className={styles.rows}>
        <span>
          {t('plinko.rows')}: <b>{rows}</b>
        </span>
        <input
          type="range"
          min={ROWS[0]}
          max={ROWS.at(-1)}
          step={1}
          value={rows}
          disabled={busy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setRows(Number(event.target.value))}
        />
      </label>
      <PlayButton busy={busy} label={t('plinko.drop')} onPlay={() => void player.play({ rows, risk })} />
    </>
  );
  return (
    <GameScreen
      gameId="plinko"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={sameBoard ? player.round : null} player={player} money={props.money} />}
    />
  );
}

export function PlinkoBoard({
  rows,
  risk,
  path,
  slot,
  roundId,
  dropping,
  durationMs,
  lng,
  label,
  slotsLabel,
  times,
}: {
  readonly rows: number;
  readonly risk: PlinkoRisk;
  readonly path: readonly number[] | null;
  readonly slot: number | null;
  readonly roundId: string;
  readonly dropping: boolean;
  readonly durationMs: number;
  readonly lng: string;
  readonly label: string;
  readonly slotsLabel: string;
  readonly times: (value: string) => string;
}) {
  const multipliers = slotMultipliers(rows, risk);
  const gap = spacing(rows);
  const points = path && path.length === rows ? ballPoints(rows, path) : null;
  const end = points?.at(-1);
  const landed = !dropping && slot !== null;
  return (
    <figure className={styles.figure}>
      <svg className={styles.board} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {pegs(rows).map((peg) => (
          <circle
            key={`${peg.x}-${peg.y}`}
            cx={peg.x}
            cy={peg.y}
            r={Math.max(2.2, gap / 9)}
            className={styles.peg}
          />
        ))}
        {points ? (
          <path d={pathOf(points)} className={styles.trail} data-shown={landed ? 'true' : 'false'} />
        ) : null}
        {multipliers.map((centi, index) => {
          const centre = slotCentre(rows, index);
          return (
            <g
              key={`${rows}-${index}`}
              data-heat={slotHeat(rows, index)}
              data-hit={landed && index === slot ? 'true' : undefined}
              className={styles.slot}
            >
              <rect x={centre.x - gap / 2 + 1.5} y={centre.y - 13} width={gap - 3} height={26} rx={4} />
              <text x={centre.x} y={centre.y + 4} fontSize={Math.min(12, gap / 2.7)}>
                {shortMultiplier(lng, centi)}
              </text>
            </g>
          );
        })}
        {points && end ? (
          <circle
            key={roundId}
            r={Math.max(4, gap / 5)}
            className={styles.ball}
            cx={dropping ? undefined : end.x}
            cy={dropping ? undefined : end.y}
          >
            {dropping && durationMs > 0 ? <BallMotion durationMs={durationMs} path={pathOf(points)} /> : null}
          </circle>
        ) : null}
      </svg>
      <figcaption className={styles.caption}>
        <span className={styles.hidden}>{slotsLabel}: </span>
        {landed && slot !== null ? times(formatCenti(lng, multipliers[slot] ?? 0)) : ''}
      </figcaption>
    </figure>
  );
}

/** SMIL motion started when it mounts (an animation added after the page loaded would start in the past). */
function BallMotion({ durationMs, path }: { readonly durationMs: number; readonly path: string }) {
  const motion = useRef<SVGAnimateMotionElement>(null);
  useEffect(() => {
    motion.current?.beginElement();
  }, []);
  return <animateMotion ref={motion} begin="indefinite" dur={`${durationMs}ms`} fill="freeze" path={path} />;
}

/** 9.4, 0.52, 19: a slot's multiplier as short as it can be written. */
function shortMultiplier(lng: string, centi: number): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(centi / 100);
}
