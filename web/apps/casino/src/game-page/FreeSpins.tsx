/**
 * The game page's free spins note (issue 20): "N free spins at <stake>" with a button that plays
 * one, and the last free spin's win, shown as bonus money. Rendered only while the player has spins
 * on this game; the win note stays after the last one.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useId } from 'react';
import type { FreeSpinOffer } from './free-spins.ts';
import styles from './GamePage.module.css';

export function FreeSpins({
  offer,
  lastWin,
  disabled,
  money,
  onPlay,
}: {
  /** The spins to play next (the soonest to expire), or null when none are left. */
  offer: FreeSpinOffer | null;
  /** The last free spin's win and its currency, or null before one was played here. */
  lastWin: { minor: string; currency: string } | null;
  disabled: boolean;
  money: (minor: string | bigint, currency: string) => string;
  onPlay: (offer: FreeSpinOffer) => void;
}) {
  const t = useT('casino');
  const noteId = useId();
  if (!offer && !lastWin) return null;
  return (
    <section className={styles.freeSpins} aria-label={t('free_spins.label')} data-testid="casino-free-spins">
      {offer ? (
        <>
          <p id={noteId} className={styles.freeSpinsNote} data-testid="casino-free-spins-note">
            {t('free_spins.offer', {
              count: offer.spinsLeft,
              stake: money(offer.stakeMinor, offer.currency),
            })}
          </p>
          <Button
            size="sm"
            disabled={disabled}
            aria-describedby={noteId}
            data-testid="casino-free-spin-play"
            onClick={() => onPlay(offer)}
          >
            {t('free_spins.play')}
          </Button>
        </>
      ) : null}
      <p className={styles.freeSpinsWin} role="status" data-testid="casino-free-spin-win">
        {lastWin ? t('free_spins.won', { amount: money(lastWin.minor, lastWin.currency) }) : ''}
      </p>
    </section>
  );
}
