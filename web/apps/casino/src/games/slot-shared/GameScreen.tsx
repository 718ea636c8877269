/**
 * The common frame of an in-house game screen: the stage (the game's drawing), the result line, the
 * controls and a polite live region that states each result in words (DESIGN.md "Casino").
 */
import { type TranslateFn, useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import type { CSSProperties, ReactNode } from 'react';
import type { GameUiProps, RoundView } from '../game-ui.ts';
import styles from './GameScreen.module.css';
import { payoutOf, type RoundPlayer } from './round-player.ts';

/** The texts of the in-house screens (dictionaries/<lng>/casino-games.json). */
export function useGameT(): TranslateFn {
  return useT('casino-games');
}

export interface GameScreenProps {
  /** The game id, also the dictionary's top-level key ('dice', 'slot-fruits', …). */
  readonly gameId: string;
  readonly player: RoundPlayer;
  readonly stage: ReactNode;
  readonly controls: ReactNode;
  /** Drawn under the stage once the round is shown (the result line by default). */
  readonly result?: ReactNode;
  /** 'side': controls beside the stage on desktop; 'stacked': under it in a row (a wide table). */
  readonly layout?: 'side' | 'stacked';
}

export function GameScreen({ gameId, player, stage, controls, result, layout = 'side' }: GameScreenProps) {
  const t = useGameT();
  const style = { '--round-ms': `${player.durationMs}ms` } as CSSProperties;
  return (
    <section
      className={styles.screen}
      aria-label={t(`${gameId}.title`)}
      data-game={gameId}
      data-layout={layout}
      data-animating={player.animating ? 'true' : 'false'}
      style={style}
    >
      <div className={styles.stage}>{stage}</div>
      <div className={styles.controls}>{controls}</div>
      <div className={styles.result}>{result}</div>
      <div className={styles.live} role="status" aria-live="polite" aria-atomic="true">
        {player.announcement}
      </div>
    </section>
  );
}

/** The win (or loss) of a finished round, once its animation is over. */
export function RoundResult({
  round,
  player,
  money,
  detail,
}: {
  readonly round: RoundView | null;
  readonly player: RoundPlayer;
  readonly money: GameUiProps['money'];
  readonly detail?: string;
}) {
  const t = useGameT();
  if (player.failed) return <p className={styles.failed}>{t('screen.failed')}</p>;
  if (round?.status !== 'finished' || player.animating) return <p className={styles.idle}>{detail ?? ''}</p>;
  const payout = payoutOf(round);
  return (
    <p className={payout > 0n ? styles.win : styles.loss} data-result={payout > 0n ? 'win' : 'loss'}>
      {payout > 0n ? t('screen.win', { amount: money(payout) }) : t('screen.loss')}
      {detail ? <span className={styles.detail}>{detail}</span> : null}
    </p>
  );
}

/** The screen's main button: plays, or tells that the round is on its way. */
export function PlayButton({
  busy,
  disabled = false,
  onPlay,
  label,
}: {
  readonly busy: boolean;
  /** Not playable yet (no picks, no chips), without the "playing" text. */
  readonly disabled?: boolean;
  readonly onPlay: () => void;
  readonly label?: string;
}) {
  const t = useGameT();
  return (
    <Button
      variant="primary"
      className={styles.play}
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={onPlay}
    >
      {busy ? t('screen.playing') : (label ?? t('screen.play'))}
    </Button>
  );
}

/** A labelled group of options drawn as a segmented switch (risk, direction, rows). */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
  name,
}: {
  readonly label: string;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
  readonly name: string;
}) {
  return (
    <fieldset className={styles.segmented} disabled={disabled}>
      <legend className={styles.label}>{label}</legend>
      <div className={styles.segments}>
        {options.map((option) => (
          <label key={String(option.value)} className={styles.segment}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
