/**
 * Micro-app view states and retries (coupon-accounts spec §"Micro-app view states"):
 * not exist → loading | ready; loading → error | ready | not exist; error → loading | not exist;
 * ready → not exist. Up to 3 retries, the wait starting at 1000 ms and doubling; success clears the
 * retry data; a manual reload is throttled to once per second. Pure: the clock is passed in.
 */

export type ViewState = 'not-exist' | 'loading' | 'ready' | 'error';

export const VIEW_MOVES: Readonly<Record<ViewState, readonly ViewState[]>> = {
  'not-exist': ['loading', 'ready'],
  loading: ['error', 'ready', 'not-exist'],
  ready: ['not-exist'],
  error: ['loading', 'not-exist'],
};

export const RETRY_POLICY = {
  maxRetries: 3,
  initialDelayMs: 1000,
  factor: 2,
  reloadThrottleMs: 1000,
} as const;

/** The view of one micro-app: its state and how many automatic retries it has used. */
export interface AppView {
  readonly state: ViewState;
  readonly retries: number;
}

export const INITIAL_VIEW: AppView = { state: 'not-exist', retries: 0 };

export class IllegalViewMoveError extends Error {
  constructor(from: ViewState, to: ViewState) {
    super(`micro-app view cannot move from "${from}" to "${to}"`);
    this.name = 'IllegalViewMoveError';
  }
}

export function canMove(from: ViewState, to: ViewState): boolean {
  return VIEW_MOVES[from].includes(to);
}

/**
 * The view after moving to `to`; throws IllegalViewMoveError for a move the spec does not allow.
 * error → loading counts one retry; ready and not-exist clear the retry count.
 */
export function moveView(view: AppView, to: ViewState): AppView {
  if (!canMove(view.state, to)) throw new IllegalViewMoveError(view.state, to);
  if (to === 'ready' || to === 'not-exist') return { state: to, retries: 0 };
  if (view.state === 'error' && to === 'loading') return { state: to, retries: view.retries + 1 };
  return { state: to, retries: view.retries };
}

/**
 * How long an app in error waits before its next automatic retry, or null when the retries are used
 * up: 1000, 2000, 4000, then null.
 */
export function retryDelayMs(view: AppView): number | null {
  if (view.state !== 'error' || view.retries >= RETRY_POLICY.maxRetries) return null;
  return RETRY_POLICY.initialDelayMs * RETRY_POLICY.factor ** view.retries;
}

/** A manual-reload gate: returns true at most once per throttle window (the clock is passed in). */
export function createReloadThrottle(throttleMs: number = RETRY_POLICY.reloadThrottleMs) {
  let lastAtMs: number | null = null;
  return (nowMs: number): boolean => {
    if (lastAtMs !== null && nowMs - lastAtMs < throttleMs) return false;
    lastAtMs = nowMs;
    return true;
  };
}

/** The automatic retry waits in order: retrySchedule() → [1000, 2000, 4000]. */
export function retrySchedule(policy: typeof RETRY_POLICY = RETRY_POLICY): number[] {
  return Array.from(
    { length: policy.maxRetries },
    (_, index) => policy.initialDelayMs * policy.factor ** index,
  );
}

/** How long the browser waits for one fragment answer before counting the attempt as failed. */
export const CLIENT_FRAGMENT_TIMEOUT_MS = 8000;

/**
 * Which views use each app (the page container, the footer slot, header widgets). The spec unloads an
 * app when no view or component uses it any more.
 */
export type AppUsage = ReadonlyMap<string, ReadonlySet<string>>;

export const NO_USAGE: AppUsage = new Map();

/** Records that `viewId` uses `app`. */
export function useApp(usage: AppUsage, app: string, viewId: string): AppUsage {
  const next = new Map(usage);
  next.set(app, new Set([...(usage.get(app) ?? []), viewId]));
  return next;
}

/** Records that `viewId` no longer uses `app`; `unload` is true when that was the last view using it. */
export function releaseApp(
  usage: AppUsage,
  app: string,
  viewId: string,
): { usage: AppUsage; unload: boolean } {
  const views = usage.get(app);
  if (!views?.has(viewId)) return { usage, unload: false };
  const next = new Map(usage);
  const rest = new Set([...views].filter((view) => view !== viewId));
  if (rest.size === 0) next.delete(app);
  else next.set(app, rest);
  return { usage: next, unload: rest.size === 0 };
}

/** A page chunk that fails to load reloads the page at most once per minute (site-shell §8). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
/** sessionStorage key holding the time (ms) of the last reload caused by a failed chunk. */
export const CHUNK_RELOAD_STORAGE_KEY = 'parlay:chunk-reload-at';

/**
 * Whether a failed page chunk may reload the page now, given the stored time of the last such
 * reload (null or unreadable: never). mayReloadForChunk(null, t) → true; (t, t + 59_999) → false.
 */
export function mayReloadForChunk(lastReloadAt: string | number | null, nowMs: number): boolean {
  const last = typeof lastReloadAt === 'string' ? Number(lastReloadAt) : lastReloadAt;
  if (last === null || !Number.isFinite(last)) return true;
  // A clock that went backwards must not block reloads for ever.
  if (last > nowMs) return true;
  return nowMs - last >= CHUNK_RELOAD_INTERVAL_MS;
}
