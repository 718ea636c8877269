import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, EmptyState } from '@parlay/ui/index.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import { GameView } from './GamePage.tsx';
import { LoadError } from './LoadError.tsx';
import styles from './Pages.module.css';
import { PrintCoupon } from './PrintCoupon.tsx';
import type { PageModel } from './page-model.ts';
import { ChampsPage, DisciplinesPage, EsportsNav, FavoritesPage } from './pages-catalogue.tsx';
import { HomePage, ListPage } from './pages-lists.tsx';
import { MultiPage } from './pages-multi.tsx';
import { ResultsPage } from './pages-results.tsx';
import { StatisticPage } from './pages-statistic.tsx';
import { TeamPageView } from './pages-team.tsx';
import { useClock } from './sports-view.ts';

export function PageBody({ page, routeId }: { page: PageModel; routeId: string }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const clock = useClock();
  const esports = routeId.startsWith('esports');
  const body = (() => {
    switch (page.kind) {
      case 'home':
        return <HomePage model={page} />;
      case 'list':
        return (
          <>
            {routeId === 'esports-stream' ||
            (esports && page.sportIds && routeId === 'esports' && page.section === 'live') ? (
              <p className={styles.note}>{t('esports.stream_note')}</p>
            ) : null}
            <ListPage model={page} />
          </>
        );
      case 'live-and-line':
        return (
          <>
            {page.error ? <LoadError status={page.error.status} /> : null}
            <h2 className={styles.sectionTitle}>{t('section.live')}</h2>
            <EventList games={page.live} emptyText={t('empty_live')} />
            <h2 className={styles.sectionTitle}>{t('section.line')}</h2>
            <EventList games={page.line} emptyText={t('empty_line')} />
          </>
        );
      case 'game':
        return page.game ? (
          <GameView game={page.game} />
        ) : (
          <EmptyState
            title={t('game.not_found')}
            text={t('game.not_found_text')}
            action={{ label: t('home_link'), href: `/${lng}/` }}
          />
        );
      case 'multi':
        return <MultiPage model={page} />;
      case 'results':
        return <ResultsPage model={page} />;
      case 'statistic':
        return <StatisticPage model={page} />;
      case 'champs':
        return <ChampsPage model={page} />;
      case 'team':
        return <TeamPageView model={page} />;
      case 'disciplines':
        return <DisciplinesPage model={page} />;
      case 'print':
        return <PrintCoupon bet={page.bet} lng={lng} clock={clock} />;
      case 'search':
        return (
          <>
            <form method="get" className={styles.dateForm}>
              <input
                type="search"
                name="q"
                defaultValue={page.query}
                className={styles.dateInput}
                aria-label={t('search.label')}
                placeholder={t('search.placeholder')}
              />
              <Button type="submit" size="sm">
                {t('search.submit')}
              </Button>
            </form>
            <EventList
              games={page.games}
              emptyText={page.query ? t('search.nothing', { query: page.query }) : t('search.hint')}
            />
          </>
        );
      case 'favorites':
        return <FavoritesPage />;
      case 'empty':
        return (
          <EmptyState
            title={t(page.note ? `area_empty.${page.note}.title` : `area_empty.${page.area}.title`)}
            text={t(page.note ? `area_empty.${page.note}.text` : `area_empty.${page.area}.text`)}
            action={{ label: t('home_link'), href: `/${lng}/` }}
          />
        );
    }
  })();
  return (
    <>
      {esports ? <EsportsNav /> : null}
      {body}
    </>
  );
}
