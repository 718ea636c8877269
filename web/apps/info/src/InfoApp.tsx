import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import { Card, Heading, Link, NavLink } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import styles from './InfoPage.module.css';
import type { InfoPage } from './pages.ts';

export interface InfoProps {
  lng: Language;
  page: InfoPage;
  dictionaries: Dictionaries;
}

function Contacts() {
  const t = useT('info');
  const email = t('contacts.email');
  return (
    <>
      <Heading level={1}>{t('contacts.heading')}</Heading>
      <p className={styles.text}>{t('contacts.intro')}</p>
      <Card>
        <dl className={styles.details}>
          <dt>{t('contacts.email_label')}</dt>
          <dd>
            <Link href={`mailto:${email}`}>{email}</Link>
          </dd>
          <dt>{t('contacts.hours_label')}</dt>
          <dd>{t('contacts.hours')}</dd>
        </dl>
      </Card>
      <p className={styles.text}>{t('contacts.response')}</p>
    </>
  );
}

function About() {
  const t = useT('info');
  return (
    <>
      <Heading level={1}>{t('about.heading')}</Heading>
      <p className={styles.text}>{t('about.text')}</p>
      <p className={styles.text}>{t('about.responsible')}</p>
    </>
  );
}

function InfoLayout({ lng, page }: Omit<InfoProps, 'dictionaries'>) {
  const t = useT('info');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className={styles.page} data-hydrated={hydrated ? 'true' : 'false'}>
      <nav className={styles.menu} aria-label={t('nav_label')}>
        <NavLink href={`/${lng}/information/about`} active={page === 'about'}>
          {t('about.heading')}
        </NavLink>
        <NavLink href={`/${lng}/information/contacts`} active={page === 'contacts'}>
          {t('contacts.heading')}
        </NavLink>
      </nav>
      <article className={styles.content}>{page === 'contacts' ? <Contacts /> : <About />}</article>
    </div>
  );
}

export function InfoApp({ lng, page, dictionaries }: InfoProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <InfoLayout lng={lng} page={page} />
    </I18nProvider>
  );
}
