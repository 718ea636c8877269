import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card-model.ts';
import { createHintClient, type HintWorker } from './hint-client.ts';
import { answerHint, type HintAnswer, type HintRequest } from './hint-protocol.ts';

const ROYAL_DRAW: Card[] = [
  { hidden: false, rank: 'A', suit: 's' },
  { hidden: false, rank: 'K', suit: 's' },
  { hidden: false, rank: 'Q', suit: 's' },
  { hidden: false, rank: 'J', suit: 's' },
  { hidden: false, rank: '2', suit: 'h' },
];

/** A worker run by hand: questions wait until the test answers them. */
function fakeWorker() {
  const posted: HintRequest[] = [];
  const listeners: { message: ((event: { data: HintAnswer }) => void)[]; error: (() => void)[] } = {
    message: [],
    error: [],
  };
  let terminated = false;
  const worker: HintWorker = {
    postMessage: (message) => posted.push(message),
    addEventListener: ((type: 'message' | 'error', listener: never) => {
      listeners[type].push(listener);
    }) as HintWorker['addEventListener'],
    terminate: () => {
      terminated = true;
    },
  };
  return {
    worker,
    posted,
    answer: (data: HintAnswer) => {
      for (const listener of listeners.message) listener({ data });
    },
    crash: () => {
      for (const listener of listeners.error) listener();
    },
    terminated: () => terminated,
  };
}

describe('best-hold hint off the main thread', () => {
  it('asks the worker and never computes on the page when the worker runs', async () => {
    const fake = fakeWorker();
    let computedHere = 0;
    const client = createHintClient(
      () => fake.worker,
      () => {
        computedHere += 1;
        return [];
      },
    );
    const first = client.hint(ROYAL_DRAW);
    const second = client.hint(ROYAL_DRAW.slice().reverse());
    expect(fake.posted.map((m) => m.id)).toEqual([1, 2]);
    // answers may come in any order; each goes to its own question
    fake.answer({ id: 2, hold: [1, 2, 3, 4] });
    fake.answer({ id: 1, hold: [0, 1, 2, 3] });
    expect(await first).toEqual({ hold: [0, 1, 2, 3] });
    expect(await second).toEqual({ hold: [1, 2, 3, 4] });
    expect(computedHere).toBe(0);
  });

  it('starts one worker for every hand', async () => {
    const fake = fakeWorker();
    let started = 0;
    const client = createHintClient(() => {
      started += 1;
      return fake.worker;
    });
    void client.hint(ROYAL_DRAW);
    void client.hint(ROYAL_DRAW);
    expect(started).toBe(1);
  });

  it('answers the waiting questions as failed when the worker crashes', async () => {
    const fake = fakeWorker();
    const client = createHintClient(() => fake.worker);
    const pending = client.hint(ROYAL_DRAW);
    fake.crash();
    expect(await pending).toEqual({ failed: true });
    expect(fake.terminated()).toBe(true);
  });

  it('computes on the page, after a pause, where no worker can start', async () => {
    const client = createHintClient(
      () => null,
      (cards) => (cards.length === 5 ? [0] : null),
    );
    expect(await client.hint(ROYAL_DRAW)).toEqual({ hold: [0] });
  });

  it('the worker keeps four to a royal flush', () => {
    expect(answerHint({ id: 9, cards: ROYAL_DRAW })).toEqual({ id: 9, hold: [0, 1, 2, 3] });
    expect(answerHint({ id: 10, cards: ROYAL_DRAW.slice(0, 4) })).toEqual({ id: 10, hold: null });
  });
});
