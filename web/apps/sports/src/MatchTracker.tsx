/**
 * The match tracker (loaded lazily): the live state drawn on a pitch or court. The feed gives scores,
 * clock, counted statistics and suspensions, not ball positions, so the drawing shows what is known:
 * the last events seen (goals from score changes, corners and cards from the statistics), and a danger
 * zone while the main markets are suspended (the simulator suspends on dangerous moments).
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { useEffect, useRef, useState } from 'react';
import styles from './Game.module.css';
import type { Game } from './model.ts';

interface TrackerEvent {
  key: string;
  kind: 'goal' | 'corners' | 'cards' | 'period';
  side: 'home' | 'away' | null;
  atSeconds: number;
}

const MAX_EVENTS = 6;
const PITCH_SPORTS = [
  'football',
  'efootball',
  'virtual-football',
  'handball',
  'ice-hockey',
  'american-football',
];

/** Events between two states of a game (pure). */
export function eventsBetween(before: Game, after: Game): TrackerEvent[] {
  const events: TrackerEvent[] = [];
  const at = after.clockSeconds;
  if (after.score.home > before.score.home)
    events.push({ key: `g-h-${after.score.home}`, kind: 'goal', side: 'home', atSeconds: at });
  if (after.score.away > before.score.away)
    events.push({ key: `g-a-${after.score.away}`, kind: 'goal', side: 'away', atSeconds: at });
  for (const stat of ['corners', 'cards'] as const) {
    const was = before.stats[stat] ?? [0, 0];
    const now = after.stats[stat] ?? [0, 0];
    if (now[0] > was[0]) events.push({ key: `${stat}-h-${now[0]}`, kind: stat, side: 'home', atSeconds: at });
    if (now[1] > was[1]) events.push({ key: `${stat}-a-${now[1]}`, kind: stat, side: 'away', atSeconds: at });
  }
  if (after.period !== before.period && after.period > 0)
    events.push({ key: `p-${after.period}`, kind: 'period', side: null, atSeconds: at });
  return events;
}

export default function MatchTracker({ game, sportSlug }: { game: Game; sportSlug: string }) {
  const t = useT('sports');
  const previous = useRef(game);
  const [events, setEvents] = useState<TrackerEvent[]>([]);
  useEffect(() => {
    const fresh = eventsBetween(previous.current, game);
    previous.current = game;
    if (fresh.length) setEvents((list) => [...fresh.reverse(), ...list].slice(0, MAX_EVENTS));
  }, [game]);
  const danger = game.markets.some((m) => m.isMain && m.state === 'suspended');
  const last = events[0];
  const pitch = PITCH_SPORTS.includes(sportSlug);
  // The ball sits where the last event happened, in the centre otherwise.
  const ballX = last?.side === 'home' ? 78 : last?.side === 'away' ? 22 : 50;
  return (
    <section
      className={styles.tracker}
      aria-label={t('tracker.label')}
      data-danger={danger ? 'true' : undefined}
    >
      <svg
        viewBox="0 0 100 56"
        className={styles.trackerSvg}
        role="img"
        aria-label={danger ? t('tracker.danger') : t('tracker.in_play')}
      >
        <rect x="1" y="1" width="98" height="54" rx="2" className={pitch ? styles.pitch : styles.court} />
        <line x1="50" y1="1" x2="50" y2="55" className={styles.mark} />
        {pitch ? (
          <>
            <circle cx="50" cy="28" r="8" className={styles.mark} />
            <rect x="1" y="14" width="14" height="28" className={styles.mark} />
            <rect x="85" y="14" width="14" height="28" className={styles.mark} />
            <rect x="1" y="22" width="5" height="12" className={styles.mark} />
            <rect x="94" y="22" width="5" height="12" className={styles.mark} />
          </>
        ) : (
          <>
            <rect x="1" y="10" width="20" height="36" className={styles.mark} />
            <rect x="79" y="10" width="20" height="36" className={styles.mark} />
          </>
        )}
        {danger ? (
          <rect x={ballX > 50 ? 66 : 1} y="1" width="33" height="54" className={styles.danger} />
        ) : null}
        <circle cx={ballX} cy="28" r="1.8" className={styles.ball} />
        <text x="4" y="7" className={styles.trackerText}>
          {game.home.name.slice(0, 18)}
        </text>
        <text x="96" y="7" textAnchor="end" className={styles.trackerText}>
          {game.away.name.slice(0, 18)}
        </text>
        {danger ? (
          <text x="50" y="52" textAnchor="middle" className={styles.trackerAlert}>
            {t('tracker.danger')}
          </text>
        ) : null}
      </svg>
      <ol className={styles.trackerEvents} aria-label={t('tracker.events')}>
        {events.length === 0 ? <li className={styles.muted}>{t('tracker.waiting')}</li> : null}
        {events.map((event) => (
          <li key={event.key} data-side={event.side ?? undefined}>
            <span className={styles.eventTime}>{Math.floor(event.atSeconds / 60) + 1}'</span>
            {t(`tracker.${event.kind}`)}
            {event.side ? ` · ${event.side === 'home' ? game.home.name : game.away.name}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
