/** The centre of each sports page, by page model kind. */
import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Card, EmptyState, SportIcon } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { loadGame, loadList } from './api.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import { useFavorites } from './favorites.ts';
import gameStyles from './Game.module.css';
import { GameView } from './GamePage.tsx';
import { type Game, type GamePage, toListGame } from './model.ts';
import { setMultiLive, useMultiLive } from './multi-live.ts';
import styles from './Pages.module.css';
import type { ListModel, PageModel } from './page-model.ts';
import { champsPath, esportsPath, listPath, resultsPath, withParam } from './paths.ts';
import { Scoreboard } from './Scoreboard.tsx';
import { shiftDate } from './time.ts';

const TIME_FILTERS = [0, 1, 2, 3, 6];

function LoadError({ status }: { status: number | null }) {
  const t = useT('sports');
  return (
    <p className={styles.error} role="alert">
      {status === null ? t('load_error_network') : t('load_error', { status })}
    </p>
  );
}

function SectionSwitch({ model }: { model: ListModel }) {
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

function ListPage({ model }: { model: ListModel }) {
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

function HomePage({ model }: { model: Extract<PageModel, { kind: 'home' }> }) {
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

function MultiPage({ model }: { model: Extract<PageModel, { kind: 'multi' }> }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const [ids, toggle] = useMultiLive();
  const [games, setGames] = useState<GamePage[]>(model.games);
  // The server rendered the games of ?games=…; a player's saved choice (localStorage) loads here.
  useEffect(() => {
    if (model.games.length > 0) {
      setMultiLive(model.games.map((g) => g.id));
      return;
    }
    const saved = ids;
    if (saved.length === 0) return;
    void Promise.all(saved.map((id) => loadGame(browserApi, lng, id))).then((answers) =>
      setGames(answers.flatMap((a) => (a.ok ? [a.data] : []))),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const add = async (id: number) => {
    toggle(id);
    if (games.some((g) => g.id === id)) {
      setGames(games.filter((g) => g.id !== id));
      return;
    }
    const answer = await loadGame(browserApi, lng, id);
    if (answer.ok) setGames((list) => [...list, answer.data].slice(-4));
  };
  return (
    <>
      <p className={styles.note}>{t('multi.intro')}</p>
      {games.length === 0 ? <p className={styles.note}>{t('multi.empty')}</p> : null}
      <div className={gameStyles.multi}>
        {games.map((game) => (
          <div key={game.id} className={gameStyles.multiItem}>
            <GameView game={game} compact />
          </div>
        ))}
      </div>
      <h2 className={styles.sectionTitle}>{t('multi.pick')}</h2>
      <ul className={styles.pickList}>
        {model.candidates.map((game) => (
          <li key={game.id}>
            <button
              type="button"
              className={styles.pick}
              aria-pressed={ids.includes(game.id)}
              onClick={() => add(game.id)}
            >
              {ids.includes(game.id) ? '✓ ' : '+ '}
              {game.home.name} — {game.away.name}
              <span className={styles.pickScore}>
                {game.score.home}:{game.score.away}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function ResultsPage({ model }: { model: Extract<PageModel, { kind: 'results' }> }) {
  const t = useT('sports');
  const { lng, sports, url } = useSportsContext();
  const type = model.type === 'all' ? undefined : model.type;
  return (
    <>
      <div className={styles.filters}>
        <nav className={styles.segmented} aria-label={t('results.type_label')}>
          <a
            className={styles.segment}
            href={resultsPath(lng, undefined, model.date)}
            aria-current={model.type === 'all' ? 'page' : undefined}
          >
            {t('results.finished')}
          </a>
          <a
            className={styles.segment}
            href={resultsPath(lng, 'live')}
            aria-current={model.type === 'live' ? 'page' : undefined}
          >
            {t('results.live')}
          </a>
          <a
            className={styles.segment}
            href={resultsPath(lng, 'zone', model.date)}
            aria-current={model.type === 'zone' ? 'page' : undefined}
          >
            {t('results.zone')}
          </a>
        </nav>
        {model.type !== 'live' ? (
          <form className={styles.dateForm} method="get" action={url.split('?')[0]}>
            <a
              className={styles.segment}
              href={resultsPath(lng, type, shiftDate(model.date, -1), model.sportId ?? undefined)}
              aria-label={t('results.previous_day')}
            >
              ‹
            </a>
            <label className={styles.dateLabel}>
              {t('results.date')}
              <input type="date" name="date" defaultValue={model.date} className={styles.dateInput} />
            </label>
            <a
              className={styles.segment}
              href={resultsPath(lng, type, shiftDate(model.date, 1), model.sportId ?? undefined)}
              aria-label={t('results.next_day')}
            >
              ›
            </a>
            <select
              name="sport"
              defaultValue={model.sportId ?? ''}
              className={styles.dateInput}
              aria-label={t('results.sport')}
            >
              <option value="">{t('results.all_sports')}</option>
              {sports.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <Button type="submit" size="sm">
              {t('results.show')}
            </Button>
          </form>
        ) : null}
      </div>
      {model.error ? <LoadError status={model.error.status} /> : null}
      {model.type === 'live' ? (
        <EventList
          games={model.games}
          emptyText={t('empty_live')}
          bySport
          liveList={{ lng, sportIds: model.sportId ? [model.sportId] : null, champId: null, limit: 100 }}
        />
      ) : (
        <ResultsTable games={model.games} />
      )}
    </>
  );
}

function ResultsTable({ games }: { games: Game[] }) {
  const t = useT('sports');
  const { sports, lng } = useSportsContext();
  if (games.length === 0) return <p className={styles.note}>{t('results.none')}</p>;
  return (
    <table className={styles.results}>
      <thead>
        <tr>
          <th scope="col">{t('results.event')}</th>
          <th scope="col">{t('results.score')}</th>
          <th scope="col">{t('results.periods')}</th>
        </tr>
      </thead>
      <tbody>
        {games.map((game) => {
          const sport = sports.find((s) => s.id === game.sportId);
          return (
            <tr key={game.id}>
              <td>
                <span className={styles.resultChamp}>
                  <SportIcon slug={sport?.slug ?? ''} size={12} /> {game.champ.name}
                </span>
                <a href={`/${lng}/statistic?game=${game.id}`}>
                  {game.home.name} — {game.away.name}
                </a>
              </td>
              <td className={styles.num}>
                {game.status === 5 ? t('status.cancelled') : `${game.score.home}:${game.score.away}`}
              </td>
              <td className={styles.num}>{game.periodScores.map(([h, a]) => `${h}:${a}`).join(', ')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function StatisticPage({ model }: { model: Extract<PageModel, { kind: 'statistic' }> }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const game = model.game;
  if (!game)
    return (
      <EmptyState
        title={t('statistic.none_title')}
        text={t('statistic.none_text')}
        action={{ label: t('home_link'), href: `/${lng}/` }}
      />
    );
  const stats = Object.entries(game.stats);
  return (
    <div className={styles.section}>
      <Scoreboard game={game} />
      <Card as="section" className={styles.statCard}>
        <h2 className={styles.sectionTitle}>{t('statistic.match')}</h2>
        {stats.length === 0 && game.periodScores.length === 0 ? (
          <p className={styles.note}>{t('statistic.not_yet')}</p>
        ) : null}
        <dl className={styles.statList}>
          {stats.map(([stat, [home, away]]) => {
            const total = home + away || 1;
            return (
              <div key={stat} className={styles.statRow}>
                <dt>{t(`stat.${stat}`)}</dt>
                <dd>
                  <span className={styles.num}>{home}</span>
                  <span className={styles.bar} aria-hidden="true">
                    <span style={{ width: `${(home / total) * 100}%` }} />
                  </span>
                  <span className={styles.num}>{away}</span>
                </dd>
              </div>
            );
          })}
        </dl>
        <p className={styles.note}>
          {t('statistic.id')}: {game.statisticId ?? '—'}
        </p>
        {!model.popup ? (
          <a href={`/${lng}/statisticpopup?game=${game.id}`} target="_blank" rel="noopener">
            {t('statistic.popup')}
          </a>
        ) : null}
      </Card>
    </div>
  );
}

function ChampsPage({ model }: { model: Extract<PageModel, { kind: 'champs' }> }) {
  const t = useT('sports');
  const { lng, sports } = useSportsContext();
  const sport = sports.find((s) => s.id === model.sportId);
  return (
    <>
      <nav className={styles.segmented} aria-label={t('menu.sports')}>
        {sports.slice(0, 12).map((s) => (
          <a
            key={s.id}
            className={styles.segment}
            href={`${champsPath(lng)}?sport=${s.slug}`}
            aria-current={s.id === model.sportId ? 'page' : undefined}
          >
            {s.name}
          </a>
        ))}
      </nav>
      <ul className={styles.champGrid}>
        {model.champs.map((champ) => (
          <li key={champ.id}>
            <a
              className={styles.champTile}
              href={
                sport
                  ? listPath(lng, champ.liveCount > 0 ? 'live' : 'line', sport.slug, champ)
                  : champsPath(lng, champ)
              }
            >
              <span>
                {champ.isTop ? '★ ' : ''}
                {champ.name}
              </span>
              <span className={styles.note}>{champ.country.name}</span>
              <span className={styles.sportCounts}>
                {champ.liveCount > 0 ? <span className={styles.liveCount}>{champ.liveCount}</span> : null}
                <span>{champ.lineCount}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function FavoritesPage() {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const [favorites] = useFavorites();
  const [games, setGames] = useState<Game[] | null>(null);
  useEffect(() => {
    void Promise.all(favorites.games.slice(0, 30).map((id) => loadGame(browserApi, lng, id))).then(
      (answers) =>
        setGames(
          answers.flatMap((a) =>
            a.ok && a.data.status !== 4 && a.data.status !== 5 ? [toListGame(a.data)] : [],
          ),
        ),
    );
  }, [favorites.games, lng]);
  return (
    <>
      <p className={styles.note}>{t('favorites.guest_note')}</p>
      {games === null ? (
        <p className={styles.note}>{t('loading')}</p>
      ) : (
        <EventList games={games} emptyText={t('favorites.empty')} />
      )}
    </>
  );
}

function DisciplinesPage({ model }: { model: Extract<PageModel, { kind: 'disciplines' }> }) {
  const { lng } = useSportsContext();
  return (
    <ul className={styles.sportGrid}>
      {model.sports.map((sport) => (
        <li key={sport.id}>
          <a className={styles.sportTile} href={esportsPath(lng, model.type, sport.slug)}>
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
  );
}

function EsportsNav() {
  const t = useT('sports');
  const { lng, url } = useSportsContext();
  return (
    <nav className={styles.segmented} aria-label={t('esports.types')}>
      {(['real', 'virtual', 'stream'] as const).map((type) => (
        <a
          key={type}
          className={styles.segment}
          href={esportsPath(lng, type)}
          aria-current={
            url.startsWith(`/${lng}/esports/${type}`) || url.startsWith(`/${lng}/cyber/${type}`)
              ? 'page'
              : undefined
          }
        >
          {t(`esports.${type}`)}
        </a>
      ))}
      <a className={styles.segment} href={`${esportsPath(lng, 'real')}/disciplines`}>
        {t('esports.disciplines')}
      </a>
    </nav>
  );
}

export function PageBody({ page, routeId }: { page: PageModel; routeId: string }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
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
        return page.team ? (
          <EventList games={page.games} emptyText={t('team.no_games')} />
        ) : (
          <EmptyState
            title={t('team.unknown')}
            text={t('team.unknown_text')}
            action={{ label: t('home_link'), href: `/${lng}/` }}
          />
        );
      case 'player':
        return (
          <EmptyState
            title={t('player.title')}
            text={t('player.text')}
            action={{ label: t('home_link'), href: `/${lng}/` }}
          />
        );
      case 'disciplines':
        return <DisciplinesPage model={page} />;
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
