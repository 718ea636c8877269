/** The scoreboard of a game: teams, score, clock and period, the scores by period and the counted statistics. */
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { SportIcon } from '@parlay/ui/index.ts';
import { useSport, useSportsContext } from './context.tsx';
import { useFavorites } from './favorites.ts';
import styles from './Game.module.css';
import { GameStatusText, usePeriodName } from './GameClock.tsx';
import type { Game } from './model.ts';
import { useMultiLive } from './multi-live.ts';
import { competitorPath, sectionOf, statisticPath } from './paths.ts';
import { useClock, useSportsView } from './sports-view.ts';
import { formatClockTime, formatDayMonth } from './time.ts';

export function Scoreboard({ game }: { game: Game }) {
  const t = useT('sports');
  const markets = useT('markets');
  const { lng } = useSportsContext();
  const clock = useClock();
  const sport = useSport(game.sportId);
  const [favorites, toggleFavorite] = useFavorites();
  const [multi, toggleMulti] = useMultiLive();
  const periodName = usePeriodName(game);
  const view = useSportsView();
  const started = game.status !== GAME_STATUS.NOT_STARTED;
  const section = sectionOf(game);
  const favorite = favorites.games.includes(game.id);
  const inMulti = multi.includes(game.id);
  return (
    <section className={styles.scoreboard} aria-label={t('scoreboard')} data-status={game.status}>
      <div className={styles.sbTop}>
        <SportIcon slug={sport?.slug ?? ''} size={16} />
        <span>
          {game.champ.country.name} · {game.champ.name}
        </span>
        {view.showGameId ? (
          <span className={styles.sbNumber} data-testid="game-number">
            #{game.number}
          </span>
        ) : null}
      </div>
      <div className={styles.sbMain}>
        <a className={styles.sbTeam} href={competitorPath(lng, sport?.slug ?? '', section, game.home)}>
          {game.home.name}
        </a>
        <div className={styles.sbCentre}>
          {started ? (
            <span className={styles.sbScore} data-testid="score">
              {game.score.home} : {game.score.away}
            </span>
          ) : (
            <span className={styles.sbStart}>
              {formatClockTime(game.startAt, clock)}
              <small>{formatDayMonth(game.startAt, lng, clock)}</small>
            </span>
          )}
          <span className={styles.sbStatus} data-live={started ? 'true' : undefined}>
            {started ? <GameStatusText game={game} /> : t('status.not_started')}
          </span>
        </div>
        <a
          className={`${styles.sbTeam} ${styles.sbAway}`}
          href={competitorPath(lng, sport?.slug ?? '', section, game.away)}
        >
          {game.away.name}
        </a>
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
                  {markets(`stat.${stat}`)}
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
