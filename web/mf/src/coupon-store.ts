/**
 * The minimal coupon selection store every micro-app shares (one instance through the import map):
 * which outcomes the player picked, kept in localStorage. Apps change it with the window event
 * `parlay:coupon` ({ type: 'toggle' | 'remove' | 'clear' | 'replace', … }) or the functions below;
 * every change is announced as `parlay:coupon-changed` with the selections. The bet slip (sports
 * app) keeps the rest of the coupon (type, amounts, bankers, settings) and may intercept price
 * clicks for one-click betting.
 */

export const COUPON_EVENT = 'parlay:coupon';
export const COUPON_CHANGED_EVENT = 'parlay:coupon-changed';
/** Opens the coupon (the bet slip panel or, on mobile, its bottom sheet). */
export const COUPON_OPEN_EVENT = 'parlay:coupon-open';
const STORAGE_KEY = 'parlay.coupon.v1';
/** Spec-sized express limit with room to spare; more selections are refused. */
export const MAX_SELECTIONS = 30;

export interface CouponSelection {
  outcomeId: number;
  gameId: number;
  marketId: number;
  oddsMilli: number;
  /** What the slip shows without refetching: "Arsenal – Chelsea", "Total 2.5", "Over". */
  gameLabel?: string;
  marketLabel?: string;
  outcomeLabel?: string;
}

export type CouponCommand =
  | ({ type: 'toggle' } & CouponSelection)
  | { type: 'remove'; outcomeId: number }
  | { type: 'clear' }
  /** Puts these selections in place of the current ones (a coupon loaded from a code). */
  | { type: 'replace'; selections: readonly CouponSelection[] };

/** The selections after a command (pure): one outcome per game, a toggle of the same outcome removes it. */
export function applyCouponCommand(selections: readonly CouponSelection[], command: CouponCommand) {
  if (command.type === 'clear') return [];
  if (command.type === 'remove') return selections.filter((s) => s.outcomeId !== command.outcomeId);
  if (command.type === 'replace') return replaceSelections(command.selections);
  const { type: _type, ...selection } = command;
  if (selections.some((s) => s.outcomeId === selection.outcomeId))
    return selections.filter((s) => s.outcomeId !== selection.outcomeId);
  const others = selections.filter((s) => s.gameId !== selection.gameId);
  if (others.length >= MAX_SELECTIONS) return [...selections];
  return [...others, selection];
}

/** The selections of a loaded coupon, checked: one per game, at most MAX_SELECTIONS. */
function replaceSelections(given: readonly CouponSelection[]): CouponSelection[] {
  const byGame = new Map<number, CouponSelection>();
  for (const selection of Array.isArray(given) ? given : []) {
    if (isSelection(selection) && !byGame.has(selection.gameId)) byGame.set(selection.gameId, selection);
  }
  return [...byGame.values()].slice(0, MAX_SELECTIONS);
}

/**
 * Answers a price click instead of the coupon (one-click betting): returns true when it took the
 * selection, and the coupon stays as it is. Only one interceptor at a time (the bet slip's).
 */
export type SelectionInterceptor = (selection: CouponSelection) => boolean;
let interceptor: SelectionInterceptor | null = null;

/** Installs (or with null removes) the price-click interceptor; returns the function that removes it. */
export function interceptSelections(next: SelectionInterceptor | null): () => void {
  interceptor = next;
  return () => {
    if (interceptor === next) interceptor = null;
  };
}

let selections: CouponSelection[] | null = null;
const listeners = new Set<(selections: readonly CouponSelection[]) => void>();
/**
 * The empty coupon, one instance: a server render's snapshot and the client's must be the same
 * value, or React re-renders every price synchronously right after hydrating them.
 */
export const NO_SELECTIONS: readonly CouponSelection[] = [];

function isSelection(value: unknown): value is CouponSelection {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return [v.outcomeId, v.gameId, v.marketId, v.oddsMilli].every(Number.isSafeInteger);
}

function load(): CouponSelection[] {
  if (typeof window === 'undefined') return [];
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSelection).slice(0, MAX_SELECTIONS) : [];
  } catch {
    return [];
  }
}

/** The current selections (empty on the server). */
export function getSelections(): readonly CouponSelection[] {
  if (typeof window === 'undefined') return NO_SELECTIONS;
  selections ??= load();
  return selections.length === 0 ? NO_SELECTIONS : selections;
}

export function subscribeSelections(listener: (selections: readonly CouponSelection[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function commit(next: CouponSelection[]): void {
  selections = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the coupon still works for this page.
  }
  for (const listener of listeners) listener(next);
  window.dispatchEvent(new CustomEvent(COUPON_CHANGED_EVENT, { detail: { selections: next } }));
}

/** Applies a command (the same as dispatching `parlay:coupon`). */
export function changeCoupon(command: CouponCommand): void {
  if (command.type === 'toggle' && interceptor) {
    const { type: _type, ...selection } = command;
    if (!getSelections().some((s) => s.outcomeId === selection.outcomeId) && interceptor(selection)) return;
  }
  commit(applyCouponCommand(getSelections(), command));
}

export function toggleSelection(selection: CouponSelection): void {
  changeCoupon({ type: 'toggle', ...selection });
}

export function openCoupon(): void {
  window.dispatchEvent(new CustomEvent(COUPON_OPEN_EVENT));
}

if (typeof window !== 'undefined') {
  window.addEventListener(COUPON_EVENT, (event) => {
    const detail = (event as CustomEvent<CouponCommand>).detail;
    if (detail && typeof detail === 'object' && 'type' in detail) changeCoupon(detail);
  });
  // Another tab changed the coupon.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    selections = load();
    for (const listener of listeners) listener(selections);
  });
}
