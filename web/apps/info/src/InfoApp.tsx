/**
 * The information micro-app: information pages with their text (contacts, about, rules, policies),
 * and the frames of promotions, content (blog, news, partners, the betting alphabet: the store's pages) and app
 * pages, with an honest empty state when the store has nothing to show.
 */
import { createTranslator, I18nProvider, useT } from '@parlay/i18n/runtime.tsx';
import type { AreaProps } from '@parlay/mf/area-page.ts';
import type { PageFrame as Frame } from '@parlay/mf/page-frame.ts';
import { Card, EmptyState, Link, NavLink, PageFrame } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { BonusPages, isBonusRoute } from './bonus/Promotions.tsx';
import { ArticleView, BlogView, LandingView, NewsItemView, NewsListView, PageView } from './ContentViews.tsx';
import { Calculator } from './calculator/Calculator.tsx';
import type { ContentModel } from './content-model.ts';
import { EmbedsContext } from './EmbedViews.tsx';
import { NO_EMBEDS, type PageEmbeds } from './embeds.ts';
import styles from './InfoPage.module.css';
import { InstallApp, isInstallRoute } from './mobile/InstallApp.tsx';
import { infoContentOf } from './pages.ts';

export interface InfoProps extends AreaProps {
  /** The store's content of the route, loaded by the server render; null when the route has none. */
  content?: ContentModel | null;
  /** What the content's short codes show (game and promotion cards, odds widgets), loaded on the server. */
  embeds?: PageEmbeds;
}

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

function StoreContent({ model, lng }: { model: ContentModel; lng: string }) {
  switch (model.kind) {
    case 'page':
      return <PageView item={model.item} lng={lng} />;
    case 'landing':
      return <LandingView item={model.item} lng={lng} />;
    case 'blog':
      return <BlogView list={model.list} categories={model.categories} category={model.category} lng={lng} />;
    case 'article':
      return (
        <ArticleView item={model.item} related={model.related} categories={model.categories} lng={lng} />
      );
    case 'news-list':
      return <NewsListView list={model.list} lng={lng} />;
    case 'news-item':
      return <NewsItemView item={model.item} lng={lng} />;
    default:
      return null;
  }
}

function Content({ frame, lng, model }: { frame: Frame; lng: string; model: ContentModel | null }) {
  if (isBonusRoute(frame.routeId)) {
    return <BonusPages routeId={frame.routeId} lng={lng} params={frame.params} />;
  }
  if (isInstallRoute(frame.routeId)) return <InstallApp routeId={frame.routeId} />;
  if (frame.routeId === 'betting-calculator') {
    return (
      <>
        <Calculator />
        <TextContent frame={frame} lng={lng} model={model} />
      </>
    );
  }
  return <TextContent frame={frame} lng={lng} model={model} />;
}

function TextContent({ frame, lng, model }: { frame: Frame; lng: string; model: ContentModel | null }) {
  const t = useT('info');
  if (model && model.kind !== 'missing' && model.kind !== 'unavailable') {
    return <StoreContent model={model} lng={lng} />;
  }
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

function InfoLayout({ lng, frame, menu, content }: Omit<InfoProps, 'dictionaries'>) {
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
          <Content frame={frame} lng={lng} model={content ?? null} />
        </PageFrame>
      </div>
    </div>
  );
}

export function InfoApp({ lng, frame, menu, dictionaries, content, embeds }: InfoProps) {
  const translator = useMemo(() => createTranslator(lng, dictionaries), [lng, dictionaries]);
  return (
    <I18nProvider translator={translator}>
      <EmbedsContext.Provider value={embeds ?? NO_EMBEDS}>
        <InfoLayout lng={lng} frame={frame} menu={menu} content={content ?? null} />
      </EmbedsContext.Provider>
    </I18nProvider>
  );
}
