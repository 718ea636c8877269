import { describe, expect, it } from 'vitest';
import {
  type AppView,
  canMove,
  createReloadThrottle,
  IllegalViewMoveError,
  INITIAL_VIEW,
  moveView,
  retryDelayMs,
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
