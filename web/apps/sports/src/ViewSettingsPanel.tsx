/** The display settings of the sports pages and the site clock (coupon-accounts §3 global settings), at the foot of the menu. */
import { useT } from '@parlay/i18n/runtime.tsx';
import type { ViewSettingKey } from '@parlay/mf/view-settings.ts';
import { changeSportsView, sportsViewFrom, useViewSettings } from './sports-view.ts';
import styles from './ViewSettings.module.css';

const FLAGS: { key: ViewSettingKey; label: string; fallback: 0 | 1 }[] = [
  { key: 'isCompactView', label: 'view.compact', fallback: 0 },
  { key: 'isShowGameId', label: 'view.game_id', fallback: 0 },
  { key: 'isChampsGroupedByCountry', label: 'view.by_country', fallback: 1 },
  { key: 'isDetailedScore', label: 'view.detailed_score', fallback: 0 },
];

export function ViewSettingsPanel() {
  const t = useT('sports');
  const settings = useViewSettings();
  const view = sportsViewFrom(settings);
  return (
    <details className={styles.panel} data-testid="view-settings">
      <summary className={styles.summary}>{t('view.title')}</summary>
      <div className={styles.body}>
        {FLAGS.map(({ key, label, fallback }) => (
          <label key={key} className={styles.check}>
            <input
              type="checkbox"
              checked={(settings[key] ?? fallback) === 1}
              onChange={(event) => changeSportsView(settings, { [key]: event.currentTarget.checked ? 1 : 0 })}
            />
            {t(label)}
          </label>
        ))}
        <label className={styles.field}>
          {t('view.app_view')}
          <select
            value={view.asian ? 1 : 0}
            onChange={(event) =>
              changeSportsView(settings, { appViewType: Number(event.currentTarget.value) })
            }
          >
            <option value={0}>{t('view.european')}</option>
            <option value={1}>{t('view.asian')}</option>
          </select>
        </label>
        <label className={styles.field}>
          {t('view.market_names')}
          <select
            value={view.fullMarketNames ? 1 : 0}
            onChange={(event) =>
              changeSportsView(settings, { marketsNameType: Number(event.currentTarget.value) })
            }
          >
            <option value={0}>{t('view.names_short')}</option>
            <option value={1}>{t('view.names_full')}</option>
          </select>
        </label>
        <label className={styles.field}>
          {t('view.clock')}
          <select
            value={settings.is12h === 1 ? 1 : 0}
            onChange={(event) => changeSportsView(settings, { is12h: Number(event.currentTarget.value) })}
          >
            <option value={0}>{t('view.clock_24')}</option>
            <option value={1}>{t('view.clock_12')}</option>
          </select>
        </label>
      </div>
    </details>
  );
}
