/**
 * The information micro-app: information pages with their text (contacts, about, rules, policies),
 * and the frames of promotions, content (blog, news, partners) and app pages with an honest empty state.
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import type { PageFrame as Frame } from '@parlay/mf/page-frame.ts';
import { Card, EmptyState, Link, NavLink, PageFrame } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import styles from './InfoPage.module.css';
import { infoContentOf } from './pages.ts';

export type InfoProps = AreaProps;

function Contacts() {
  const t = useT('info');
  const email = t('contacts.email');
  return (
    <>
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
      <p className={styles.text}>{t('about.text')}</p>
      <p className={styles.text}>{t('about.responsible')}</p>
    </>
  );
}

function Content({ frame, lng }: { frame: Frame; lng: string }) {
  const t = useT('info');
  const content = infoContentOf(frame.routeId);
  if (content === 'contacts') return <Contacts />;
  if (content === 'about') return <About />;
  if (content === 'text') {
    return (
      <>
        <p className={styles.text}>{t(`pages.${frame.routeId}.p1`)}</p>
        <p className={styles.text}>{t(`pages.${frame.routeId}.p2`)}</p>
      </>
    );
  }
  return (
    <EmptyState
      title={t(`area_empty.${frame.area}.title`)}
      text={t(`area_empty.${frame.area}.text`)}
      action={{ label: t('home_link'), href: `/${lng}/` }}
    />
  );
}

function InfoLayout({ lng, frame, menu }: Omit<InfoProps, 'dictionaries'>) {
  const t = useT('info');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div
      className={menu.length > 0 ? styles.page : styles.single}
      data-hydrated={hydrated ? 'true' : 'false'}
    >
      {menu.length > 0 ? (
        <nav className={styles.menu} aria-label={t('nav_label')}>
          {menu.map((item) => (
            <NavLink key={item.href} href={item.href} active={item.current}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <div className={styles.content}>
        <PageFrame
          heading={frame.heading}
          breadcrumbs={frame.breadcrumbs}
          breadcrumbsLabel={frame.breadcrumbsLabel}
          data-route={frame.routeId}
        >
          <Content frame={frame} lng={lng} />
        </PageFrame>
      </div>
    </div>
  );
}

export function InfoApp({ lng, frame, menu, dictionaries }: InfoProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <InfoLayout lng={lng} frame={frame} menu={menu} />
    </I18nProvider>
  );
}
