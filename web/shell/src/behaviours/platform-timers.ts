/**
 * Platform timers (site-shell §4 "User session", coupon-accounts §4 "Other"): periodic work such as the
 * version check and status polls. Timers pause 30 s after the page is hidden and resume (running what
 * fell due) when it is shown again; search-engine bots get no timers at all.
 */

export const PAUSE_AFTER_HIDDEN_MS = 30_000;
/** Timer tasks one page may register; a bound, not a target. */
export const MAX_TIMER_TASKS = 32;

const BOT_PATTERN =
  /bot\b|crawler|spider|slurp|googlebot|bingbot|yandex(bot|images|metrika)?|baiduspider|duckduckbot|facebookexternalhit|ia_archiver|semrush|ahrefs|mj12bot|petalbot|applebot|lighthouse|chrome-lighthouse/i;

/** True for search-engine and crawler user agents: isSearchBot('Mozilla/5.0 (compatible; Googlebot/2.1)') → true. */
export function isSearchBot(userAgent: string): boolean {
  return BOT_PATTERN.test(userAgent);
}

/** Whether timers run: not for bots, and not once the page has been hidden for 30 s. */
export function timersRunning(input: {
  isBot: boolean;
  hiddenSinceMs: number | null;
  nowMs: number;
}): boolean {
  if (input.isBot) return false;
  return input.hiddenSinceMs === null || input.nowMs - input.hiddenSinceMs < PAUSE_AFTER_HIDDEN_MS;
}

export interface TimerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TimerTask {
  name: string;
  /** Delay before the first run. */
  startAfterMs: number;
  /** Period between runs; null runs once. */
  intervalMs: number | null;
  run(): void;
}

export interface PlatformTimers {
  add(task: TimerTask): () => void;
  pageHidden(): void;
  pageVisible(): void;
  readonly running: boolean;
  stop(): void;
}

interface Scheduled {
  task: TimerTask;
  dueMs: number;
}

/** A scheduler of timer tasks with the pause and bot rules; the clock is passed in. */
export function createPlatformTimers(clock: TimerClock, isBot: boolean): PlatformTimers {
  const tasks = new Set<Scheduled>();
  let hiddenSinceMs: number | null = null;
  let tick: unknown = null;
  let pauseTimer: unknown = null;
  let stopped = isBot;

  const running = () => !stopped && timersRunning({ isBot, hiddenSinceMs, nowMs: clock.now() });

  function reschedule(): void {
    if (tick !== null) clock.clearTimeout(tick);
    tick = null;
    if (!running() || tasks.size === 0) return;
    const nextDue = Math.min(...[...tasks].map((scheduled) => scheduled.dueMs));
    tick = clock.setTimeout(runDue, Math.max(0, nextDue - clock.now()));
  }

  function runDue(): void {
    tick = null;
    const nowMs = clock.now();
    for (const scheduled of [...tasks]) {
      if (scheduled.dueMs > nowMs) continue;
      if (scheduled.task.intervalMs === null) tasks.delete(scheduled);
      else scheduled.dueMs = nowMs + scheduled.task.intervalMs;
      try {
        scheduled.task.run();
      } catch (error) {
        console.warn(`timer ${scheduled.task.name} failed`, error);
      }
    }
    reschedule();
  }

  return {
    add(task) {
      if (stopped) return () => {};
      if (tasks.size >= MAX_TIMER_TASKS) throw new Error(`more than ${MAX_TIMER_TASKS} platform timers`);
      const scheduled = { task, dueMs: clock.now() + task.startAfterMs };
      tasks.add(scheduled);
      reschedule();
      return () => {
        tasks.delete(scheduled);
        reschedule();
      };
    },
    pageHidden() {
      if (hiddenSinceMs !== null) return;
      hiddenSinceMs = clock.now();
      pauseTimer = clock.setTimeout(() => {
        pauseTimer = null;
        reschedule();
      }, PAUSE_AFTER_HIDDEN_MS);
    },
    pageVisible() {
      hiddenSinceMs = null;
      if (pauseTimer !== null) clock.clearTimeout(pauseTimer);
      pauseTimer = null;
      reschedule();
    },
    get running() {
      return running();
    },
    stop() {
      stopped = true;
      tasks.clear();
      reschedule();
      if (pauseTimer !== null) clock.clearTimeout(pauseTimer);
    },
  };
}
