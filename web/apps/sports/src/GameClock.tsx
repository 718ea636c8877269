/** The state of a game in words and a running clock: "67'", "2nd half", "Half-time", "18:45". */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { periodUnit } from '@parlay/domain/sportsbook/market-labels.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { useNow, useSport, useSportsContext } from './context.tsx';
import { clockAt } from './live-state.ts';
import type { Game } from './model.ts';
import { useClock } from './sports-view.ts';
import { formatClockTime, formatDayMonth, formatGameClock, isSameDay } from './time.ts';

type ClockGame = Pick<
  Game,
  'sportId' | 'status' | 'period' | 'clockSeconds' | 'clockRunning' | 'clockAt' | 'startAt'
>;

/** The period in words: "2nd half", "Set 3", "Map 2". */
export function usePeriodName(game: ClockGame): string {
  const t = useT('markets');
  const sport = useSport(game.sportId);
  if (game.period < 1) return '';
  return t(`period.${periodUnit(sport?.slug ?? '')}`, { ord: t(`ordinal.${game.period}`), n: game.period });
}

export function LiveClock({ game }: { game: ClockGame }) {
  const now = useNow();
  const sport = useSport(game.sportId);
  const hasClock = profileOf(game.sportId).hasClock;
  const seconds = clockAt(game, now);
  const minuteOnly = ['football', 'efootball', 'virtual-football', 'handball'].includes(sport?.slug ?? '');
  return (
    <time className="tabular" dateTime={`PT${seconds}S`}>
      {hasClock ? formatGameClock(seconds, minuteOnly) : ''}
    </time>
  );
}

/** The short status of a game for a row: start time (and day), or the live clock and period. */
export function GameStatusText({ game, withPeriod = true }: { game: ClockGame; withPeriod?: boolean }) {
  const t = useT('sports');
  const { renderedAtMs, lng } = useSportsContext();
  const clock = useClock();
  const periodName = usePeriodName(game);
  if (game.status === GAME_STATUS.NOT_STARTED) {
    return (
      <>
        <time dateTime={game.startAt}>{formatClockTime(game.startAt, clock)}</time>
        {isSameDay(game.startAt, renderedAtMs, clock) ? null : (
          <span>{formatDayMonth(game.startAt, lng, clock)}</span>
        )}
      </>
    );
  }
  if (game.status === GAME_STATUS.STARTING) return <span>{t('status.starting')}</span>;
  if (game.status === GAME_STATUS.BREAK) return <span>{t('status.break')}</span>;
  if (game.status === GAME_STATUS.FINISHED) return <span>{t('status.finished')}</span>;
  if (game.status === GAME_STATUS.CANCELLED) return <span>{t('status.cancelled')}</span>;
  const hasClock = profileOf(game.sportId).hasClock;
  return (
    <>
      {hasClock ? <LiveClock game={game} /> : null}
      {withPeriod && periodName ? <span>{periodName}</span> : null}
    </>
  );
}
