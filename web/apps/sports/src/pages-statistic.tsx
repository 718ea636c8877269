/**
 * The statistics page and popup (site-shell §2): the game's scoreboard and figures, both teams'
 * form, their head-to-head and the table of the championship; or, from ?champ=, the table alone.
 * Teams are named, never numbered: ids only build links.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { formatDate } from '@parlay/mf/clock.ts';
import { Card, EmptyState, VisuallyHidden } from '@parlay/ui/index.ts';
import { useSportsContext } from './context.tsx';
import type { GamePage } from './model.ts';
import type { PageModel } from './page-model.ts';
import { statisticPath } from './paths.ts';
import { Scoreboard } from './Scoreboard.tsx';
import styles from './Statistics.module.css';
import { useClock } from './sports-view.ts';
import {
  type BracketRound,
  bracketRounds,
  type ChampStatistics,
  type DrawMatch,
  type DrawPlayer,
  type FormLetter,
  type GameStatistics,
  type GoalLine,
  goalLines,
  matchResult,
  type Scorer,
  type StatLine,
  scorerUnitOf,
  seriesMaps,
  type TableRow,
} from './statistics-model.ts';

type StatisticModel = Extract<PageModel, { kind: 'statistic' }>;

export function StatisticPage({ model }: { model: StatisticModel }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const { game, stats, table } = model;
  if (!game && !table)
    return (
      <EmptyState
        title={t('statistic.none_title')}
        text={t('statistic.none_text')}
        action={{ label: t('home_link'), href: `/${lng}/` }}
      />
    );
  return (
    <div className={styles.page} data-popup={model.popup ? 'true' : undefined}>
      {/* A champ's page has the shell's heading ("Statistics: <champ>") and no scoreboard. */}
      {game ? <Scoreboard game={game} /> : null}
      <div className={styles.grid}>
        {game ? <MatchCard game={game} stats={stats} /> : null}
        {game && stats ? <FormCard stats={stats} /> : null}
        {game && stats ? <HeadToHeadCard stats={stats} /> : null}
        {table?.draw ? <DrawCard rounds={bracketRounds(table.draw)} /> : null}
        {table ? <TableCard table={table} focus={game} /> : null}
        {table?.scorers?.length ? <ScorersCard table={table} scorers={table.scorers} /> : null}
      </div>
      {game && !model.popup ? (
        <a
          className={styles.popupLink}
          href={statisticPath(lng, game.id, true)}
          target="_blank"
          rel="noopener"
        >
          {t('statistic.popup')}
        </a>
      ) : null}
    </div>
  );
}

function MatchCard({ game, stats }: { game: GamePage; stats: GameStatistics | null }) {
  const t = useT('sports');
  const lines = stats?.match ?? [];
  return (
    <Card as="section" className={styles.card} aria-labelledby="stat-match">
      <h2 id="stat-match" className={styles.title}>
        {t('statistic.match')}
      </h2>
      {stats ? <MapList game={stats.game} /> : null}
      {stats ? <GoalList game={game} goals={goalLines(stats.goals)} /> : null}
      {lines.length === 0 ? <p className={styles.note}>{t('statistic.not_yet')}</p> : null}
      <dl className={styles.lines}>
        {lines.map((line) => (
          <StatBar key={line.key} line={line} home={game.home.name} away={game.away.name} />
        ))}
      </dl>
    </Card>
  );
}

/** One figure as two bars meeting in the middle: each side's share of the total. */
function StatBar({ line, home, away }: { line: StatLine; home: string; away: string }) {
  const t = useT('sports');
  const total = line.home + line.away;
  const share = total === 0 ? 50 : (line.home / total) * 100;
  const unit = line.key === 'possession' ? '%' : '';
  const label = t(`statistic.stat.${line.key}`);
  return (
    <div className={styles.line}>
      <dt className={styles.lineLabel}>{label}</dt>
      <dd className={styles.lineValues}>
        <span className={styles.value}>
          <VisuallyHidden>{home}: </VisuallyHidden>
          {line.home}
          {unit}
        </span>
        <span className={styles.bars} aria-hidden="true">
          <span className={styles.barHome} style={{ width: `${share}%` }} />
          <span className={styles.barAway} style={{ width: `${100 - share}%` }} />
        </span>
        <span className={styles.value}>
          <VisuallyHidden>{away}: </VisuallyHidden>
          {line.away}
          {unit}
        </span>
      </dd>
    </div>
  );
}

function FormCard({ stats }: { stats: GameStatistics }) {
  const t = useT('sports');
  return (
    <Card as="section" className={styles.card} aria-labelledby="stat-form">
      <h2 id="stat-form" className={styles.title}>
        {t('statistic.form')}
      </h2>
      <p className={styles.note}>{t('statistic.form_note')}</p>
      {(['home', 'away'] as const).map((side) => (
        <div key={side} className={styles.formRow}>
          <span className={styles.formTeam}>{stats.game[side].name}</span>
          <FormBadges form={stats.form[side]} team={stats.game[side].name} />
        </div>
      ))}
    </Card>
  );
}

const FORM_WORD: Record<FormLetter, string> = { W: 'win', D: 'draw', L: 'loss' };

export function FormBadges({ form, team }: { form: FormLetter[]; team: string }) {
  const t = useT('sports');
  if (form.length === 0) return <span className={styles.note}>{t('statistic.no_games')}</span>;
  return (
    <ol className={styles.form} aria-label={t('statistic.form_of', { team })}>
      {form.map((letter, i) => (
        <li key={i} className={styles.badge} data-result={letter}>
          <span aria-hidden="true">{t(`statistic.letter.${FORM_WORD[letter]}`)}</span>
          <VisuallyHidden>{t(`statistic.result.${FORM_WORD[letter]}`)}</VisuallyHidden>
        </li>
      ))}
    </ol>
  );
}

function HeadToHeadCard({ stats }: { stats: GameStatistics }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const clock = useClock();
  const h2h = stats.headToHead;
  const { home, away } = stats.game;
  return (
    <Card as="section" className={styles.card} aria-labelledby="stat-h2h">
      <h2 id="stat-h2h" className={styles.title}>
        {t('statistic.h2h')}
      </h2>
      {h2h.games.length === 0 ? (
        <p className={styles.note}>{t('statistic.h2h_none')}</p>
      ) : (
        <>
          <p className={styles.h2hSummary}>
            {t('statistic.h2h_summary', {
              home: home.name,
              away: away.name,
              homeWins: h2h.homeWins,
              draws: h2h.draws,
              awayWins: h2h.awayWins,
            })}
          </p>
          <ul className={styles.h2hList}>
            {h2h.games.map((g) => (
              <li key={`${g.startAt}:${g.home.name}`} className={styles.h2hGame}>
                <span className={styles.date}>{formatDate(g.startAt, lng, clock)}</span>
                <span className={styles.h2hHome}>{g.home.name}</span>
                <span className={styles.value}>
                  {g.score.home}:{g.score.away}
                </span>
                <span>{g.away.name}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function TableCard({ table, focus }: { table: ChampStatistics; focus: GamePage | null }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const clock = useClock();
  const focused = new Set(focus ? [focus.home.name, focus.away.name] : []);
  const season = `${formatDate(table.season.from, lng, clock)} — ${formatDate(table.season.to, lng, clock)}`;
  const head = (key: string) => (
    <th scope="col" className={styles[`col_${key}`]}>
      <span title={t(`statistic.col.${key}`)} aria-hidden="true">
        {t(`statistic.abbr.${key}`)}
      </span>
      <VisuallyHidden>{t(`statistic.col.${key}`)}</VisuallyHidden>
    </th>
  );
  return (
    <Card as="section" className={`${styles.card} ${styles.wide}`} aria-labelledby="stat-table">
      <h2 id="stat-table" className={styles.title}>
        {t('statistic.table')}
      </h2>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {table.champ.country.name} · {table.champ.name} ·{' '}
            {t('statistic.season', { dates: season, count: table.season.games })}
          </caption>
          <thead>
            <tr>
              {head('position')}
              <th scope="col" className={styles.teamCol}>
                {t('statistic.col.team')}
              </th>
              {head('played')}
              {head('won')}
              {head('drawn')}
              {head('lost')}
              {head('score')}
              {head('points')}
              <th scope="col" className={styles.col_form}>
                {t('statistic.col.form')}
              </th>
            </tr>
          </thead>
          <tbody>
            {table.table.map((row) => (
              <TableLine key={row.position} row={row} focused={focused.has(row.team.name)} />
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        {t('statistic.points_rule', { win: table.pointsRule.win, draw: table.pointsRule.draw })}
      </p>
    </Card>
  );
}

function TableLine({ row, focused }: { row: TableRow; focused: boolean }) {
  const t = useT('sports');
  return (
    <tr data-focus={focused ? 'true' : undefined}>
      <td className={styles.value}>{row.position}</td>
      <th scope="row" className={styles.teamCol}>
        {row.team.name}
        {focused ? <VisuallyHidden> ({t('statistic.this_match')})</VisuallyHidden> : null}
      </th>
      <td className={styles.value}>{row.played}</td>
      <td className={`${styles.value} ${styles.col_won}`}>{row.won}</td>
      <td className={`${styles.value} ${styles.col_drawn}`}>{row.drawn}</td>
      <td className={`${styles.value} ${styles.col_lost}`}>{row.lost}</td>
      <td className={`${styles.value} ${styles.col_score}`}>
        {row.scoreFor}:{row.scoreAgainst}
      </td>
      <td className={`${styles.value} ${styles.points}`}>{row.points}</td>
      <td className={styles.col_form}>
        <FormBadges form={row.form} team={row.team.name} />
      </td>
    </tr>
  );
}

/**
 * The champ's top scorers over the table's games: rank, player, team, games, goals (or points,
 * runs, kills: the answer's scorerUnit names the column, the title and the note).
 */
function ScorersCard({ table, scorers }: { table: ChampStatistics; scorers: Scorer[] }) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const clock = useClock();
  const season = `${formatDate(table.season.from, lng, clock)} — ${formatDate(table.season.to, lng, clock)}`;
  const unit = scorerUnitOf(table);
  const head = (key: string) => (
    <th scope="col">
      <span title={t(`statistic.col.${key}`)} aria-hidden="true">
        {t(`statistic.abbr.${key}`)}
      </span>
      <VisuallyHidden>{t(`statistic.col.${key}`)}</VisuallyHidden>
    </th>
  );
  return (
    <Card as="section" className={`${styles.card} ${styles.wide}`} aria-labelledby="stat-scorers">
      <h2 id="stat-scorers" className={styles.title}>
        {t(unit === 'runs' || unit === 'kills' ? `statistic.scorers_${unit}` : 'statistic.scorers')}
      </h2>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {table.champ.name} · {t('statistic.season', { dates: season, count: table.season.games })}
          </caption>
          <thead>
            <tr>
              {head('position')}
              <th scope="col" className={styles.teamCol}>
                {t('statistic.col.player')}
              </th>
              <th scope="col" className={styles.scorerTeam}>
                {t('statistic.col.team')}
              </th>
              {head('games')}
              {head(unit)}
            </tr>
          </thead>
          <tbody>
            {scorers.map((s, i) => (
              <tr key={`${s.team.name}:${s.name}`}>
                <td className={styles.value}>{i + 1}</td>
                <th scope="row" className={styles.teamCol}>
                  {s.name}
                </th>
                <td className={styles.scorerTeam}>{s.team.name}</td>
                <td className={styles.value}>{s.games}</td>
                <td className={`${styles.value} ${styles.points}`}>{s.goals}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        {t(unit === 'goals' ? 'statistic.scorers_note' : `statistic.scorers_note_${unit}`)}
      </p>
    </Card>
  );
}

/**
 * A game's goals in order: minute, the scorer on the side of the team the goal counts for (an own
 * goal: the other side's player, marked "(o.g.)"), the score it made.
 */
function GoalList({ game, goals }: { game: GamePage; goals: GoalLine[] }) {
  const t = useT('sports');
  if (goals.length === 0) return null;
  const ownGoal = (g: GoalLine) =>
    g.ownGoal ? (
      <>
        {' '}
        <span className={styles.ownGoal} aria-hidden="true">
          {t('statistic.own_goal')}
        </span>
        <VisuallyHidden>, {t('statistic.own_goal_full')}</VisuallyHidden>
      </>
    ) : null;
  const minute = (g: GoalLine) =>
    g.added > 0
      ? t('statistic.goal_minute_added', { minute: g.minute, added: g.added })
      : t('statistic.goal_minute', { minute: g.minute });
  return (
    <>
      <h3 id="stat-goals" className={styles.subtitle}>
        {t('statistic.goals')}
      </h3>
      <ol className={styles.h2hList} aria-labelledby="stat-goals">
        {goals.map((g, i) => (
          <li key={i} className={styles.h2hGame}>
            <span className={styles.date}>{minute(g)}</span>
            <span className={styles.h2hHome}>
              {g.side === 'home' ? (
                <>
                  {g.scorer}
                  {ownGoal(g)}
                </>
              ) : (
                ''
              )}
            </span>
            <span className={styles.value}>
              <span aria-hidden="true">
                {g.score.home}:{g.score.away}
              </span>
              <VisuallyHidden>
                {g.side === 'home'
                  ? ''
                  : `${g.scorer}, ${g.ownGoal ? `${t('statistic.own_goal_full')}, ` : ''}`}
                {t('statistic.goal_of', { team: game[g.side].name })},{' '}
                {t('statistic.goal_score', { home: g.score.home, away: g.score.away })}
              </VisuallyHidden>
            </span>
            <span aria-hidden={g.side === 'away' ? 'true' : undefined}>
              {g.side === 'away' ? (
                <>
                  {g.scorer}
                  {g.ownGoal ? <span className={styles.ownGoal}> {t('statistic.own_goal')}</span> : null}
                </>
              ) : (
                ''
              )}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** CS2 and Valorant: the series' maps with each one's score, the one under way marked. */
function MapList({ game }: { game: GameStatistics['game'] }) {
  const t = useT('sports');
  const maps = seriesMaps(game);
  if (maps.length === 0) return null;
  return (
    <>
      <h3 id="stat-maps" className={styles.subtitle}>
        {t('statistic.maps')}
      </h3>
      <ol className={styles.maps} aria-labelledby="stat-maps">
        {maps.map((map, i) => (
          <li key={`${i}:${map.name}`} className={styles.map} data-current={map.current ? 'true' : undefined}>
            <span className={styles.mapName}>{t('statistic.map_name', { n: i + 1, name: map.name })}</span>
            {map.score ? (
              <span className={styles.value}>
                <VisuallyHidden>{game.home.name} </VisuallyHidden>
                {map.score.home}:{map.score.away}
                <VisuallyHidden> {game.away.name}</VisuallyHidden>
              </span>
            ) : null}
            {map.current ? (
              <span className={styles.mapNow}>
                <span aria-hidden="true">{t('statistic.map_current')}</span>
                <VisuallyHidden>{t('statistic.map_current_long')}</VisuallyHidden>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** A tennis tournament's knockout draw: a column per round, each a list of its matches. */
function DrawCard({ rounds }: { rounds: BracketRound[] }) {
  const t = useT('sports');
  if (rounds.length === 0) return null;
  return (
    <Card as="section" className={`${styles.card} ${styles.wide}`} aria-labelledby="stat-draw">
      <h2 id="stat-draw" className={styles.title}>
        {t('statistic.draw.heading')}
      </h2>
      {/* Focusable so a keyboard can scroll it; the page itself never scrolls sideways. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={styles.drawScroll} aria-label={t('statistic.draw.scroll')} tabIndex={0}>
        <div className={styles.bracket}>
          {rounds.map((round) => (
            <div key={round.key} className={styles.round}>
              <h3 id={`draw-${round.key}`} className={styles.roundTitle}>
                {t(`statistic.draw.round.${round.key}`)}
              </h3>
              <ol className={styles.roundMatches} aria-labelledby={`draw-${round.key}`}>
                {round.matches.map((match, i) => (
                  <DrawMatchItem key={i} match={match} />
                ))}
              </ol>
            </div>
          ))}
        </div>
      </section>
    </Card>
  );
}

/** One match: read as a sentence ("Seed 1 A. Name beat B. Name 2–0"), shown as two lines. */
function DrawMatchItem({ match }: { match: DrawMatch }) {
  const t = useT('sports');
  const spoken = (p: DrawPlayer) =>
    p === null
      ? t('statistic.draw.to_be_decided')
      : p.seed === null
        ? p.team.name
        : `${t('statistic.draw.seed', { n: p.seed })} ${p.team.name}`;
  const result = matchResult(match);
  const sentence =
    result && match.score
      ? t('statistic.draw.beat', {
          winner: spoken(result.winner),
          loser: spoken(result.loser),
          score: t('statistic.draw.sets_score', {
            home: Math.max(match.score.home, match.score.away),
            away: Math.min(match.score.home, match.score.away),
          }),
        })
      : t('statistic.draw.versus', { home: spoken(match.home), away: spoken(match.away) });
  return (
    <li className={styles.drawMatch}>
      <VisuallyHidden>{sentence}</VisuallyHidden>
      <span className={styles.drawLines} aria-hidden="true">
        {(['home', 'away'] as const).map((side) => (
          <DrawLine
            key={side}
            player={match[side]}
            sets={match.score?.[side] ?? null}
            won={match.winner === side}
            lost={match.winner !== null && match.winner !== side}
          />
        ))}
      </span>
    </li>
  );
}

function DrawLine(props: { player: DrawPlayer; sets: number | null; won: boolean; lost: boolean }) {
  const t = useT('sports');
  const { player, sets, won, lost } = props;
  return (
    <span className={styles.drawLine} data-result={won ? 'won' : lost ? 'lost' : undefined}>
      <span className={styles.seed}>{player?.seed != null ? `(${player.seed})` : ''}</span>
      <span className={player ? styles.drawName : `${styles.drawName} ${styles.tbd}`}>
        {player ? player.team.name : t('statistic.draw.tbd')}
      </span>
      <span className={styles.value}>{sets ?? ''}</span>
    </span>
  );
}
