/**
 * The live match visualisation (loaded lazily on a live game's page), shown because the site has no
 * video streams: the field with the ball's zone in the attacking side's colour, the moment in words
 * ("Dangerous attack · Team A"), markers of the latest shots and corners, and a compact timeline. The
 * events come from the server's play-by-play of the same seeded match as the scoreboard
 * (GET /games/:id/play), asked again every few seconds and at once when the scoreboard moves.
 */
import { browserApi } from '@parlay/client/api.ts';
import { periodUnit } from '@parlay/domain/sportsbook/market-labels.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useId, useState } from 'react';
import { FIELD, MatchField } from './MatchField.tsx';
import styles from './MatchVisual.module.css';
import {
  eventMinute,
  type FieldKind,
  fieldOf,
  type GamePlay,
  loadGamePlay,
  NET_FIELDS,
  PLAY_POLL_MS,
  type PlayEvent,
  zoneSpan,
} from './match-visual.ts';
import type { Game } from './model.ts';
import { EventIcon, NoStreamIcon } from './PlayIcons.tsx';

type T = (key: string, values?: Record<string, string | number>) => string;

/** The game's play, loaded now, every PLAY_POLL_MS while the page is visible, and when the scoreboard moves. */
function useGamePlay(game: Game): GamePlay | null | 'failed' {
  const [play, setPlay] = useState<GamePlay | null | 'failed'>(null);
  const moved = `${game.status}:${game.period}:${game.score.home}:${game.score.away}:${JSON.stringify(game.stats)}`;
  useEffect(() => {
    let stale = false;
    const load = () => {
      if (document.visibilityState === 'hidden') return;
      void loadGamePlay(browserApi, game.id).then((answer) => {
        if (!stale) setPlay((was) => (answer.ok ? answer.data : was && was !== 'failed' ? was : 'failed'));
      });
    };
    load();
    const timer = window.setInterval(load, PLAY_POLL_MS);
    document.addEventListener('visibilitychange', load);
    return () => {
      stale = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
    };
  }, [game.id, moved]);
  return play;
}

function teamOf(game: Game, side: PlayEvent['side']): string {
  return side === 'home' ? game.home.name : side === 'away' ? game.away.name : '';
}

/**
 * What a dangerous moment is called: a set or map point in set sports (the side that will take the
 * set, shown only once the markets are suspended), a dangerous attack elsewhere.
 */
function decisiveKind(game: Game, sportSlug: string, side: PlayEvent['side']): string {
  if (profileOf(game.sportId).model !== 'sets') return side === null ? 'key_moment' : 'dangerous_attack';
  if (side === null) return 'key_moment';
  return periodUnit(sportSlug) === 'map' ? 'map_point' : 'set_point';
}

/** What one scoring event of a set sport is: a game (tennis), a round or a kill (esports), else a point. */
function pointKind(game: Game): string {
  const stat = profileOf(game.sportId).setStat;
  return ['games', 'rounds', 'kills'].includes(stat) ? `point_${stat}` : 'point';
}

/** An event in words: "Goal · Team A", "2nd half · start". */
function eventText(t: T, markets: T, game: Game, sportSlug: string, e: PlayEvent): string {
  const team = teamOf(game, e.side);
  if (e.type === 'period_start' || e.type === 'period_end') {
    const period = markets(`period.${periodUnit(sportSlug)}`, {
      ord: markets(`ordinal.${e.period}`),
      n: e.period,
    });
    return t(`visual.event.${e.type}`, { period });
  }
  const type =
    e.type === 'dangerous_attack'
      ? decisiveKind(game, sportSlug, e.side)
      : e.type === 'point'
        ? pointKind(game)
        : e.type;
  const what =
    e.type === 'point' && e.value > 1
      ? t('visual.event.points', { value: e.value })
      : t(`visual.event.${type}`);
  return team ? `${what} · ${team}` : what;
}

/** The moment in words: "Dangerous attack · Team A", "Break". */
function momentText(t: T, game: Game, sportSlug: string, play: GamePlay, scoreType: string): string {
  const { phase, side } = play.moment;
  if (phase === 'stopped') {
    const status = ({ 1: 'starting', 3: 'break', 4: 'finished', 5: 'cancelled' } as Record<number, string>)[
      play.status
    ];
    return status ? t(`status.${status}`) : t('visual.phase.stopped');
  }
  // Across a net the ball is in one half or the other: a rally, nobody "in possession".
  if ((phase === 'possession' || phase === 'attack') && NET_FIELDS.includes(fieldOf(sportSlug)))
    return t('visual.phase.rally');
  const decisive = phase === 'dangerous_attack' ? decisiveKind(game, sportSlug, side) : phase;
  if (decisive === 'key_moment') return t('visual.phase.key_moment');
  const key = phase === 'scored' ? `scored_${scoreType}` : decisive;
  return t(`visual.phase.${key}`, { team: teamOf(game, side) });
}

export default function MatchVisual({ game, sportSlug }: { game: Game; sportSlug: string }) {
  const t = useT('sports') as T;
  const markets = useT('markets') as T;
  const headingId = useId();
  const clipId = `${headingId}-clip`;
  const play = useGamePlay(game);
  const field = fieldOf(sportSlug);
  const hasClock = profileOf(game.sportId).hasClock;
  const ready = play !== null && play !== 'failed' && play.available;
  const events = ready ? [...play.events].reverse() : [];
  const scoreType =
    events.some((e) => e.type === 'goal') || field === 'pitch' || field === 'rink' ? 'goal' : 'point';
  const latest = events[0];
  const latestText = latest
    ? [eventMinute(latest, hasClock), eventText(t, markets, game, sportSlug, latest)]
        .filter(Boolean)
        .join(' ')
    : '';
  return (
    <section className={styles.visual} aria-labelledby={headingId} data-testid="match-visual">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('visual.label')}
        </h2>
        <p className={styles.noStream} data-testid="no-stream">
          <NoStreamIcon />
          {t('visual.no_stream')}
        </p>
      </div>
      <div className={styles.body}>
        <div className={styles.stage}>
          <Legend game={game} />
          <svg viewBox="0 0 200 120" className={styles.field} aria-hidden="true" focusable="false">
            <MatchField kind={field} clipId={clipId} />
            {ready ? <Moment play={play} field={field} clipId={clipId} /> : null}
            {ready ? <Markers play={play} /> : null}
          </svg>
          <p
            className={styles.moment}
            data-phase={ready ? play.moment.phase : 'stopped'}
            data-side={ready ? (play.moment.side ?? undefined) : undefined}
          >
            {play === null
              ? '…'
              : ready
                ? momentText(t, game, sportSlug, play, scoreType)
                : t('visual.unavailable')}
          </p>
          <p className={styles.latest} aria-live="polite" aria-atomic="true" data-testid="visual-live">
            {latest ? t('visual.latest', { event: latestText }) : ready ? t('visual.waiting') : ''}
          </p>
        </div>
        <div className={styles.side}>
          {ready && play.corners[0] + play.corners[1] + play.cards[0] + play.cards[1] > 0 ? (
            <Counters play={play} t={t} />
          ) : null}
          {events.length > 0 ? (
            <ol className={styles.timeline} aria-label={t('visual.timeline')}>
              {events.map((e) => (
                <li key={e.id} data-side={e.side ?? undefined} data-type={e.type}>
                  {hasClock ? <span className={styles.time}>{eventMinute(e, hasClock)}</span> : null}
                  <EventIcon type={e.type} />
                  <span className={styles.eventText}>{eventText(t, markets, game, sportSlug, e)}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function Legend({ game }: { game: Game }) {
  return (
    <div className={styles.legend} aria-hidden="true">
      <span data-side="home">
        <i className={styles.swatch} />
        {game.home.name} →
      </span>
      <span data-side="away">
        ← {game.away.name}
        <i className={styles.swatch} />
      </span>
    </div>
  );
}

/** The zone the ball is in, in the attacking side's colour, and the ball. */
function Moment({ play, field, clipId }: { play: GamePlay; field: FieldKind; clipId: string }) {
  const { side, zone, phase } = play.moment;
  const span = side && zone ? zoneSpan(zone, side, field) : null;
  const x = (share: number) => FIELD.x + share * FIELD.width;
  const ballX = span ? x((span[0] + span[1]) / 2) : 100;
  // The ball's height on the field changes with each new event, the same for every viewer.
  const ballY = FIELD.y + 24 + ((play.events.length * 37 + (play.events.at(-1)?.clockSeconds ?? 0)) % 64);
  return (
    <>
      {span ? (
        <rect
          x={x(span[0])}
          y={FIELD.y}
          width={x(span[1]) - x(span[0])}
          height={FIELD.height}
          className={styles.zone}
          clipPath={`url(#${clipId})`}
          data-side={side ?? undefined}
          data-danger={phase === 'dangerous_attack' ? 'true' : undefined}
        />
      ) : null}
      <circle cx={ballX} cy={span ? ballY : FIELD.y + FIELD.height / 2} r="2.6" className={styles.ball} />
    </>
  );
}

/** The latest shots, goals and corners where they happened: near the goal the side attacks. */
function Markers({ play }: { play: GamePlay }) {
  const shown = play.events.filter((e) => e.side && ['shot', 'goal', 'corner'].includes(e.type)).slice(-3);
  return (
    <>
      {shown.map((e) => {
        const home = e.side === 'home';
        const spread = (e.clockSeconds * 7 + e.id.length * 13) % 40;
        const cx = e.type === 'corner' ? (home ? 194 : 6) : home ? 178 : 22;
        const cy = e.type === 'corner' ? (spread % 2 ? 6 : 114) : 40 + spread;
        return (
          <circle
            key={e.id}
            cx={cx}
            cy={cy}
            r="2"
            className={styles.marker}
            data-type={e.type}
            data-side={e.side ?? undefined}
          />
        );
      })}
    </>
  );
}

function Counters({ play, t }: { play: GamePlay; t: T }) {
  const rows = [
    ['corner', 'corners', play.corners],
    ['card', 'cards', play.cards],
  ] as const;
  return (
    <dl className={styles.counters}>
      {rows.map(([icon, label, [home, away]]) => (
        <div key={label}>
          <dt>
            <EventIcon type={icon} />
            {t(`visual.${label}`)}
          </dt>
          <dd>
            {home} : {away}
          </dd>
        </div>
      ))}
    </dl>
  );
}
