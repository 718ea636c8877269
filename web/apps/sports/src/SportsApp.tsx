import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { Card, Heading, SportIcon } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { LiveClock } from './LiveClock.tsx';
import type { SportsProps } from './props.ts';
import styles from './SportsPage.module.css';
import type { Sport, SportsResult } from './sports-api.ts';

function SportsList({ result }: { result: SportsResult }) {
  const t = useT('sports');
  if (!result.ok) {
    const message =
      result.status === null ? t('load_error_network') : t('load_error', { status: result.status });
    return (
      <p className={styles.error} role="alert">
        {message}
      </p>
    );
  }
  if (result.sports.length === 0) return <p className={styles.intro}>{t('empty')}</p>;
  return (
    <ul className={styles.grid} aria-label={t('list_label')}>
      {result.sports.map((sport: Sport) => (
        <Card as="li" key={sport.id} className={styles.sport} data-sport={sport.slug}>
          <SportIcon slug={sport.slug} size={22} className={styles.icon} />
          <span className={styles.name}>{sport.name}</span>
        </Card>
      ))}
    </ul>
  );
}

function SportsPage({ sports, timeZone }: Pick<SportsProps, 'sports' | 'timeZone'>) {
  const t = useT('sports');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section
      className={styles.page}
      aria-labelledby="sports-heading"
      data-hydrated={hydrated ? 'true' : 'false'}
    >
      <div className={styles.top}>
        <Heading level={1} id="sports-heading">
          {t('heading')}
        </Heading>
        <LiveClock timeZone={timeZone} />
      </div>
      <p className={styles.intro}>{t('intro')}</p>
      <SportsList result={sports} />
    </section>
  );
}

/** The sports app root, identical on the server and in the browser for the same props. */
export function SportsApp({ lng, dictionaries, sports, timeZone }: SportsProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <SportsPage sports={sports} timeZone={timeZone} />
    </I18nProvider>
  );
}
