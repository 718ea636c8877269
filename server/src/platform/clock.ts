/** Time comes from a Clock so rules and tests can move it; nothing else calls Date.now(). */
export interface Clock {
  now(): Date;
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

/** A clock that only moves when told to, for tests and simulations. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | number) {
    this.#ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  nowMs(): number {
    return this.#ms;
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('a clock only moves forward');
    this.#ms += ms;
  }
}
