import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, SportIcon } from '@parlay/ui/index.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import { LoadError } from './LoadError.tsx';
import type { Game } from './model.ts';
import styles from './Pages.module.css';
import type { PageModel } from './page-model.ts';
import { resultsPath } from './paths.ts';
import { shiftDate } from './time.ts';

export function ResultsPage({ model }: { model: Extract<PageModel, { kind: 'results' }> }) {
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

export function ResultsTable({ games }: { games: Game[] }) {
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
                {game.status === GAME_STATUS.CANCELLED
                  ? t('status.cancelled')
                  : `${game.score.home}:${game.score.away}`}
              </td>
              <td className={styles.num}>{game.periodScores.map(([h, a]) => `${h}:${a}`).join(', ')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
