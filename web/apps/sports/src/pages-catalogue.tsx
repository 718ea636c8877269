/** Championships, favourites and the esports disciplines. */
import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { SportIcon } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { loadGame } from './api.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import { useFavorites } from './favorites.ts';
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

export function FavoritesPage() {
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
