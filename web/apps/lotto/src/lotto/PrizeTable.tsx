/** A game's prizes: tiers (fixed amounts or shares of the pool) or, for keno, its paytable. */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import styles from '../LottoApp.module.css';
import type { GameView } from '../model.ts';

export function tierLabel(
  t: (key: string, values?: Record<string, string | number>) => string,
  tierId: string,
) {
  const [main, bonus] = tierId.split('+');
  return bonus ? t('prizes.tier_bonus', { count: Number(main) }) : t('prizes.tier', { count: Number(main) });
}

export function PrizeTable({ game }: { game: GameView }) {
  const t = useT('lotto');
  const format = useFormat();
  if (game.kind === 'keno' && game.paytable) {
    return (
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('prizes.paytable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('prizes.picked')}</th>
              <th scope="col">{t('prizes.pays')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(game.paytable).map(([picks, row]) => (
              <tr key={picks}>
                <th scope="row">{picks}</th>
                <td className={styles.wrap}>
                  {row
                    .map((m, hits) => (m > 0 ? `${hits} → ×${format.number(m / 1000)}` : null))
                    .filter(Boolean)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('prizes.matches')}</th>
            <th scope="col">{t('prizes.kind')}</th>
            <th scope="col">{t('prizes.prize')}</th>
          </tr>
        </thead>
        <tbody>
          {game.tiers.map((tier) => (
            <tr key={tier.id}>
              <th scope="row">{tierLabel(t, tier.id)}</th>
              <td>{t(`prizes.kind_${tier.kind}`)}</td>
              <td>
                {tier.prizeMinor !== null
                  ? format.money(tier.prizeMinor, game.currency)
                  : t('prizes.share', { value: format.number((tier.shareBasisPoints ?? 0) / 100) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
