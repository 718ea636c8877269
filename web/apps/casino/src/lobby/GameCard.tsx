/** One game tile: generated art, badges, name, provider, RTP and volatility, and the favourite star. */
import { useT } from '@parlay/i18n/runtime.tsx';
import { VisuallyHidden } from '@parlay/ui/index.ts';
import { memo } from 'react';
import type { GameTile } from '../model.ts';
import styles from './Lobby.module.css';

/** A dictionary text with a fallback for values the dictionary does not name (a new volatility). */
export function textOr(t: (key: string) => string, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

/**
 * Tiles are memoised on their props: starring one game re-renders that tile, not the 2,000 others
 * (the list passes `favorite` down instead of every tile reading the favourites).
 */
export const GameCard = memo(function GameCard({
  game,
  lng,
  favorite,
  toggle,
}: {
  game: GameTile;
  lng: string;
  favorite: boolean;
  toggle: (game: GameTile) => Promise<void>;
}) {
  const t = useT('casino');
  const href = `/${lng}${game.route}`;
  const volatility = textOr(t, `volatility.${game.volatility}`, game.volatility);
  return (
    <li className={styles.card} data-game-id={game.id}>
      <a className={styles.cardLink} href={href}>
        <span className={styles.thumb}>
          {game.thumbnail ? (
            <img src={game.thumbnail} alt="" width={240} height={180} loading="lazy" decoding="async" />
          ) : null}
          {game.badges.length > 0 ? (
            <span className={styles.badges}>
              {game.badges.map((badge) => (
                <span
                  key={badge}
                  className={`${styles.badge} ${styles[`badge_${badge}`] ?? ''}`}
                  title={t(`badge.${badge}`)}
                >
                  {t(`badge.${badge}`)}
                </span>
              ))}
            </span>
          ) : null}
          <span className={styles.play} aria-hidden="true">
            {t('tile.play')}
          </span>
        </span>
        <span className={styles.cardName}>{game.name}</span>
        <span className={styles.cardProvider}>{game.provider.name}</span>
        <span className={styles.cardFacts}>
          {game.rtp ? <span>{t('tile.rtp', { rtp: game.rtp })}</span> : null}
          {game.volatility ? (
            <VolatilityMeter level={game.volatility} label={t('tile.volatility', { volatility })} />
          ) : null}
        </span>
      </a>
      <button
        type="button"
        className={styles.star}
        aria-pressed={favorite}
        aria-label={t(favorite ? 'tile.unfavorite' : 'tile.favorite', { name: game.name })}
        onClick={() => void toggle(game)}
      >
        <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
      </button>
    </li>
  );
});

const VOLATILITY_LEVELS = ['low', 'medium', 'high', 'very-high'];

/** Volatility as 1-4 bars, named in words for screen readers and on hover. */
function VolatilityMeter({ level, label }: { level: string; label: string }) {
  const filled = VOLATILITY_LEVELS.indexOf(level) + 1;
  return (
    <span className={styles.volatility} title={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {filled > 0 ? (
        VOLATILITY_LEVELS.map((name, index) => (
          <span key={name} aria-hidden="true" className={index < filled ? styles.barOn : styles.bar} />
        ))
      ) : (
        <span aria-hidden="true">{label}</span>
      )}
    </span>
  );
}

/** 16 placeholder tiles while the first page loads (site-shell §9). */
export const SKELETON_CARDS = 16;

export function SkeletonCards({ label }: { label: string }) {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label={label} data-testid="casino-skeleton">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <li key={index} className={`${styles.card} ${styles.skeletonCard}`} aria-hidden="true">
          <span className={`${styles.thumb} ${styles.skeletonBlock}`} />
          <span className={styles.skeletonLine} />
          <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
        </li>
      ))}
    </ul>
  );
}
