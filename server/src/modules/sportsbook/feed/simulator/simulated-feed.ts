import type { Clock } from '../../../../platform/clock.ts';
import type { FeedProvider, FeedSink } from '../provider.ts';
import type { FeedSimulator } from './simulator.ts';

/**
 * The simulator as a FeedProvider: one advance per tick on the injected clock. A tick that finds
 * the previous batch still being applied is skipped; nothing is lost, because the next advance
 * covers the whole interval (the simulated world is a function of time).
 */
export class SimulatedFeed implements FeedProvider {
  readonly name = 'simulator';
  readonly #simulator: FeedSimulator;
  readonly #clock: Clock;
  readonly #tickMs: number;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<void> | null = null;

  constructor(simulator: FeedSimulator, clock: Clock, tickMs: number, onError: (err: unknown) => void) {
    this.#simulator = simulator;
    this.#clock = clock;
    this.#tickMs = tickMs;
    this.#onError = onError;
  }

  start(sink: FeedSink): void {
    const tick = () => {
      if (this.#inFlight) return;
      this.#inFlight = sink(this.#simulator.advance(this.#clock.nowMs()))
        .catch(this.#onError)
        .finally(() => {
          this.#inFlight = null;
        });
    };
    tick();
    this.#timer = setInterval(tick, this.#tickMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#inFlight;
  }
}
