/**
 * The browser's API fetch: the same ApiFetch shape the server hands to SSR renders, so data-loading
 * code of a micro-app runs unchanged on both sides.
 */
import type { ApiFetch } from '@parlay/mf/contract.ts';

/** The answer of an API call after its body was checked: the parsed data, or why there is none. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number | null };

/** ApiFetch over window.fetch: JSON in and out, same-origin cookies, the XMLHttpRequest marker (spec). */
export const browserApi: ApiFetch = async (path, init) => {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...init?.headers,
  };
  const hasBody = init?.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: init?.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: hasBody ? JSON.stringify(init?.body) : undefined,
    credentials: 'same-origin',
  });
  return { status: response.status, json: () => response.json() as Promise<unknown> };
};

/**
 * GETs `path` and checks the body with `parse` (which returns null for a body of the wrong shape).
 * Network failures and malformed bodies give { ok: false }; they never throw.
 */
export async function getJson<T>(
  api: ApiFetch,
  path: string,
  parse: (body: unknown) => T | null,
  headers?: Record<string, string>,
): Promise<ApiResult<T>> {
  let response: Awaited<ReturnType<ApiFetch>>;
  try {
    response = await api(path, headers ? { headers } : undefined);
  } catch {
    return { ok: false, status: null };
  }
  if (response.status !== 200) return { ok: false, status: response.status };
  try {
    const data = parse(await response.json());
    return data === null ? { ok: false, status: response.status } : { ok: true, data };
  } catch {
    return { ok: false, status: response.status };
  }
}
