/**
 * One render worker of render-pool.ts: loads the web build itself, renders the pages the main
 * thread sends with the micro-apps rendered in this thread (the same context and schema checks as
 * the /mf route), and asks the main thread for every API answer a render needs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import type { ApiTextAnswer } from './api-fetch.ts';
import { createInThreadFragmentLoader, type ObserveFragment } from './fragments.ts';
import { writeIntoSlot } from './page-slots.ts';
import type { FromRenderWorker, RenderWorkerData, ToRenderWorker } from './render-pool.ts';
import { splitResponse, transferableBytes } from './rendered-page.ts';
import { sharedAnswerKey } from './shared-api-cache.ts';
import { loadWebBuild } from './web-build.ts';

if (!parentPort) throw new Error('render-worker.ts runs as a worker thread of render-pool.ts');
const port = parentPort;
const post = (message: FromRenderWorker) => port.postMessage(message);
const { distDir, fragmentTimeoutMs, pageSlots, slotBytes } = workerData as RenderWorkerData;
const build = await loadWebBuild(distDir);

interface ApiCall {
  resolve(answer: ApiTextAnswer): void;
  reject(error: Error): void;
}
const apiCalls = new Map<number, ApiCall>();
let nextApiId = 0;

/**
 * Shared API answers kept in this thread while the main thread says they are fresh, so most of a
 * render's API calls never wait for the main thread's event loop (bench/ssr: the slow renders were
 * waiting there, not rendering). Keyed as the main thread's cache keys them; dropped on an operator change (a generation counts the drops, so an
 * answer asked for before one is not kept after it).
 */
const copies = new Map<string, { status: number; text: string; freshUntil: number }>();
const MAX_COPIES = 500;
/** And at most this many characters of answers (a list of games can be hundreds of kB). */
const MAX_COPY_CHARS = 8_000_000;
let copiesChars = 0;
let copiesGeneration = 0;
const api: ApiFetch = (path, init = {}) => {
  const key = sharedAnswerKey(path, init.method ?? 'GET', init.headers ?? {}, init.body);
  const copy = key === null ? undefined : copies.get(key);
  if (copy && copy.freshUntil > performance.now()) {
    return Promise.resolve({ status: copy.status, json: async () => JSON.parse(copy.text) as unknown });
  }
  const generation = copiesGeneration;
  return new Promise<ApiTextAnswer>((resolve, reject) => {
    const id = ++nextApiId;
    apiCalls.set(id, {
      resolve(answer) {
        if (key !== null && answer.freshForMs && generation === copiesGeneration) {
          if (copies.size >= MAX_COPIES || copiesChars + answer.text.length > MAX_COPY_CHARS) {
            copies.clear();
            copiesChars = 0;
          }
          copiesChars += answer.text.length - (copies.get(key)?.text.length ?? 0);
          copies.set(key, {
            status: answer.status,
            text: answer.text,
            freshUntil: performance.now() + answer.freshForMs,
          });
        }
        resolve(answer);
      },
      reject,
    });
    try {
      post({ type: 'api', id, path, init });
    } catch (error) {
      apiCalls.delete(id);
      reject(error as Error);
    }
  }).then(({ status, text }) => ({ status, json: async () => JSON.parse(text) as unknown }));
};

const observe: ObserveFragment = (app, outcome, seconds) =>
  post({ type: 'fragment-observed', app, outcome, seconds });
const loadFragment = createInThreadFragmentLoader(build, api, fragmentTimeoutMs, observe);

function answerApi(id: number, settle: (call: ApiCall) => void): void {
  const call = apiCalls.get(id);
  if (!call) return;
  apiCalls.delete(id);
  settle(call);
}

port.on('message', (message: ToRenderWorker) => {
  switch (message.type) {
    case 'render': {
      const { id, request, slot } = message;
      const fail = (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        post({ type: 'render-failed', id, message: failure.message, stack: failure.stack });
      };
      build.shell
        .renderPage({ request, manifest: build.manifest, api, loadFragment })
        // A response that cannot be cloned to the main thread fails the render, not the worker.
        .then((response) => {
          if (response.kind === 'html' && slot !== null) {
            const { html, ...head } = response;
            const length = writeIntoSlot(pageSlots, slotBytes, slot, html);
            if (length !== null) {
              post({ type: 'rendered', id, head, body: null, length });
              return;
            }
          }
          const { head, bytes } = splitResponse(response);
          const body = transferableBytes(bytes);
          port.postMessage(
            { type: 'rendered', id, head, body, length: body.byteLength } satisfies FromRenderWorker,
            [body],
          );
        })
        .catch(fail);
      return;
    }
    case 'api-answer':
      answerApi(message.id, (call) =>
        call.resolve({
          status: message.status,
          text: message.text,
          ...(message.freshForMs ? { freshForMs: message.freshForMs } : {}),
        }),
      );
      return;
    case 'api-cache-clear':
      copiesGeneration += 1;
      copies.clear();
      copiesChars = 0;
      return;
    case 'api-failed':
      answerApi(message.id, (call) => call.reject(new Error(message.message)));
      return;
    case 'ping':
      post({ type: 'pong' });
      return;
  }
});
post({ type: 'ready' });
