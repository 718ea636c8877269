/**
 * Limbo: name a target multiplier; the round draws a result and pays the target when the result
 * reaches it. The stage counts the result up from 1.00× and colours it once it stops.
 */
import { useState } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import { useCountUp } from '../slot-shared/count-up.ts';
import { GameScreen, PlayButton, RoundResult, useGameT } from '../slot-shared/GameScreen.tsx';
import { payoutOf, useRoundPlayer } from '../slot-shared/round-player.ts';
import { formatCenti, num, record } from '../slot-shared/view-json.ts';
import styles from './Limbo.module.css';
import {
  clampTargetCenti,
  limboChanceCenti,
  limboParams,
  limboPossibleWin,
  parseTargetCenti,
  QUICK_TARGETS,
} from './limbo-bet.ts';

/** What a limbo view holds: `{ targetCenti, resultCenti, win }`. */
export function readLimboView(round: RoundView | null) {
  const view = record(round?.view);
  return {
    targetCenti: num(view.targetCenti, 200),
    resultCenti: typeof view.resultCenti === 'number' ? view.resultCenti : null,
    win: view.win === true,
  };
}

export default function LimboGame(props: GameUiProps) {
  const t = useGameT();
  const last = readLimboView(props.round);
  const [targetCenti, setTargetCenti] = useState(last.targetCenti);
  const [typed, setTyped] = useState((last.targetCenti / 100).toFixed(2));
  const player = useRoundPlayer(props, {
    baseMs: 1_000,
    describe: (round) => {
      const shown = readLimboView(round);
      const words = t('limbo.announce', {
        result: formatCenti(props.lng, shown.resultCenti ?? 100),
        target: formatCenti(props.lng, shown.targetCenti),
      });
      const payout = payoutOf(round);
      return `${words} — ${payout > 0n ? t('screen.win', { amount: props.money(payout) }) : t('screen.loss')}`;
    },
  });
  const shown = readLimboView(player.round);
  const busy = props.busy || player.animating;
  const climbing = useCountUp(100, shown.resultCenti ?? 100, player.durationMs, player.animating);
  const choose = (centi: number) => {
    const clamped = clampTargetCenti(centi);
    setTargetCenti(clamped);
    setTyped((clamped / 100).toFixed(2));
  };
  const stage = (
    <div className={styles.stage}>
      <div
        className={styles.result}
        data-win={shown.resultCenti === null || player.animating ? undefined : String(shown.win)}
      >
        {shown.resultCenti === null
          ? t('screen.times', { value: formatCenti(props.lng, 100) })
          : t('screen.times', {
              value: formatCenti(props.lng, Math.floor(player.animating ? climbing : shown.resultCenti)),
            })}
      </div>
      <svg className={styles.rocket} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path d="M32 4c10 8 14 20 12 34H20C18 24 22 12 32 4z" className={styles.hull} />
        <circle cx="32" cy="24" r="6" className={styles.window} />
        <path d="M20 38l-8 10 10-2zM44 38l8 10-10-2z" className={styles.fin} />
        <path d="M26 40h12l-6 18z" className={styles.flame} />
      </svg>
      <p className={styles.target}>
        {t('limbo.target')}: {t('screen.times', { value: formatCenti(props.lng, shown.targetCenti) })}
      </p>
    </div>
  );
  const controls = (
    <>
      <label className={styles.field}>
        <span>{t('limbo.target')}</span>
        <input
          type="text"
          inputMode="decimal"
          value={typed}
          disabled={busy}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => choose(parseTargetCenti(typed, targetCenti))}
        />
      </label>
      <div className={styles.quick}>
        {QUICK_TARGETS.map((centi) => (
          <button
            key={centi}
            type="button"
            className={styles.chip}
            aria-pressed={centi === targetCenti}
            disabled={busy}
            onClick={() => choose(centi)}
          >
            {t('screen.times', { value: formatCenti(props.lng, centi).replace(/[.,]00$/, '') })}
          </button>
        ))}
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t('limbo.chance')}</dt>
          <dd>{t('screen.percent', { value: formatCenti(props.lng, limboChanceCenti(targetCenti)) })}</dd>
        </div>
        <div>
          <dt>{t('screen.possible_win')}</dt>
          <dd>{props.money(limboPossibleWin(targetCenti, props.stakeMinor))}</dd>
        </div>
      </dl>
      <PlayButton
        busy={busy}
        label={t('limbo.play')}
        onPlay={() => {
          const target = parseTargetCenti(typed, targetCenti);
          choose(target);
          void player.play(limboParams(target));
        }}
      />
    </>
  );
  return (
    <GameScreen
      gameId="limbo"
      player={player}
      stage={stage}
      controls={controls}
      result={<RoundResult round={player.round} player={player} money={props.money} />}
    />
  );
}
