import type { Clock } from '../../../../platform/clock.ts';
import type { FeedEvent, FeedProvider, FeedSink } from '../provider.ts';
import { UNRESULTED_PAGE, type UnresultedGame } from '../unresulted-games.ts';
import type { FeedSimulator } from './simulator.ts';

export interface SimulatedFeedOptions {
  tickMs: number;
  onError: (err: unknown) => void;
  /**
   * Games started by `nowMs` with markets still to result in the database, a page after `after`
   * (oldest first; fewer than a full page means the last one). Without it there is no catch-up.
   */
  unresulted?: (nowMs: number, after: UnresultedGame | null, limit: number) => Promise<UnresultedGame[]>;
  /** Games per catch-up page. */
  pageSize?: number;
}

/**
 * The simulator as a FeedProvider: one advance per tick on the injected clock. A tick that finds
 * the previous batch still being applied is skipped; nothing is lost, because the next advance
 * covers the whole interval (the simulated world is a function of time).
 *
 * Results must not depend on this process having been up when a game ended. The first batch
 * (and the one after a failed batch) carries a catch-up: every game the database still has
 * unresulted markets for and the simulator has finished is resulted from the simulator, which can
 * replay any game, a page of games per batch until none is left. A failed batch may have held
 * results the simulator will not send again, so it starts afresh, as after a restart.
 */
export class SimulatedFeed implements FeedProvider {
  readonly name = 'simulator';
  readonly #createSimulator: () => FeedSimulator;
  readonly #clock: Clock;
  readonly #options: SimulatedFeedOptions;
  #simulator: FeedSimulator;
  #sink: FeedSink | null = null;
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<void> | null = null;
  /** Where the catch-up goes on: undefined when done, null to start from the oldest game. */
  #catchUpAfter: UnresultedGame | null | undefined = null;

  constructor(createSimulator: () => FeedSimulator, clock: Clock, options: SimulatedFeedOptions) {
    this.#createSimulator = createSimulator;
    this.#simulator = createSimulator();
    this.#clock = clock;
    this.#options = options;
  }

  start(sink: FeedSink): void {
    this.#sink = sink;
    this.#tick();
    this.#timer = setInterval(() => this.#tick(), this.#options.tickMs);
    this.#timer.unref();
  }

  /**
   * Delivers everything up to the clock's time now: waits for a batch in flight, then sends the
   * next one, and resolves when it has been handed over (tests drive the feed with it).
   */
  async tick(): Promise<void> {
    await this.#inFlight;
    await this.#tick();
  }

  #tick(): Promise<void> | null {
    const sink = this.#sink;
    if (this.#inFlight || !sink) return this.#inFlight;
    this.#inFlight = this.#deliver(sink)
      .catch(this.#options.onError)
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  }

  async #deliver(sink: FeedSink): Promise<void> {
    const nowMs = this.#clock.nowMs();
    const after = this.#catchUpAfter;
    const unresulted = this.#options.unresulted;
    const pageSize = this.#options.pageSize ?? UNRESULTED_PAGE;
    const page = after !== undefined && unresulted ? await unresulted(nowMs, after, pageSize) : [];
    const events: FeedEvent[] = this.#simulator.advance(nowMs);
    events.push(...this.#simulator.catchUp(page, nowMs));
    try {
      await sink(events);
    } catch (err) {
      this.#simulator = this.#createSimulator();
      this.#catchUpAfter = null;
      throw err;
    }
    if (after === undefined) return;
    this.#catchUpAfter = page.length >= pageSize ? page.at(-1)! : undefined;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#sink = null;
    await this.#inFlight;
  }
}
