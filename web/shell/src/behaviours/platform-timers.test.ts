import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlatformTimers, isSearchBot, type TimerClock, timersRunning } from './platform-timers.ts';

describe('search-engine bots', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1) Chrome/120 Safari/537.36',
      true,
    ],
    ['facebookexternalhit/1.1', true],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0.0.0 Safari/537.36', false],
  ])('%s → %s', (ua, bot) => {
    expect(isSearchBot(ua)).toBe(bot);
  });
});

describe('timers run', () => {
  it.each([
    [false, null, 0, true],
    [false, 1000, 1000 + 29_999, true],
    [false, 1000, 1000 + 30_000, false],
    [true, null, 0, false],
  ])('bot %s, hidden since %s, now %s → %s', (isBot, hiddenSinceMs, nowMs, running) => {
    expect(timersRunning({ isBot, hiddenSinceMs, nowMs })).toBe(running);
  });
});

describe('scheduler', () => {
  const clock: TimerClock = {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts after the delay and repeats (version check: after 60 s, then every 5 min)', () => {
    const timers = createPlatformTimers(clock, false);
    const run = vi.fn();
    timers.add({ name: 'version', startAfterMs: 60_000, intervalMs: 300_000, run });
    vi.advanceTimersByTime(59_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('keeps running for 30 s after the page is hidden, then pauses, and catches up when shown', () => {
    const timers = createPlatformTimers(clock, false);
    const run = vi.fn();
    timers.add({ name: 'poll', startAfterMs: 10_000, intervalMs: 10_000, run });
    timers.pageHidden();
    vi.advanceTimersByTime(29_999);
    expect(run).toHaveBeenCalledTimes(2);
    expect(timers.running).toBe(true);
    vi.advanceTimersByTime(1);
    expect(timers.running).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(run).toHaveBeenCalledTimes(2);
    timers.pageVisible();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('coming back within 30 s does not pause', () => {
    const timers = createPlatformTimers(clock, false);
    const run = vi.fn();
    timers.add({ name: 'poll', startAfterMs: 40_000, intervalMs: null, run });
    timers.pageHidden();
    vi.advanceTimersByTime(20_000);
    timers.pageVisible();
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('bots get no timers', () => {
    const timers = createPlatformTimers(clock, true);
    const run = vi.fn();
    timers.add({ name: 'version', startAfterMs: 0, intervalMs: 1000, run });
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('a removed task stops; a throwing task does not stop the others', () => {
    const timers = createPlatformTimers(clock, false);
    const ok = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const remove = timers.add({ name: 'a', startAfterMs: 1000, intervalMs: 1000, run: ok });
    timers.add({
      name: 'b',
      startAfterMs: 1000,
      intervalMs: 1000,
      run: () => {
        throw new Error('boom');
      },
    });
    vi.advanceTimersByTime(2000);
    expect(ok).toHaveBeenCalledTimes(2);
    remove();
    vi.advanceTimersByTime(5000);
    expect(ok).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
