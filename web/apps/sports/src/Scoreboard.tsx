/** The scoreboard of a game: teams, score, clock and period, the scores by period and the counted statistics. */
import { useT } from '@parlay/i18n/runtime.tsx';
import { SportIcon } from '@parlay/ui/index.ts';
import { useSport, useSportsContext } from './context.tsx';
import { useFavorites } from './favorites.ts';
import styles from './Game.module.css';
import { GameStatusText, usePeriodName } from './GameClock.tsx';
import type { Game } from './model.ts';
import { useMultiLive } from './multi-live.ts';
import { statisticPath } from './paths.ts';
import { formatDay, formatTime } from './time.ts';

export function Scoreboard({ game }: { game: Game }) {
  const t = useT('sports');
  const { lng, timeZone } = useSportsContext();
  const sport = useSport(game.sportId);
  const [favorites, toggleFavorite] = useFavorites();
  const [multi, toggleMulti] = useMultiLive();
  const periodName = usePeriodName(game);
  const started = game.status !== 0;
  const favorite = favorites.games.includes(game.id);
  const inMulti = multi.includes(game.id);
  return (
    <section className={styles.scoreboard} aria-label={t('scoreboard')} data-status={game.status}>
      <div className={styles.sbTop}>
        <SportIcon slug={sport?.slug ?? ''} size={16} />
        <span>
          {game.champ.country.name} · {game.champ.name}
        </span>
        <span className={styles.sbNumber}>#{game.number}</span>
      </div>
      <div className={styles.sbMain}>
        <span className={styles.sbTeam}>{game.home.name}</span>
        <div className={styles.sbCentre}>
          {started ? (
            <span className={styles.sbScore} data-testid="score">
              {game.score.home} : {game.score.away}
            </span>
          ) : (
            <span className={styles.sbStart}>
              {formatTime(game.startAt, timeZone)}
              <small>{formatDay(game.startAt, timeZone)}</small>
            </span>
          )}
          <span className={styles.sbStatus} data-live={started ? 'true' : undefined}>
            {started ? <GameStatusText game={game} /> : t('status.not_started')}
          </span>
        </div>
        <span className={`${styles.sbTeam} ${styles.sbAway}`}>{game.away.name}</span>
      </div>
      {game.periodScores.length > 0 ? (
        <table className={styles.periods}>
          <caption className={styles.caption}>{t('period_scores')}</caption>
          <thead>
            <tr>
              <th scope="col">{periodName}</th>
              {game.periodScores.map((_, i) => (
                <th key={i} scope="col">
                  {i + 1}
                </th>
              ))}
              {Object.keys(game.stats).map((stat) => (
                <th key={stat} scope="col">
                  {t(`stat.${stat}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['home', 'away'] as const).map((side, row) => (
              <tr key={side}>
                <th scope="row">{game[side].name}</th>
                {game.periodScores.map((pair, i) => (
                  <td key={i}>{pair[row]}</td>
                ))}
                {Object.entries(game.stats).map(([stat, pair]) => (
                  <td key={stat}>{pair[row]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className={styles.sbActions}>
        <button
          type="button"
          className={styles.action}
          aria-pressed={favorite}
          onClick={() => toggleFavorite('games', game.id)}
        >
          {favorite ? '★' : '☆'} {t(favorite ? 'favorites.remove_game' : 'favorites.add_game')}
        </button>
        {started ? (
          <button
            type="button"
            className={styles.action}
            aria-pressed={inMulti}
            onClick={() => toggleMulti(game.id)}
          >
            ⊞ {t(inMulti ? 'multi.remove' : 'multi.add')}
          </button>
        ) : null}
        <a className={styles.action} href={statisticPath(lng, game.id)}>
          {t('statistic.link')}
        </a>
      </div>
    </section>
  );
}
