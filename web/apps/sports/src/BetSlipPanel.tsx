/**
 * The right column's bet slip area. The full coupon (types, amounts, placement) is the next issue; this
 * lists the picked selections from the shared store, lets the player remove them, and says what comes.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { changeCoupon } from '@parlay/mf/coupon-store.ts';
import { Button } from '@parlay/ui/index.ts';
import { useOddsFormat, useSelections } from './context.tsx';
import styles from './Layout.module.css';

export function BetSlipPanel({ onClose }: { onClose?: () => void }) {
  const t = useT('sports');
  const selections = useSelections();
  const format = useOddsFormat();
  const total = selections.reduce((product, s) => product * (s.oddsMilli / 1000), 1);
  return (
    <section className={styles.slip} aria-labelledby="bet-slip-heading" data-testid="bet-slip">
      <header className={styles.slipHeader}>
        <h2 id="bet-slip-heading" className={styles.slipTitle}>
          {t('slip.title')}
          <span className={styles.slipCount} data-testid="slip-count">
            {selections.length}
          </span>
        </h2>
        {onClose ? (
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('slip.close')}>
            ×
          </Button>
        ) : null}
      </header>
      {selections.length === 0 ? (
        <p className={styles.slipEmpty}>{t('slip.empty')}</p>
      ) : (
        <>
          <ul className={styles.slipList}>
            {selections.map((s) => (
              <li key={s.outcomeId} className={styles.slipItem}>
                <div className={styles.slipText}>
                  <span className={styles.slipOutcome}>{s.outcomeLabel ?? s.outcomeId}</span>
                  <span className={styles.slipMarket}>{s.marketLabel}</span>
                  <span className={styles.slipGame}>{s.gameLabel}</span>
                </div>
                <span className={styles.slipPrice}>{format(s.oddsMilli)}</span>
                <button
                  type="button"
                  className={styles.slipRemove}
                  aria-label={t('slip.remove', { name: s.outcomeLabel ?? '' })}
                  onClick={() => changeCoupon({ type: 'remove', outcomeId: s.outcomeId })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {selections.length > 1 ? (
            <p className={styles.slipTotal}>
              <span>{t('slip.total_odds')}</span>
              <strong>{format(Math.min(10_000_000, Math.max(1001, Math.round(total * 1000))))}</strong>
            </p>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => changeCoupon({ type: 'clear' })}>
            {t('slip.clear')}
          </Button>
        </>
      )}
      <p className={styles.slipNote}>{t('slip.coming')}</p>
    </section>
  );
}
