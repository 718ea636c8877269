/**
 * bench/lighthouse: Lighthouse (mobile preset, the default) with Debian's Chromium against a
 * freshly started production server on an embedded database. Prints the four category scores: the
 * median of five runs and each run's.
 * Targets (issue #3): performance ≥ 90, accessibility ≥ 95, best practices ≥ 95, SEO ≥ 95.
 *
 *   npm run bench:lighthouse [-- /en/information/contacts]
 *   WEB_DIST_DIR=/tmp/dist-before npm run bench:lighthouse   (a build kept aside, for before/after)
 *   BENCH_ORIGIN=http://127.0.0.1:3000 npm run bench:lighthouse   (a server already running; no build,
 *     no start: on a busy machine a fresh server's first start can take longer than the bench waits)
 * The machine's load average is printed beside the scores: on a busy machine they drop.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type BenchServer, REPO_ROOT } from './support.ts';
import { startWebServer } from './web-server.ts';

/**
 * Lighthouse's scores move from run to run on the same page (on this shared machine performance went
 * 88–100 over five runs of one build), so the targets are judged on the median of RUNS runs, as
 * Lighthouse's own guidance on variability advises; BENCH_LH_RUNS changes the count.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));
const TARGETS: Record<string, number> = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Measures a warm server, as players meet it: the page served a few times before. */
async function warmUp(origin: string, pagePath: string): Promise<void> {
  for (let i = 0; i < 5; i += 1) await (await fetch(origin + pagePath)).text();
}

async function main(): Promise<void> {
  const pagePath = process.argv[2] ?? '/en/';
  const server = process.env.BENCH_ORIGIN ? null : await startWebServer('parlay-lh-');
  const origin = process.env.BENCH_ORIGIN ?? (server as BenchServer).origin;
  await warmUp(origin, pagePath);
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    console.log(`  load average at start: ${load()}`);
    const runs: Run[] = [];
    // A run whose trace Chromium did not record (Lighthouse's runtime error, e.g. NO_NAVSTART, seen
    // about once in 15 runs here) measured nothing: it is run again instead of counting 0, up to
    // RUNS more attempts.
    for (let i = 0, attempts = 0; i < RUNS && attempts < 2 * RUNS; attempts += 1) {
      const result = await lighthouse(origin + pagePath, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      if (!result) throw new Error('lighthouse returned nothing');
      const failed = (result.lhr as { runtimeError?: { code?: string } }).runtimeError;
      if (failed) {
        console.log(`  a run recorded no trace (${failed.code ?? 'runtime error'}): run again`);
        continue;
      }
      i += 1;
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)]),
      );
      runs.push({ scores, report: String(result.report), lhr: result.lhr });
      console.log(`  run ${i}/${RUNS}: ${Object.values(scores).join(' / ')}`);
      // A category without a score counts 0: say which audit could not be measured and why.
      if (result.lhr.categories.performance?.score === null) {
        for (const audit of Object.values(result.lhr.audits as Run['lhr']['audits'])) {
          if (audit.scoreDisplayMode === 'error') {
            console.log(`    not measured: ${audit.id}: ${audit.errorMessage ?? 'no message'}`);
          }
        }
      }
    }
    // The run whose performance score is the median: its report is the one kept and its audits listed.
    const byPerformance = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const middle = byPerformance[Math.floor(byPerformance.length / 2)] as Run;
    const outDir = path.join(REPO_ROOT, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    const report = path.join(outDir, `lighthouse-${pagePath.replace(/[^a-z0-9]+/gi, '_')}.html`);
    writeFileSync(report, middle.report);
    console.log(`\nLighthouse, mobile preset, ${pagePath}: median of ${RUNS} runs (each run's in brackets)`);
    let allMet = true;
    for (const [id, target] of Object.entries(TARGETS)) {
      const each = runs.map((run) => run.scores[id] ?? 0);
      const score = median(each);
      allMet &&= score >= target;
      console.log(
        `  ${id.padEnd(15)} ${String(score).padStart(3)} [${each.join(', ')}] (target ≥ ${target}) ${score >= target ? 'PASS' : 'MISS'}`,
      );
    }
    // The metrics behind the performance score, medians over the runs (ms; CLS unitless).
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'speed-index',
    ];
    console.log(
      `  metrics (median ms): ${metrics
        .map((id) => `${id} ${Math.round(median(runs.map((run) => run.lhr.audits[id]?.numericValue ?? 0)))}`)
        .join(', ')}`,
    );
    for (const audit of Object.values(middle.lhr.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
        console.log(`  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
    console.log(`  load average at end: ${load()}`);
    console.log(
      `  report (the median run): ${path.relative(REPO_ROOT, report)}${allMet ? '' : '  (some targets missed)'}`,
    );
  } finally {
    chrome.kill();
    await server?.stop();
  }
}

interface Run {
  scores: Record<string, number>;
  report: string;
  lhr: {
    audits: Record<
      string,
      {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        numericValue?: number;
        errorMessage?: string;
      }
    >;
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

await main();
