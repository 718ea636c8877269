/** Championships, favourites and the esports disciplines. */

import { browserApi, callApi } from '@parlay/client/api.ts';
import { isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { SportIcon } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { loadGame } from './api.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import { FAVORITES_PATH, useFavorites, useFavoritesMode } from './favorites.ts';
import { type Game, toListGame } from './model.ts';
import styles from './Pages.module.css';
import type { PageModel } from './page-model.ts';
import { champsPath, esportsPath, listPath } from './paths.ts';

export function ChampsPage({ model }: { model: Extract<PageModel, { kind: 'champs' }> }) {
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

interface FavoriteChamp {
  id: number;
  sportId: number;
  name: string;
  country: { name: string };
}

/** The signed-in player's list from the server, or a guest's games read one by one. */
function useFavoriteGames(): { games: Game[] | null; champs: FavoriteChamp[] } {
  const { lng } = useSportsContext();
  const [favorites] = useFavorites();
  const mode = useFavoritesMode();
  const [loaded, setLoaded] = useState<{ games: Game[]; champs: FavoriteChamp[] } | null>(null);
  useEffect(() => {
    let live = true;
    if (mode === 'server') {
      void callApi<{ gameList: Game[]; champList: FavoriteChamp[] }>(`${FAVORITES_PATH}?lang=${lng}`).then(
        (answer) => {
          if (live && answer.ok)
            setLoaded({ games: answer.data.gameList.map(toListGame), champs: answer.data.champList });
        },
      );
    } else {
      void Promise.all(favorites.games.slice(0, 30).map((id) => loadGame(browserApi, lng, id))).then(
        (answers) => {
          if (!live) return;
          const open = answers.flatMap((a) =>
            a.ok && !isOverStatus(a.data.status) ? [toListGame(a.data)] : [],
          );
          setLoaded({ games: open, champs: [] });
        },
      );
    }
    return () => {
      live = false;
    };
  }, [favorites, mode, lng]);
  if (!loaded) return { games: null, champs: [] };
  // A game removed here leaves at once, before the server answers.
  return {
    games: loaded.games.filter((g) => favorites.games.includes(g.id)),
    champs: loaded.champs.filter((c) => favorites.champs.includes(c.id)),
  };
}

export function FavoritesPage() {
  const t = useT('sports');
  const { lng, sports } = useSportsContext();
  const mode = useFavoritesMode();
  const { games, champs } = useFavoriteGames();
  return (
    <div data-testid="favorites-page" data-favorites-mode={mode}>
      <p className={styles.note}>
        {t(mode === 'server' ? 'favorites.account_note' : 'favorites.guest_note')}
      </p>
      {champs.length > 0 ? (
        <>
          <h2 className={styles.sectionTitle}>{t('favorites.champs')}</h2>
          <ul className={styles.champGrid}>
            {champs.map((champ) => {
              const sport = sports.find((s) => s.id === champ.sportId);
              return (
                <li key={champ.id}>
                  <a
                    className={styles.champTile}
                    href={sport ? listPath(lng, 'line', sport.slug, champ) : champsPath(lng, champ)}
                  >
                    <span>{champ.name}</span>
                    <span className={styles.note}>{champ.country.name}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {games === null ? (
        <p className={styles.note}>{t('loading')}</p>
      ) : (
        <EventList games={games} emptyText={t('favorites.empty')} />
      )}
    </div>
  );
}

export function DisciplinesPage({ model }: { model: Extract<PageModel, { kind: 'disciplines' }> }) {
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

export function EsportsNav() {
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
