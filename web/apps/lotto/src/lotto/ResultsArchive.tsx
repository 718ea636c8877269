/** The results archive: a game's past draws, newest first, with their numbers and sales, paged. */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { EmptyState } from '@parlay/ui/index.ts';
import { Balls, when } from '../common/common.tsx';
import styles from '../LottoApp.module.css';
import type { DrawPage, GameView } from '../model.ts';

export function ResultsArchive({
  games,
  gameId,
  draws,
  lng,
  timeZone,
}: {
  games: GameView[];
  gameId: string | null;
  draws: DrawPage | null;
  lng: string;
  timeZone: number;
}) {
  const t = useT('lotto');
  const format = useFormat();
  const current = gameId ?? games[0]?.gameId ?? null;
  const game = games.find((g) => g.gameId === current) ?? null;
  const pages = draws ? Math.max(1, Math.ceil(draws.total / draws.pageSize)) : 1;
  const pageHref = (page: number) => `/${lng}/lotto/results?game=${current}&page=${page}`;
  return (
    <div className={styles.stack} data-testid="lotto-results">
      <nav aria-label={t('results.games')} className={styles.chips}>
        {games.map((g) => (
          <a
            key={g.gameId}
            href={`/${lng}/lotto/results?game=${g.gameId}`}
            className={styles.chip}
            aria-current={g.gameId === current ? 'page' : undefined}
          >
            {t(`games.${g.gameId}`)}
          </a>
        ))}
      </nav>
      {!draws || draws.items.length === 0 ? (
        <EmptyState title={t('results.empty')} text={t('results.empty_text')} />
      ) : (
        <ul className={styles.list}>
          {draws.items.map((draw) => (
            <li key={draw.drawId} className={styles.listItem}>
              <div className={styles.listMain}>
                <a href={`/${lng}/lotto/results/${draw.drawId}`} className={styles.link}>
                  {t('draw.title', { game: t(`games.${draw.gameId}`), id: draw.drawId })}
                </a>
                <span className={styles.muted}>{when(lng, draw.drawAt, timeZone)}</span>
              </div>
              {draw.numbers ? (
                <Balls
                  numbers={draw.numbers}
                  bonus={draw.bonus === null ? [] : [draw.bonus]}
                  label={t('draw.numbers')}
                  size="sm"
                />
              ) : (
                <span className={styles.badge}>{t(`draw_status.${draw.status}`)}</span>
              )}
              <span className={styles.muted}>
                {t('results.tickets', { count: Number(draw.tickets) })} ·{' '}
                {format.money(draw.salesMinor, game?.currency ?? 'RUB')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {draws && pages > 1 ? (
        <nav aria-label={t('common.pages')} className={styles.row}>
          {draws.page > 1 ? (
            <a className={styles.link} href={pageHref(draws.page - 1)}>
              {t('common.newer')}
            </a>
          ) : null}
          <span className={styles.muted}>{t('common.page_of', { page: draws.page, pages })}</span>
          {draws.page < pages ? (
            <a className={styles.link} href={pageHref(draws.page + 1)}>
              {t('common.older')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
