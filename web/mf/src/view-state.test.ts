import { describe, expect, it } from 'vitest';
import {
  type AppView,
  canMove,
  createReloadThrottle,
  IllegalViewMoveError,
  INITIAL_VIEW,
  mayReloadForChunk,
  moveView,
  NO_USAGE,
  releaseApp,
  retryDelayMs,
  retrySchedule,
  useApp,
  type ViewState,
} from './view-state.ts';

const STATES: ViewState[] = ['not-exist', 'loading', 'ready', 'error'];
// The spec's allowed moves, written out as a table.
const ALLOWED: Array<[ViewState, ViewState]> = [
  ['not-exist', 'loading'],
  ['not-exist', 'ready'],
  ['error', 'loading'],
  ['error', 'not-exist'],
  ['loading', 'error'],
  ['loading', 'ready'],
  ['loading', 'not-exist'],
  ['ready', 'not-exist'],
];

describe('view moves', () => {
  for (const from of STATES) {
    for (const to of STATES) {
      const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canMove(from, to)).toBe(allowed);
        const view: AppView = { state: from, retries: 0 };
        if (allowed) expect(moveView(view, to).state).toBe(to);
        else expect(() => moveView(view, to)).toThrow(IllegalViewMoveError);
      });
    }
  }
});

describe('retries', () => {
  it('waits 1000, 2000, 4000 ms, then gives up', () => {
    let view = moveView(INITIAL_VIEW, 'loading');
    const waits: Array<number | null> = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      view = moveView(view, 'error');
      const delayMs = retryDelayMs(view);
      waits.push(delayMs);
      if (delayMs === null) break;
      view = moveView(view, 'loading');
    }
    expect(waits).toEqual([1000, 2000, 4000, null]);
    expect(view).toEqual({ state: 'error', retries: 3 });
  });

  it('success clears the retry data', () => {
    const failedTwice: AppView = { state: 'loading', retries: 2 };
    expect(moveView(failedTwice, 'ready')).toEqual({ state: 'ready', retries: 0 });
  });

  it('unloading clears the retry data', () => {
    expect(moveView({ state: 'error', retries: 3 }, 'not-exist')).toEqual(INITIAL_VIEW);
  });

  it('only an app in error waits for a retry', () => {
    expect(retryDelayMs({ state: 'loading', retries: 0 })).toBeNull();
    expect(retryDelayMs({ state: 'ready', retries: 0 })).toBeNull();
  });
});

describe('manual reload throttle', () => {
  it('allows one reload per second', () => {
    const allowed = createReloadThrottle();
    expect(allowed(10_000)).toBe(true);
    expect(allowed(10_500)).toBe(false);
    expect(allowed(10_999)).toBe(false);
    expect(allowed(11_000)).toBe(true);
  });
});

describe('retry schedule', () => {
  it('is 3 retries from 1000 ms, doubling', () => {
    expect(retrySchedule()).toEqual([1000, 2000, 4000]);
  });

  it.each([
    [{ state: 'error', retries: 0 }, 1000],
    [{ state: 'error', retries: 1 }, 2000],
    [{ state: 'error', retries: 2 }, 4000],
    [{ state: 'error', retries: 3 }, null],
    [{ state: 'error', retries: 7 }, null],
  ] as Array<[AppView, number | null]>)('%o waits %s', (view, expected) => {
    expect(retryDelayMs(view)).toBe(expected);
  });

  it('a manual reload after the retries are used up starts over with all of them', () => {
    const exhausted: AppView = { state: 'error', retries: 3 };
    const unloaded = moveView(exhausted, 'not-exist');
    expect(retryDelayMs(moveView(moveView(unloaded, 'loading'), 'error'))).toBe(1000);
  });
});

describe('app usage (unload when no view uses an app)', () => {
  it('unloads only when the last view lets go', () => {
    let usage = useApp(NO_USAGE, 'sports', 'page');
    usage = useApp(usage, 'sports', 'widget');
    const first = releaseApp(usage, 'sports', 'page');
    expect(first.unload).toBe(false);
    const second = releaseApp(first.usage, 'sports', 'widget');
    expect(second.unload).toBe(true);
    expect(second.usage.has('sports')).toBe(false);
  });

  it('releasing a view that does not use the app changes nothing', () => {
    const usage = useApp(NO_USAGE, 'footer', 'slot:parlay-footer');
    expect(releaseApp(usage, 'footer', 'page')).toEqual({ usage, unload: false });
    expect(releaseApp(usage, 'sports', 'page')).toEqual({ usage, unload: false });
  });

  it('the same view using an app twice counts once', () => {
    const usage = useApp(useApp(NO_USAGE, 'info', 'page'), 'info', 'page');
    expect(releaseApp(usage, 'info', 'page').unload).toBe(true);
  });
});

describe('page chunk reload (at most once per minute)', () => {
  const t = 1_700_000_000_000;
  it.each([
    [null, t, true],
    ['', t, true],
    ['not a number', t, true],
    [String(t), t + 1_000, false],
    [String(t), t + 59_999, false],
    [String(t), t + 60_000, true],
    [t, t + 120_000, true],
    [String(t + 5_000), t, true],
  ] as Array<[string | number | null, number, boolean]>)('last %s, now %s → %s', (last, now, expected) => {
    expect(mayReloadForChunk(last, now)).toBe(expected);
  });
});
