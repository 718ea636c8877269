/** One playing card drawn in CSS (no images), named for screen readers ("Queen of hearts"). */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { type Card, isRed, SUIT_SYMBOL } from './card-model.ts';
import styles from './cards.module.css';

export interface PlayingCardProps {
  readonly card: Card;
  /** The `cards` texts (useGameT('cards')). */
  readonly t: TranslateFn;
  readonly size?: 'md' | 'sm';
  /** Marks a held card (video poker) or a winning one. */
  readonly highlight?: boolean;
  /** Position in a hand for the deal animation's delay. */
  readonly index?: number;
}

/** "Queen of hearts" (or "Face-down card"). */
export function cardName(card: Card, t: TranslateFn): string {
  if (card.hidden) return t('hidden');
  return t('name', { rank: t(`rank.${card.rank}`), suit: t(`suit.${card.suit}`) });
}

export function PlayingCard({ card, t, size = 'md', highlight = false, index = 0 }: PlayingCardProps) {
  const classes = [styles.card, size === 'sm' ? styles.sm : '', highlight ? styles.highlight : ''];
  const delay = { animationDelay: `${Math.min(index, 8) * 60}ms` };
  if (card.hidden) {
    return (
      <span
        role="img"
        aria-label={cardName(card, t)}
        className={[...classes, styles.back].join(' ')}
        style={delay}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={cardName(card, t)}
      className={[...classes, isRed(card.suit) ? styles.red : styles.black].join(' ')}
      style={delay}
      data-card={`${card.rank}${card.suit}`}
    >
      <span className={styles.corner} aria-hidden="true">
        {card.rank}
        <br />
        {SUIT_SYMBOL[card.suit]}
      </span>
      <span className={styles.pip} aria-hidden="true">
        {SUIT_SYMBOL[card.suit]}
      </span>
    </span>
  );
}

/** A row of cards, overlapping a little when `tight`. */
export function CardRow({
  cards,
  t,
  size = 'md',
  tight = false,
  label,
}: {
  readonly cards: readonly Card[];
  readonly t: TranslateFn;
  readonly size?: 'md' | 'sm';
  readonly tight?: boolean;
  readonly label?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a list of card images, read as a group
    <span className={[styles.row, tight ? styles.tight : ''].join(' ')} role="group" aria-label={label}>
      {cards.map((card, index) => (
        <PlayingCard key={index} card={card} t={t} size={size} index={index} />
      ))}
    </span>
  );
}
