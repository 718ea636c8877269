/** What every component of a sports page reads: the page's settings, the ticking clock, the odds format and the coupon. */

import { formatOdds, isOddsFormatId } from '@parlay/domain/odds/formats.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import {
  type CouponSelection,
  getSelections,
  NO_SELECTIONS,
  subscribeSelections,
  toggleSelection,
} from '@parlay/mf/coupon-store.ts';
import { getOddsView, type OddsViewId, subscribeOddsView } from '@parlay/mf/odds-view.ts';
import type { ViewSettings } from '@parlay/mf/view-settings.ts';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Sport } from './model.ts';

export interface SportsContextValue {
  lng: Language;
  timeZone: number;
  renderedAtMs: number;
  oddsView: OddsViewId;
  sports: Sport[];
  url: string;
  /** The display settings of the server render (sports-view.ts reads them). */
  view: ViewSettings;
}

export const SportsContext = createContext<SportsContextValue | null>(null);

export function useSportsContext(): SportsContextValue {
  const value = useContext(SportsContext);
  if (!value) throw new Error('sports components need <SportsContext.Provider>');
  return value;
}

export function useSport(sportId: number): Sport | undefined {
  return useSportsContext().sports.find((s) => s.id === sportId);
}

// One ticking clock for the whole page (live clocks, "starts in"). Until its first tick, and again
// once nothing listens, there is no time of its own: each page reads the time it was rendered at,
// so that a hydrating page's clocks read what the server's did (a different snapshot would make
// React re-render every clock synchronously right after hydrating them).
let nowMs: number | null = null;
const tickListeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | null = null;

function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  ticker ??= setInterval(() => {
    nowMs = Date.now();
    for (const l of tickListeners) l();
  }, 1000);
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
      nowMs = null;
    }
  };
}

/** The current time, ticking every second; the server render's time until the first tick. */
export function useNow(): number {
  const { renderedAtMs } = useSportsContext();
  return useSyncExternalStore(
    subscribeTick,
    () => nowMs ?? renderedAtMs,
    () => renderedAtMs,
  );
}

/** The price formatter in the player's format; switches everywhere at once when the format changes. */
export function useOddsFormat(): (oddsMilli: number) => string {
  const { oddsView } = useSportsContext();
  const view = useSyncExternalStore(
    (listener) => subscribeOddsView(listener),
    getOddsView,
    () => oddsView,
  );
  return useCallback(
    (oddsMilli: number) => {
      try {
        return formatOdds(oddsMilli, isOddsFormatId(view) ? view : 0);
      } catch {
        return '—';
      }
    },
    [view],
  );
}

export function useSelections(): readonly CouponSelection[] {
  return useSyncExternalStore(
    (listener) => subscribeSelections(listener),
    getSelections,
    () => NO_SELECTIONS,
  );
}

export { toggleSelection };
