/**
 * V8 flags of the serving processes, given on their command line (server/bin/parlay, the npm
 * scripts) and to every process a cluster forks.
 *
 * --initial-old-space-size=256: on this machine Node 24 gives each process a 128 MB young
 * generation, and with the old generation's limit starting near its live size (about 47 MB in a web
 * process) V8 began a new incremental marking almost as soon as a full collection ended. Composing
 * pages afresh, each web process ran a mark-compact every 0.4–0.6 s (pauses of 5–21 ms, marking
 * steps of up to 20 ms on the event loop), which made most of the page's latency tail. With room to
 * grow first it runs one every 3–4 s: every page composed, paced at 130 req/s (about 55 % of the
 * peak), p50 9.1–9.5 → 7.1–7.5 ms, p90 36–40 → 10–12 ms, p99 75–79 → 27–38 ms.
 * It costs idle memory (issue 25, bench/memory.ts): an idle server with every role, whose feed keeps
 * allocating, holds 200–250 MB of main heap of which 120 MB is live, and without the flag 160–220
 * MB (idle RSS 447–449 against 478–546 MB). It stays: without it (or at 128) the server spent 20–50 %
 * more processor time per composed page (docs/deploy.md, Memory: 500–600 pages, A/B interleaved).
 * What it costs an idle server is given back by idle-collect.ts: after 30 s without requests the
 * heap is collected to its live size (idle RSS 349–394 MB, docs/deploy.md Memory, session 11).
 *
 * --max-semi-space-size=16 (MB): that 128 MB young generation is V8's default for a machine with
 * this much memory, in every isolate: the main thread and each render thread. A server that keeps
 * allocating (the feed, renders) soon has all of it resident, several hundred MB of a process whose
 * live data is a fraction of that (issue 25: the README's server idled at 0.77–0.96 GB). 16 MB
 * semi-spaces keep scavenges frequent but short; bench:soak measures the memory it bounds.
 */
export const SERVER_V8_FLAGS: readonly string[] = [
  '--initial-old-space-size=256',
  '--max-semi-space-size=16',
];

/** execArgv with every server flag the process was not already given (a given value wins). */
export function withServerV8Flags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0];
  const given = new Set(execArgv.map(named));
  return [...execArgv, ...SERVER_V8_FLAGS.filter((flag) => !given.has(named(flag)))];
}
