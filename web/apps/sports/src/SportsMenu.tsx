/** The left sports menu: search, shortcuts, top championships, sports with counts, countries and champs. */

import { browserApi } from '@parlay/client/api.ts';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { SportIcon } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { loadChamps, loadSearch } from './api.ts';
import { useSportsContext } from './context.tsx';
import styles from './Layout.module.css';
import type { Champ, SearchResult, Sport } from './model.ts';
import type { MenuModel } from './page-model.ts';
import { esportsPath, gamePath, listPath, resultsPath, type Section, teamPath } from './paths.ts';
import { useSportsView } from './sports-view.ts';
import { ViewSettingsPanel } from './ViewSettingsPanel.tsx';

const SEARCH_DELAY_MS = 250;

function SearchBox() {
  const t = useT('sports');
  const { lng, sports } = useSportsContext();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<SearchResult | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResult(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(async () => {
      const answer = await loadSearch(browserApi, lng, q);
      if (!stale) setResult(answer.ok ? answer.data : { teams: [], games: [] });
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query, lng]);
  const sportOf = (id: number) => sports.find((s) => s.id === id) ?? { slug: 'sport' };
  return (
    <search className={styles.search}>
      <input
        type="search"
        className={styles.searchInput}
        placeholder={t('search.placeholder')}
        value={query}
        maxLength={50}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t('search.label')}
      />
      {result ? (
        <section className={styles.searchResults} aria-live="polite" aria-label={t('search.results')}>
          {result.teams.length === 0 && result.games.length === 0 ? (
            <p className={styles.muted}>{t('search.nothing', { query: query.trim() })}</p>
          ) : null}
          {result.teams.length ? <h3 className={styles.menuHeading}>{t('search.teams')}</h3> : null}
          <ul className={styles.menuList}>
            {result.teams.slice(0, 6).map((team) => (
              <li key={team.id}>
                <a
                  className={styles.menuLink}
                  href={`${teamPath(lng, 'line', team)}?name=${encodeURIComponent(team.name)}`}
                >
                  <SportIcon slug={sportOf(team.sportId).slug} size={14} />
                  <span className={styles.menuName}>{team.name}</span>
                </a>
              </li>
            ))}
          </ul>
          {result.games.length ? <h3 className={styles.menuHeading}>{t('search.games')}</h3> : null}
          <ul className={styles.menuList}>
            {result.games.slice(0, 8).map((game) => (
              <li key={game.id}>
                <a className={styles.menuLink} href={gamePath(lng, game, sportOf(game.sportId))}>
                  <span className={styles.menuName}>
                    {game.home.name} — {game.away.name}
                  </span>
                  {game.status !== GAME_STATUS.NOT_STARTED ? (
                    <span className={styles.liveBadge}>{t('live_badge')}</span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </search>
  );
}

function ChampLinks({ champs, sport, section }: { champs: Champ[]; sport: Sport; section: Section }) {
  const { lng } = useSportsContext();
  const { groupByCountry } = useSportsView();
  const t = useT('sports');
  const countries = new Map<number, { name: string; champs: Champ[] }>();
  for (const champ of champs) {
    const entry = countries.get(champ.country.id) ?? { name: champ.country.name, champs: [] };
    entry.champs.push(champ);
    countries.set(champ.country.id, entry);
  }
  if (champs.length === 0) return <p className={styles.muted}>{t('menu.no_champs')}</p>;
  if (!groupByCountry) {
    return (
      <ul className={styles.menuList} data-testid="menu-champs-flat">
        {champs.map((champ) => (
          <li key={champ.id}>
            <a className={styles.champLink} href={listPath(lng, section, sport.slug, champ)}>
              <span className={styles.menuName}>
                {champ.name} <span className={styles.count}>{champ.country.name}</span>
              </span>
              <span className={styles.count}>{section === 'live' ? champ.liveCount : champ.lineCount}</span>
            </a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={styles.countries}>
      {[...countries.entries()].map(([id, country]) => (
        <li key={id}>
          <details open={countries.size <= 3}>
            <summary className={styles.country}>
              <span className={styles.menuName}>{country.name}</span>
              <span className={styles.count}>
                {country.champs.reduce((n, c) => n + (section === 'live' ? c.liveCount : c.lineCount), 0)}
              </span>
            </summary>
            <ul className={styles.menuList}>
              {country.champs.map((champ) => (
                <li key={champ.id}>
                  <a className={styles.champLink} href={listPath(lng, section, sport.slug, champ)}>
                    <span className={styles.menuName}>{champ.name}</span>
                    <span className={styles.count}>
                      {section === 'live' ? champ.liveCount : champ.lineCount}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

function SportItem({ sport, menu }: { sport: Sport; menu: MenuModel }) {
  const { lng } = useSportsContext();
  const t = useT('sports');
  const current = sport.id === menu.sportId;
  const [open, setOpen] = useState(current);
  const [champs, setChamps] = useState<Champ[] | null>(current ? menu.champs : null);
  const count = menu.section === 'live' ? sport.liveCount : sport.lineCount;
  const toggle = async () => {
    setOpen(!open);
    if (!open && champs === null) {
      const answer = await loadChamps(browserApi, lng, sport.id, menu.section);
      setChamps(answer.ok ? answer.data : []);
    }
  };
  return (
    <li className={styles.sportItem} data-current={current ? 'true' : undefined}>
      <div className={styles.sportRow}>
        <a
          className={styles.menuLink}
          href={listPath(lng, menu.section, sport.slug)}
          aria-current={current ? 'page' : undefined}
        >
          <SportIcon slug={sport.slug} size={16} />
          <span className={styles.menuName}>{sport.name}</span>
          {sport.liveCount > 0 && menu.section === 'line' ? (
            <span className={styles.liveCount}>{sport.liveCount}</span>
          ) : null}
          <span className={menu.section === 'live' && count > 0 ? styles.liveCount : styles.count}>
            {count}
          </span>
        </a>
        <button
          type="button"
          className={styles.expand}
          aria-expanded={open}
          aria-label={t(open ? 'menu.collapse' : 'menu.expand', { name: sport.name })}
          onClick={toggle}
        >
          {open ? '−' : '+'}
        </button>
      </div>
      {open ? (
        champs === null ? (
          <p className={styles.muted}>{t('loading')}</p>
        ) : (
          <ChampLinks champs={champs} sport={sport} section={menu.section} />
        )
      ) : null}
    </li>
  );
}

export function SportsMenu({ menu }: { menu: MenuModel }) {
  const t = useT('sports');
  const { lng, sports } = useSportsContext();
  const liveTotal = sports.reduce((n, s) => n + s.liveCount, 0);
  const regular = menu.sports.filter((s) => !s.isEsport && !s.isVirtual);
  const cyber = menu.sports.filter((s) => s.isEsport || s.isVirtual);
  return (
    <nav className={styles.menu} aria-label={t('menu.label')}>
      <SearchBox />
      <ul className={styles.shortcuts}>
        <li>
          <a className={styles.menuLink} href={listPath(lng, 'live')}>
            <span className={styles.liveDotSmall} aria-hidden="true" />
            <span className={styles.menuName}>{t('menu.live')}</span>
            <span className={styles.liveCount}>{liveTotal}</span>
          </a>
        </li>
        <li>
          <a className={styles.menuLink} href={listPath(lng, 'line')}>
            <span className={styles.menuName}>{t('menu.line')}</span>
          </a>
        </li>
        <li>
          <a className={styles.menuLink} href={`/${lng}/top-events/line`}>
            <span className={styles.menuName}>{t('menu.top_events')}</span>
          </a>
        </li>
        <li>
          <a className={styles.menuLink} href={`/${lng}/multi`}>
            <span className={styles.menuName}>{t('menu.multi')}</span>
          </a>
        </li>
        <li>
          <a className={styles.menuLink} href={resultsPath(lng)}>
            <span className={styles.menuName}>{t('menu.results')}</span>
          </a>
        </li>
        <li>
          <a className={styles.menuLink} href={`/${lng}/top-sports/cricket/favorites`}>
            <span className={styles.menuName}>{t('menu.favorites')}</span>
          </a>
        </li>
      </ul>
      {menu.topChamps.length ? (
        <>
          <h2 className={styles.menuHeading}>{t('menu.top_champs')}</h2>
          <ul className={styles.menuList}>
            {menu.topChamps.map((champ) => {
              const sport = sports.find((s) => s.id === champ.sportId);
              return sport ? (
                <li key={champ.id}>
                  <a className={styles.menuLink} href={listPath(lng, menu.section, sport.slug, champ)}>
                    <SportIcon slug={sport.slug} size={14} />
                    <span className={styles.menuName}>
                      {champ.name} <span className={styles.count}>{champ.country.name}</span>
                    </span>
                    <span className={styles.count}>
                      {menu.section === 'live' ? champ.liveCount : champ.lineCount}
                    </span>
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        </>
      ) : null}
      <h2 className={styles.menuHeading}>{t('menu.sports')}</h2>
      <ul className={styles.menuList}>
        {regular.map((sport) => (
          <SportItem key={sport.id} sport={sport} menu={menu} />
        ))}
      </ul>
      <h2 className={styles.menuHeading}>
        <a href={esportsPath(lng, 'real')}>{t('menu.esports')}</a>
      </h2>
      <ul className={styles.menuList}>
        {cyber.map((sport) => (
          <SportItem key={sport.id} sport={sport} menu={menu} />
        ))}
      </ul>
      <ViewSettingsPanel />
    </nav>
  );
}
