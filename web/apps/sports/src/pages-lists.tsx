/** Line and live lists with their section switch and time filters, and the home page. */
import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, SportIcon } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { loadList } from './api.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import { LoadError } from './LoadError.tsx';
import { type Game, toListGame } from './model.ts';
import styles from './Pages.module.css';
import type { ListModel, PageModel } from './page-model.ts';
import { listPath, withParam } from './paths.ts';

const TIME_FILTERS = [0, 1, 2, 3, 6];

export function SectionSwitch({ model }: { model: ListModel }) {
  const t = useT('sports');
  const { url } = useSportsContext();
  const other = model.section === 'live' ? 'line' : 'live';
  const swap = url.replace(`/home/${model.section}`, `/home/${other}`);
  return (
    <div className={styles.filters}>
      <nav className={styles.segmented} aria-label={t('section_label')}>
        {(['line', 'live'] as const).map((section) => (
          <a
            key={section}
            href={section === model.section ? url : swap}
            className={styles.segment}
            aria-current={section === model.section ? 'page' : undefined}
          >
            {t(`section.${section}`)}
          </a>
        ))}
      </nav>
      <nav className={styles.segmented} aria-label={t('time_filter.label')}>
        {TIME_FILTERS.filter((f) => (model.section === 'live' ? f !== 1 : f !== 2 && f !== 3)).map((f) => (
          <a
            key={f}
            href={withParam(url, 'tf', f === 0 ? null : String(f))}
            className={styles.segment}
            aria-current={model.timeFilter === f ? 'page' : undefined}
            data-time-filter={f}
          >
            {t(`time_filter.${f}`)}
          </a>
        ))}
      </nav>
    </div>
  );
}

export function ListPage({ model }: { model: ListModel }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const [extra, setExtra] = useState<Game[]>([]);
  const [busy, setBusy] = useState(false);
  const shown = model.games.length + extra.length;
  const more = async () => {
    if (!model.more) return;
    setBusy(true);
    const { mode, ...filter } = model.more;
    const answer = await loadList(browserApi, lng, mode, {
      ...filter,
      timeFilter: model.timeFilter,
      offset: shown,
      limit: 50,
    });
    if (answer.ok) setExtra((list) => [...list, ...answer.data.games.map(toListGame)]);
    setBusy(false);
  };
  const live = model.section === 'live';
  return (
    <>
      {model.more ? <SectionSwitch model={model} /> : null}
      {model.error ? <LoadError status={model.error.status} /> : null}
      <EventList
        games={[...model.games, ...extra]}
        liveList={
          live && model.timeFilter === 0
            ? {
                lng,
                sportIds: model.sportIds ?? (model.sportId ? [model.sportId] : null),
                champId: model.champId,
                limit: 100,
              }
            : null
        }
        emptyText={t(live ? 'empty_live' : 'empty_line')}
        bySport={model.sportId === null}
        testId={live ? 'live-list' : 'line-list'}
      />
      {model.more && shown < model.total ? (
        <div className={styles.moreRow}>
          <Button onClick={more} disabled={busy}>
            {t('show_more', { n: model.total - shown })}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function HomePage({ model }: { model: Extract<PageModel, { kind: 'home' }> }) {
  const t = useT('sports');
  const { lng, sports } = useSportsContext();
  return (
    <>
      {model.error ? <LoadError status={model.error.status} /> : null}
      <section aria-labelledby="top-live" className={styles.section}>
        <h2 id="top-live" className={styles.sectionTitle}>
          <span className={styles.liveDot} aria-hidden="true" />
          {t('home.top_live')}
          <a className={styles.sectionLink} href={listPath(lng, 'live')}>
            {t('home.all_live')}
          </a>
        </h2>
        <EventList games={model.live} emptyText={t('empty_live')} testId="top-live" />
      </section>
      <section aria-labelledby="top-events" className={styles.section}>
        <h2 id="top-events" className={styles.sectionTitle}>
          {t('home.top_events')}
          <a className={styles.sectionLink} href={`/${lng}/top-events/line`}>
            {t('home.all_top')}
          </a>
        </h2>
        <EventList games={model.top} emptyText={t('empty_line')} testId="top-events" />
      </section>
      <section aria-labelledby="top-sports" className={styles.section}>
        <h2 id="top-sports" className={styles.sectionTitle}>
          {t('home.top_sports')}
        </h2>
        <ul className={styles.sportGrid} aria-label={t('list_label')}>
          {sports.map((sport) => (
            <li key={sport.id} data-sport={sport.slug}>
              <a
                className={styles.sportTile}
                href={listPath(lng, sport.liveCount > 0 ? 'live' : 'line', sport.slug)}
              >
                <SportIcon slug={sport.slug} size={22} />
                <span className={styles.sportName}>{sport.name}</span>
                <span className={styles.sportCounts}>
                  {sport.liveCount > 0 ? <span className={styles.liveCount}>{sport.liveCount}</span> : null}
                  <span>{sport.lineCount}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
