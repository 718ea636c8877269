/**
 * The player's clock for every date of the office (histories, bets, payment requests, limits,
 * sessions): the time zone and 12 h setting of the fragment context, passed in the app's props so
 * the server render and the browser write the same times.
 */
import { type Clock, DEFAULT_CLOCK } from '@parlay/mf/clock.ts';
import type { FragmentContext } from '@parlay/mf/protocol.ts';
import { createContext, useContext } from 'react';

export const OfficeClockContext = createContext<Clock>(DEFAULT_CLOCK);

export function useOfficeClock(): Clock {
  return useContext(OfficeClockContext);
}

/** The clock a fragment request asks for: clockOf({ timeZone: 5, view: { is12h: 1 } }) → { timeZone: 5, is12h: true }. */
export function clockOf(context: Pick<FragmentContext, 'timeZone' | 'view'>): Clock {
  return { timeZone: context.timeZone, is12h: context.view?.is12h === 1 };
}
