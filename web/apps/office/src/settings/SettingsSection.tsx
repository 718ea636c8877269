/**
 * Office settings: display (odds format, theme), language, time zone (the player's global settings,
 * /web-api/user/settings) and mailing (newsletters and marketing consent, /web-api/mailing/v1/preferences).
 * Every change is saved at once and said so in a status line.
 */
import { ODDS_FORMAT_IDS } from '@parlay/domain/odds/formats.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { setOddsView } from '@parlay/mf/odds-view.ts';
import { Field, Skeleton } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { call } from '../money/money-api.ts';
import styles from '../support/Support.module.css';
import { errorText } from '../support/SupportSection.tsx';

interface GlobalSettings {
  language: string;
  timeZone: number;
  appTheme: 0 | 1;
  coefViewId: number;
}
interface Mailing {
  emailNews: boolean;
  smsNews: boolean;
  promoOffers: boolean;
  marketingConsent: boolean;
  unsubscribedAt: string | null;
}
type MailingKey = 'emailNews' | 'smsNews' | 'promoOffers' | 'marketingConsent';

const LANGUAGES = ['ru', 'en'] as const;
const TIME_ZONES = Array.from({ length: 27 }, (_, i) => i - 12);
const MAILING_KEYS: MailingKey[] = ['emailNews', 'smsNews', 'promoOffers', 'marketingConsent'];
const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const zoneLabel = (hours: number) => `UTC${hours === 0 ? '' : hours > 0 ? `+${hours}` : `−${-hours}`}`;

function applyTheme(theme: 'light' | 'dark') {
  document.documentElement.dataset.theme = theme;
  // biome-ignore lint/suspicious/noDocumentCookie: the server renders the next page in the theme of this cookie (as the header's switch)
  document.cookie = `theme=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE_S}; samesite=lax`;
}

export function SettingsSection({ lng }: { lng: string }) {
  const t = useT('office-more');
  const tc = useT('common');
  const te = useT('errors');
  const [settings, setSettings] = useState<GlobalSettings | null>(null);
  const [mailing, setMailing] = useState<Mailing | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void call<{ result: GlobalSettings }>('/web-api/user/settings').then((a) => {
      if (!a.ok) return;
      // Theme as shown now (the header's switch may have changed it), the stored one otherwise.
      const shown = document.documentElement.dataset.theme;
      const appTheme = shown === 'light' ? 0 : shown === 'dark' ? 1 : a.data.result.appTheme;
      setSettings({ ...a.data.result, appTheme });
    });
    void call<Mailing>('/web-api/mailing/v1/preferences').then((a) => a.ok && setMailing(a.data));
  }, []);
  if (!settings || !mailing) return <Skeleton height="320px" />;

  const save = async (change: Partial<GlobalSettings>) => {
    const answer = await call<{ result: GlobalSettings }>('/web-api/user/settings', {
      method: 'PUT',
      body: change,
    });
    if (!answer.ok) {
      setStatus({ ok: false, text: errorText(te, t, answer.code) });
      return false;
    }
    setSettings(answer.data.result);
    setStatus({ ok: true, text: t('settings.saved') });
    return true;
  };
  const saveMailing = async (key: MailingKey, value: boolean) => {
    const answer = await call<Mailing>('/web-api/mailing/v1/preferences', {
      method: 'PUT',
      body: { [key]: value },
    });
    if (!answer.ok) return setStatus({ ok: false, text: errorText(te, t, answer.code) });
    setMailing(answer.data);
    setStatus({ ok: true, text: t('settings.saved') });
  };

  return (
    <div className={styles.layout}>
      <section className={styles.form} aria-labelledby="settings-display">
        <h2 id="settings-display">{t('settings.display_title')}</h2>
        <Field as="label">
          <span>{tc('odds_format.label')}</span>
          <select
            name="coefViewId"
            value={settings.coefViewId}
            onChange={(e) => {
              const id = Number(e.target.value) as (typeof ODDS_FORMAT_IDS)[number];
              setOddsView(id);
              void save({ coefViewId: id });
            }}
          >
            {ODDS_FORMAT_IDS.map((id) => (
              <option key={id} value={id}>
                {tc(`odds_format.${id}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field as="label">
          <span>{t('settings.theme')}</span>
          <select
            name="appTheme"
            value={settings.appTheme}
            onChange={(e) => {
              const appTheme = Number(e.target.value) as 0 | 1;
              applyTheme(appTheme === 1 ? 'dark' : 'light');
              void save({ appTheme });
            }}
          >
            <option value={0}>{t('settings.theme_light')}</option>
            <option value={1}>{t('settings.theme_dark')}</option>
          </select>
        </Field>
        <Field as="label">
          <span>{t('settings.language')}</span>
          <select
            name="language"
            // The page's language is the one in use (the stored setting may still be the default).
            value={lng}
            onChange={async (e) => {
              const language = e.target.value;
              if (await save({ language })) window.location.assign(`/${language}/office/settings`);
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {t(`settings.languages.${code}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field as="label">
          <span>{t('settings.time_zone')}</span>
          <select
            name="timeZone"
            value={settings.timeZone}
            onChange={(e) => void save({ timeZone: Number(e.target.value) })}
          >
            {TIME_ZONES.map((hours) => (
              <option key={hours} value={hours}>
                {zoneLabel(hours)}
              </option>
            ))}
          </select>
        </Field>
      </section>
      <section className={styles.form} aria-labelledby="settings-mailing">
        <h2 id="settings-mailing">{t('settings.mailing_title')}</h2>
        {MAILING_KEYS.map((key) => (
          <label key={key} className={styles.actions}>
            <input
              type="checkbox"
              checked={mailing[key]}
              onChange={(e) => void saveMailing(key, e.target.checked)}
            />
            <span>{t(`settings.mailing.${key}`)}</span>
          </label>
        ))}
        {mailing.unsubscribedAt ? <p className={styles.muted}>{t('settings.unsubscribed')}</p> : null}
      </section>
      {status ? (
        <p className={status.ok ? styles.muted : styles.error} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
