/** Games grouped under championship headers, kept live over /ws. */
import { useT } from '@parlay/i18n/runtime.tsx';
import { SportIcon } from '@parlay/ui/index.ts';
import { useSportsContext } from './context.tsx';
import { ChampHeader, EventRow } from './EventRow.tsx';
import styles from './Events.module.css';
import { groupByChamp, groupByCountry } from './markets.ts';
import type { Game } from './model.ts';
import { listPath, sectionOf } from './paths.ts';
import { useSportsView } from './sports-view.ts';
import { type LiveListFilter, useLiveGames } from './use-live.ts';

export interface EventListProps {
  games: Game[];
  /** Live lists also take games entering and leaving the live list. */
  liveList?: LiveListFilter | null;
  emptyText: string;
  /** Group by sport first (home, esports): a sport header over its champs. */
  bySport?: boolean;
  testId?: string;
}

export function EventList({
  games: initial,
  liveList = null,
  emptyText,
  bySport = false,
  testId,
}: EventListProps) {
  const { games, moves } = useLiveGames(initial, { liveList });
  const { sports, lng } = useSportsContext();
  const view = useSportsView();
  const t = useT('sports');
  if (games.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  const sportOrder = (id: number) => sports.find((s) => s.id === id)?.position ?? 999;
  const ordered = bySport ? [...games].sort((a, b) => sportOrder(a.sportId) - sportOrder(b.sportId)) : games;
  const groups = view.groupByCountry ? groupByCountry(groupByChamp(ordered)) : groupByChamp(ordered);
  let lastSport = -1;
  let lastCountry = -1;
  return (
    <div
      className={styles.list}
      data-testid={testId}
      data-compact={view.compact ? 'true' : undefined}
      data-asian={view.asian ? 'true' : undefined}
    >
      {groups.map((group) => {
        const sport = sports.find((s) => s.id === group.sportId);
        const first = group.games[0];
        const threeWay = group.games.some((g) => g.markets.some((m) => m.isMain && m.type === 'result'));
        const sportHeader = bySport && group.sportId !== lastSport;
        const countryHeader = view.groupByCountry && (sportHeader || group.champ.country.id !== lastCountry);
        lastSport = group.sportId;
        lastCountry = group.champ.country.id;
        return (
          <section key={group.champ.id} className={styles.block} aria-label={group.champ.name}>
            {sportHeader && sport ? (
              <h2 className={styles.sportHeader}>
                <SportIcon slug={sport.slug} size={18} />
                {sport.name}
              </h2>
            ) : null}
            {countryHeader ? (
              <h3 className={styles.countryHeader} data-testid="country-header">
                {group.champ.country.name}
              </h3>
            ) : null}
            <ChampHeader
              name={group.champ.name}
              country={view.groupByCountry ? undefined : group.champ.country.name}
              href={sport && first ? listPath(lng, sectionOf(first), sport.slug, group.champ) : undefined}
              threeWay={threeWay}
              champId={group.champ.id}
            />
            <ul className={styles.rows} aria-label={t('events_of', { name: group.champ.name })}>
              {group.games.map((game) => (
                <EventRow key={game.id} game={game} moves={moves} threeWay={threeWay} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
