/** The team page and player-info: who it is, its games in play, its next games and its latest results. */
import { useT } from '@parlay/i18n/runtime.tsx';
import { EmptyState, SportIcon } from '@parlay/ui/index.ts';
import { useSportsContext } from './context.tsx';
import { EventList } from './EventList.tsx';
import styles from './Pages.module.css';
import type { PageModel } from './page-model.ts';
import { ResultsTable } from './pages-results.tsx';
import { listPath, type Section } from './paths.ts';

export function TeamPageView({ model }: { model: Extract<PageModel, { kind: 'team' }> }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const { team } = model;
  const prefix = model.player ? 'player' : 'team';
  if (!team) {
    return (
      <EmptyState
        title={t(`${prefix}.unknown`)}
        text={
          model.error?.status === 404
            ? t(`${prefix}.unknown_text`)
            : t('load_error', { status: model.error?.status ?? '—' })
        }
        action={{ label: t('home_link'), href: `/${lng}/` }}
      />
    );
  }
  const sections: Section[] = model.section === 'line' ? ['line', 'live'] : ['live', 'line'];
  return (
    <div className={styles.section} data-testid="team-page" data-team-id={team.id}>
      <p className={styles.note}>
        <SportIcon slug={team.sport.slug} size={14} />{' '}
        <a href={listPath(lng, 'line', team.sport.slug)}>{team.sport.name}</a>
        {team.country ? ` · ${team.country.name}` : ''}
        {model.player ? ` · ${t('player.kind')}` : ''}
      </p>
      {sections.map((section) =>
        section === 'live' ? (
          model.live.length > 0 || model.section === 'live' ? (
            <section key="live" aria-label={t('team.live')}>
              <h2 className={styles.sectionTitle}>{t('team.live')}</h2>
              <EventList games={model.live} emptyText={t('team.no_live')} />
            </section>
          ) : null
        ) : (
          <section key="line" aria-label={t('team.upcoming')}>
            <h2 className={styles.sectionTitle}>{t('team.upcoming')}</h2>
            <EventList games={model.line} emptyText={t('team.no_upcoming')} />
          </section>
        ),
      )}
      <section aria-label={t('team.results')}>
        <h2 className={styles.sectionTitle}>{t('team.results')}</h2>
        <ResultsTable games={model.results} />
      </section>
    </div>
  );
}
