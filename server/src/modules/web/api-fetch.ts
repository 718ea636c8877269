/**
 * The `api` fetch of server renders: an in-process request through the whole application (or a
 * real fetch to API_INTERNAL_URL when this process has no api role), either way with the shared
 * cache of shared-api-cache.ts. Answers stay text until a render parses them, so a render worker gets the
 * text over its port and parses it in its own thread.
 */
import type { ApiFetch } from '@parlay/mf/contract.ts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { createSharedApiCache, type SharedAnswer, sharedAnswerKey } from './shared-api-cache.ts';

export type ApiInit = Parameters<ApiFetch>[1];
export interface ApiTextAnswer {
  status: number;
  text: string;
  /** A shared answer: how much longer it is fresh (a render worker may keep it that long). */
  freshForMs?: number;
}
export type ApiTextFetch = (apiPath: string, init?: ApiInit) => Promise<ApiTextAnswer>;
type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The render's fetch over text answers: json() parses the text, as Response.json() would. */
export function jsonApi(fetchText: ApiTextFetch): ApiFetch {
  return async (apiPath, init) => {
    const { status, text } = await fetchText(apiPath, init);
    return { status, json: async () => JSON.parse(text) as unknown };
  };
}

export function createApiTextFetch(deps: ModuleDeps, inject: Inject, clearTopics: string[]): ApiTextFetch {
  const remoteBase = deps.config.roles.includes('api') ? null : deps.config.apiInternalUrl;
  const sharedCache = createSharedApiCache(deps.clock);
  // Operator changes must show on the next render, not when the shared copy expires.
  for (const topic of clearTopics) deps.bus.subscribe(topic, () => sharedCache.clear());
  return async (apiPath, init = {}) => {
    if (!apiPath.startsWith('/')) throw new AppError('INTERNAL', `api path must start with /: ${apiPath}`);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers ?? {}) };
    // The API in this process (in-process request) or in another (API_INTERNAL_URL): shared alike.
    const send = async (): Promise<SharedAnswer> => {
      if (remoteBase) {
        const response = await fetch(new URL(apiPath, remoteBase), {
          method,
          headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        const cacheControl = response.headers.get('cache-control') ?? '';
        return { status: response.status, text: await response.text(), cacheControl };
      }
      const response = await inject({
        method: method as InjectOptions['method'],
        url: apiPath,
        headers,
        ...(init.body === undefined ? {} : { payload: init.body as object }),
      });
      const cacheControl = String(response.headers['cache-control'] ?? '');
      return { status: response.statusCode, text: response.body, cacheControl };
    };
    const key = sharedAnswerKey(apiPath, method, init.headers ?? {}, init.body);
    const { status, text } = key === null ? await send() : await sharedCache.get(key, send);
    const freshForMs = key === null ? 0 : sharedCache.freshForMs(key);
    return { status, text, ...(freshForMs > 0 ? { freshForMs } : {}) };
  };
}
