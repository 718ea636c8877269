/**
 * One render worker of render-pool.ts: loads the web build itself, renders the pages the main
 * thread sends with the micro-apps rendered in this thread (the same context and schema checks as
 * the /mf route), and asks the main thread for every API answer a render needs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import type { ApiTextAnswer } from './api-fetch.ts';
import { createInThreadFragmentLoader, type ObserveFragment } from './fragments.ts';
import type { FromRenderWorker, RenderWorkerData, ToRenderWorker } from './render-pool.ts';
import { splitResponse, transferableBytes } from './rendered-page.ts';
import { loadWebBuild } from './web-build.ts';

if (!parentPort) throw new Error('render-worker.ts runs as a worker thread of render-pool.ts');
const port = parentPort;
const post = (message: FromRenderWorker) => port.postMessage(message);
const { distDir, fragmentTimeoutMs } = workerData as RenderWorkerData;
const build = await loadWebBuild(distDir);

interface ApiCall {
  resolve(answer: ApiTextAnswer): void;
  reject(error: Error): void;
}
const apiCalls = new Map<number, ApiCall>();
let nextApiId = 0;
const api: ApiFetch = (path, init = {}) =>
  new Promise<ApiTextAnswer>((resolve, reject) => {
    const id = ++nextApiId;
    apiCalls.set(id, { resolve, reject });
    try {
      post({ type: 'api', id, path, init });
    } catch (error) {
      apiCalls.delete(id);
      reject(error as Error);
    }
  }).then(({ status, text }) => ({ status, json: async () => JSON.parse(text) as unknown }));

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
      const { id, request } = message;
      const fail = (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        post({ type: 'render-failed', id, message: failure.message, stack: failure.stack });
      };
      build.shell
        .renderPage({ request, manifest: build.manifest, api, loadFragment })
        // A response that cannot be cloned to the main thread fails the render, not the worker.
        .then((response) => {
          const { head, bytes } = splitResponse(response);
          const body = transferableBytes(bytes);
          port.postMessage({ type: 'rendered', id, head, body } satisfies FromRenderWorker, [body]);
        })
        .catch(fail);
      return;
    }
    case 'api-answer':
      answerApi(message.id, (call) => call.resolve({ status: message.status, text: message.text }));
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
