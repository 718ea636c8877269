/**
 * Asks the best-hold worker for a hand's hint. One worker per page, started on the first question
 * (it keeps its counting tables for the next hands). Where a module worker cannot start (an old
 * browser, a test), the hint is computed here after a pause, as before.
 */
import type { Card } from '../cards/card-model.ts';
import { bestHoldHint } from './hint.ts';
import type { HintAnswer, HintRequest } from './hint-protocol.ts';

/** The part of a Worker the client uses (a fake one in tests). */
export interface HintWorker {
  postMessage(message: HintRequest): void;
  addEventListener(type: 'message', listener: (event: { data: HintAnswer }) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  terminate(): void;
}

export type HintResult = { readonly hold: number[] | null } | { readonly failed: true };

export interface HintClient {
  hint(cards: readonly Card[]): Promise<HintResult>;
}

function startWorker(): HintWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./hint.worker.ts', import.meta.url), {
      type: 'module',
      name: 'video-poker-hint',
    }) as unknown as HintWorker;
  } catch {
    return null;
  }
}

const FALLBACK_DELAY_MS = 30;

/** A client over `start` (the real worker by default) with `compute` where no worker runs. */
export function createHintClient(
  start: () => HintWorker | null = startWorker,
  compute: (cards: readonly Card[]) => number[] | null = bestHoldHint,
): HintClient {
  let worker: HintWorker | null | undefined;
  let nextId = 1;
  const waiting = new Map<number, (result: HintResult) => void>();

  const onThisThread = (cards: readonly Card[]) =>
    new Promise<HintResult>((resolve) =>
      setTimeout(() => {
        try {
          resolve({ hold: compute(cards) });
        } catch {
          resolve({ failed: true });
        }
      }, FALLBACK_DELAY_MS),
    );

  const ensureWorker = (): HintWorker | null => {
    if (worker !== undefined) return worker;
    worker = start();
    worker?.addEventListener('message', (event) => {
      const resolve = waiting.get(event.data.id);
      if (!resolve) return;
      waiting.delete(event.data.id);
      resolve(event.data.failed ? { failed: true } : { hold: event.data.hold });
    });
    worker?.addEventListener('error', () => {
      // A worker that failed to load or crashed: the questions waiting on it are answered here.
      worker?.terminate();
      worker = null;
      for (const resolve of waiting.values()) resolve({ failed: true });
      waiting.clear();
    });
    return worker;
  };

  return {
    hint(cards) {
      const running = ensureWorker();
      if (!running) return onThisThread(cards);
      const id = nextId++;
      return new Promise<HintResult>((resolve) => {
        waiting.set(id, resolve);
        running.postMessage({ id, cards: [...cards] });
      });
    },
  };
}

let shared: HintClient | undefined;

/** The page's client (one worker for every hand of the session). */
export function hintClient(): HintClient {
  shared ??= createHintClient();
  return shared;
}
