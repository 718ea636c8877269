/** What every component of a sports page reads: the page's settings, the ticking clock, the odds format and the coupon. */
import type { Language } from '@parlay/i18n/languages.ts';
import {
  type CouponSelection,
  getSelections,
  subscribeSelections,
  toggleSelection,
} from '@parlay/mf/coupon-store.ts';
import { getOddsView, type OddsViewId, subscribeOddsView } from '@parlay/mf/odds-view.ts';
import type { ViewSettings } from '@parlay/mf/view-settings.ts';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { formatOdds, isOddsFormatId } from '../../../../domain/odds/formats.ts';
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

// One ticking clock for the whole page (live clocks, "starts in").
let nowMs = typeof window === 'undefined' ? 0 : Date.now();
const tickListeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | null = null;

function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  if (!ticker) {
    nowMs = Date.now();
    ticker = setInterval(() => {
      nowMs = Date.now();
      for (const l of tickListeners) l();
    }, 1000);
  }
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

/** The current time, ticking every second; the server render's time during hydration. */
export function useNow(): number {
  const { renderedAtMs } = useSportsContext();
  return useSyncExternalStore(
    subscribeTick,
    () => nowMs,
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

const NO_SELECTIONS: readonly CouponSelection[] = [];

export function useSelections(): readonly CouponSelection[] {
  return useSyncExternalStore(
    (listener) => subscribeSelections(listener),
    getSelections,
    () => NO_SELECTIONS,
  );
}

export { toggleSelection };
