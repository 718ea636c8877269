/**
 * The office personal-data page: what GET /web-api/user/config knows about the player (contacts,
 * their confirmation, activation deadline, personal data) and the stored display settings
 * (GET /web-api/user/settings).
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Card, Message } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import styles from '../security/security.module.css';
import { securityApi, type UserConfig } from '../security/security-api.ts';

export function PersonalSection() {
  const t = useT('office-security');
  const [config, setConfig] = useState<UserConfig | null>(null);
  const [settings, setSettings] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void Promise.all([securityApi.config(), securityApi.settings()]).then(([user, stored]) => {
      if (user.ok) setConfig(user.data.result);
      else setFailed(true);
      if (stored.ok) setSettings(stored.data.result);
    });
  }, []);
  if (failed) return <Message kind="error">{t('errors.config')}</Message>;
  if (!config) return <p className={styles.muted}>{t('loading')}</p>;
  const dash = '—';
  const confirmed = (value: boolean | undefined) =>
    value ? t('personal.confirmed') : t('personal.not_confirmed');
  const rows: [string, string][] = [
    [t('personal.account_number'), config.account_number ?? String(config.user_id)],
    [t('personal.name'), config.user_name || dash],
    [t('personal.birth_date'), config.user_data.date_birthday ?? dash],
    [
      t('personal.email'),
      config.user_email ? `${config.user_email} (${confirmed(config.is_email_confirmed)})` : dash,
    ],
    [
      t('personal.phone'),
      config.phone_number
        ? `${config.phone_code ?? ''} ${config.phone_number} (${confirmed(config.is_phone_confirmed)})`
        : dash,
    ],
    [t('personal.country'), config.user_country_code?.toUpperCase() ?? dash],
    [t('personal.currency'), config.user_currency ?? dash],
  ];
  return (
    <div className={styles.grid} data-testid="personal-page">
      <Card as="section" className={styles.card} aria-labelledby="personal-title">
        <h2 id="personal-title" className={styles.title}>
          {t('personal.title')}
        </h2>
        {config.remaining_days_to_activate !== null ? (
          <Message kind="info">
            {t('personal.activate', { count: config.remaining_days_to_activate })}
          </Message>
        ) : null}
        <dl className={styles.list}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.listRow}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {settings ? (
        <Card as="section" className={styles.card} aria-labelledby="settings-title">
          <h2 id="settings-title" className={styles.title}>
            {t('personal.settings_title')}
          </h2>
          <dl className={styles.list}>
            <div className={styles.listRow}>
              <dt>{t('personal.language')}</dt>
              <dd>{String(settings.language ?? dash)}</dd>
            </div>
            <div className={styles.listRow}>
              <dt>{t('personal.time_zone')}</dt>
              <dd>{`UTC${Number(settings.timeZone) >= 0 ? '+' : ''}${String(settings.timeZone ?? 0)}`}</dd>
            </div>
            <div className={styles.listRow}>
              <dt>{t('personal.theme')}</dt>
              <dd>{t(settings.appTheme === 0 ? 'personal.theme_light' : 'personal.theme_dark')}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
    </div>
  );
}
