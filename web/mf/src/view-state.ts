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
