/**
 * bench/boot-tasks: the main-thread work a page costs at boot on a slow phone, measured more steadily
 * than Lighthouse's score. Headless Chromium with the CPU throttled 4× (CDP
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset), a cold cache per run, a 412 px
 * mobile viewport; each page is loaded, then watched until the main thread has been quiet for 2 s.
 * Prints per page the median over runs of: long tasks (> 50 ms) and their summed length, the
 * blocking part of them (Σ (length − 50 ms), Lighthouse's TBT without its FCP–TTI window), Chromium's
 * own task/script/layout/style totals, DOM elements and the document's size.
 *
 *   npm run bench:boot [-- /en/ /en/home/live]          (default: home, live list, one live game)
 *   BENCH_ORIGIN=http://127.0.0.1:3000 npm run bench:boot   (a server already running; no build)
 *   WEB_DIST_DIR=/tmp/dist-before npm run bench:boot          (a kept build, for before/after)
 *   BENCH_BOOT_RUNS=5 (default 5)
 */
import { loadavg } from 'node:os';
import { type Browser, chromium } from 'playwright-core';
import type { BenchServer } from './support.ts';
import { startWebServer } from './web-server.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_BOOT_RUNS ?? 5));
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const QUIET_MS = 2000;
const WATCH_LIMIT_MS = 8000;
const VIEWPORT = { width: 412, height: 823 };

interface Sample {
  longTasks: number[];
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  domElements: number;
  documentBytes: number;
  quiet: boolean;
}

/** Registered before the document parses, so the parse's own long tasks are counted too. */
const OBSERVE_LONG_TASKS = `
  window.__bootLongTasks = [];
  window.__bootLastTaskEnd = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bootLongTasks.push(entry.duration);
      window.__bootLastTaskEnd = entry.startTime + entry.duration;
    }
  }).observe({ type: 'longtask' });
`;

async function sample(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    const response = await page.goto(url, { waitUntil: 'load' });
    const documentBytes = response ? (await response.body()).length : 0;
    // Quiet: no long task ended in the last QUIET_MS. A live page's updates may never let it be quiet:
    // then the watch stops WATCH_LIMIT_MS after load, the same window for every build compared.
    const quiet = await page
      .waitForFunction(
        (quietMs) => {
          const w = window as unknown as { __bootLastTaskEnd: number };
          return performance.now() - w.__bootLastTaskEnd > quietMs;
        },
        QUIET_MS,
        { timeout: WATCH_LIMIT_MS, polling: 250 },
      )
      .then(
        () => true,
        () => false,
      );
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const metric = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
    const measured = await page.evaluate(() => ({
      longTasks: (window as unknown as { __bootLongTasks: number[] }).__bootLongTasks,
      domElements: document.getElementsByTagName('*').length,
    }));
    return {
      longTasks: measured.longTasks.map(Math.round),
      taskMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      layoutMs: metric('LayoutDuration'),
      styleMs: metric('RecalcStyleDuration'),
      domElements: measured.domElements,
      documentBytes,
      quiet,
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const blockingMs = (tasks: number[]) => tasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0);
const summedMs = (tasks: number[]) => tasks.reduce((sum, ms) => sum + ms, 0);

function report(pagePath: string, samples: Sample[]): void {
  const m = (pick: (s: Sample) => number) => median(samples.map(pick));
  const middle = [...samples].sort((a, b) => blockingMs(a.longTasks) - blockingMs(b.longTasks))[
    Math.floor(samples.length / 2)
  ] as Sample;
  console.log(`\n${pagePath}  (median of ${samples.length}; CPU ${CPU_SLOWDOWN}× slower)`);
  console.log(
    `  long tasks ${m((s) => s.longTasks.length)}, summed ${m((s) => summedMs(s.longTasks))} ms, blocking ${m((s) => blockingMs(s.longTasks))} ms [each run: ${samples.map((s) => blockingMs(s.longTasks)).join(', ')}]`,
  );
  console.log(
    `  main thread: tasks ${m((s) => s.taskMs)} ms, script ${m((s) => s.scriptMs)} ms, layout ${m((s) => s.layoutMs)} ms, style ${m((s) => s.styleMs)} ms`,
  );
  console.log(
    `  DOM elements ${m((s) => s.domElements)}, document ${(m((s) => s.documentBytes) / 1024).toFixed(0)} KB raw`,
  );
  console.log(`  median run's long tasks (ms): ${middle.longTasks.join(', ') || 'none'}`);
  const restless = samples.filter((s) => !s.quiet).length;
  if (restless > 0)
    console.log(`  ${restless} run(s) never quiet for ${QUIET_MS} ms: cut ${WATCH_LIMIT_MS} ms after load`);
}

/** The first live game linked from the live list, so the game page measured is one that exists now. */
async function firstLiveGamePath(origin: string): Promise<string | null> {
  const html = await (await fetch(`${origin}/en/home/live`)).text();
  return (
    /href="(\/en\/home\/live\/sports\/[a-z0-9-]+\/\d+[a-z0-9-]*\/\d+[a-z0-9-]*)"/.exec(html)?.[1] ?? null
  );
}

async function main(): Promise<void> {
  const server = process.env.BENCH_ORIGIN ? null : await startWebServer('parlay-boot-');
  const origin = process.env.BENCH_ORIGIN ?? (server as BenchServer).origin;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
    headless: true,
  });
  try {
    const paths = process.argv.slice(2);
    if (paths.length === 0) {
      paths.push('/en/', '/en/home/live');
      const game = await firstLiveGamePath(origin);
      if (game) paths.push(game);
    }
    console.log(
      `load average at start: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    for (const pagePath of paths) {
      for (let i = 0; i < 3; i += 1) await (await fetch(origin + pagePath)).text();
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i += 1) samples.push(await sample(browser, origin + pagePath));
      report(pagePath, samples);
    }
    console.log(
      `\nload average at end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
