/**
 * The instant search's rules, pure: when a typed text is worth a request, which answer is still
 * current (answers can arrive out of order), and how the keys move through the results listbox
 * (WAI-ARIA combobox: ↓/↑ wrap, Home/End, Escape closes).
 */
import type { GameTile } from '../model.ts';

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_MAX_CHARS = 64;

/** The text sent to /search, or null when it is too short to search: spaces collapsed, trimmed. */
export function searchText(input: string): string | null {
  const text = input.replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_CHARS);
  return [...text].length >= SEARCH_MIN_CHARS ? text : null;
}

export interface SearchState {
  readonly text: string | null;
  /** Sequence number of the latest request; older answers are dropped. */
  readonly seq: number;
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly results: readonly GameTile[];
  /** Index of the highlighted option, -1 for none. */
  readonly active: number;
  readonly open: boolean;
}

export const SEARCH_IDLE: SearchState = {
  text: null,
  seq: 0,
  status: 'idle',
  results: [],
  active: -1,
  open: false,
};

/** The input changed: a new request (seq + 1) when the text is searchable, otherwise idle. */
export function typed(state: SearchState, input: string): SearchState {
  const text = searchText(input);
  if (text === null) return { ...SEARCH_IDLE, seq: state.seq + 1 };
  if (text === state.text && state.status !== 'error') return state;
  return { ...state, text, seq: state.seq + 1, status: 'loading', active: -1, open: true };
}

/** An answer for request `seq`: applied only when it is the latest. */
export function answered(state: SearchState, seq: number, results: readonly GameTile[] | null): SearchState {
  if (seq !== state.seq) return state;
  return results === null
    ? { ...state, status: 'error', results: [], active: -1 }
    : { ...state, status: 'ready', results, active: -1 };
}

/** A key pressed in the search field; `handled` tells the field to prevent the default. */
export function keyed(state: SearchState, key: string): { state: SearchState; handled: boolean } {
  const count = state.results.length;
  if (key === 'Escape') return { state: { ...state, open: false, active: -1 }, handled: state.open };
  if (count === 0) return { state, handled: false };
  const at = state.active;
  const next =
    key === 'ArrowDown'
      ? at + 1 >= count
        ? 0
        : at + 1
      : key === 'ArrowUp'
        ? at <= 0
          ? count - 1
          : at - 1
        : key === 'Home' && state.open
          ? 0
          : key === 'End' && state.open
            ? count - 1
            : null;
  if (next === null) return { state, handled: false };
  return { state: { ...state, open: true, active: next }, handled: true };
}

/** The highlighted game (Enter opens it), or null. */
export function activeGame(state: SearchState): GameTile | null {
  return state.open ? (state.results[state.active] ?? null) : null;
}
