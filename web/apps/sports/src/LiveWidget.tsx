/** The right column's live widget: a few top live games with their scores, kept live. */
import { browserApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Skeleton, SportIcon } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { loadList } from './api.ts';
import { useSportsContext } from './context.tsx';
import { GameStatusText } from './GameClock.tsx';
import styles from './Layout.module.css';
import { type Game, toListGame } from './model.ts';
import { gamePath } from './paths.ts';
import { useLiveGames } from './use-live.ts';

const WIDGET_GAMES = 5;

export function LiveWidget() {
  const t = useT('sports');
  const { lng, sports } = useSportsContext();
  const [initial, setInitial] = useState<Game[] | null>(null);
  useEffect(() => {
    let stale = false;
    void loadList(browserApi, lng, 'live', { limit: 40 }).then((answer) => {
      if (stale) return;
      const games = answer.ok ? answer.data.games.map(toListGame) : [];
      games.sort((a, b) => Number(b.isTop || b.champ.isTop) - Number(a.isTop || a.champ.isTop));
      setInitial(games.slice(0, WIDGET_GAMES));
    });
    return () => {
      stale = true;
    };
  }, [lng]);
  const { games } = useLiveGames(initial ?? []);
  return (
    <section className={styles.widget} aria-labelledby="live-widget-heading">
      <h2 id="live-widget-heading" className={styles.widgetTitle}>
        <span className={styles.liveDotSmall} aria-hidden="true" />
        {t('widget.live')}
      </h2>
      {initial === null ? (
        <div className={styles.widgetSkeleton}>
          <Skeleton height="44px" />
          <Skeleton height="44px" />
          <Skeleton height="44px" />
        </div>
      ) : games.length === 0 ? (
        <p className={styles.muted}>{t('widget.none')}</p>
      ) : (
        <ul className={styles.widgetList}>
          {games.map((game) => {
            const sport = sports.find((s) => s.id === game.sportId);
            return (
              <li key={game.id}>
                <a className={styles.widgetGame} href={gamePath(lng, game, sport ?? { slug: 'sport' })}>
                  <span className={styles.widgetMeta}>
                    <SportIcon slug={sport?.slug ?? ''} size={12} />
                    <span className={styles.menuName}>{game.champ.name}</span>
                    <span className={styles.widgetClock}>
                      <GameStatusText game={game} withPeriod={false} />
                    </span>
                  </span>
                  <span className={styles.widgetTeam}>
                    <span className={styles.menuName}>{game.home.name}</span>
                    <b>{game.score.home}</b>
                  </span>
                  <span className={styles.widgetTeam}>
                    <span className={styles.menuName}>{game.away.name}</span>
                    <b>{game.score.away}</b>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
