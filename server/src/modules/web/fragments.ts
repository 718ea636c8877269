/**
 * The remote side of the micro-app protocol (GET or POST /mf/<app>/<path>) and the host side used
 * by the shell to load fragments through it. Both sides validate the fragment with parseFragment.
 */
import type { ApiFetch, RemoteRenderResult } from '@parlay/mf/contract.ts';
import {
  type Device,
  type FragmentContext,
  fragmentRequestHeaders,
  MF_API_VERSION,
  MF_HEADERS,
  parseFragment,
} from '@parlay/mf/protocol.ts';
import { parseViewSettings, viewSettingsFromCookies } from '@parlay/mf/view-settings.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { WebBuild } from './web-build.ts';

const MAX_COMPONENTS = 20;
const LANGUAGE = /^[a-z]{2}$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const DEFAULT_TIME_ZONE = 3;

/**
 * The fragment context as the remote reads it from the protocol headers and the user_token cookie.
 * A render worker passes its context through the same headers, so both paths see the same values.
 */
export function contextFromHeaders(
  header: (name: string) => string | undefined,
  cookies: Record<string, string | undefined>,
): FragmentContext {
  const lng = header(MF_HEADERS.language) ?? 'ru';
  if (!LANGUAGE.test(lng))
    throw new AppError('UNKNOWN_LANGUAGE', `mf-language must be two lower-case letters`);
  const timeZone = Number(header(MF_HEADERS.timeZone) ?? DEFAULT_TIME_ZONE);
  const device: Device = header(MF_HEADERS.device) === 'mobile' ? 'mobile' : 'desktop';
  const geo = header(MF_HEADERS.geoCountry);
  return {
    lng,
    timeZone: Number.isInteger(timeZone) && timeZone >= -12 && timeZone <= 14 ? timeZone : DEFAULT_TIME_ZONE,
    device,
    geoCountry: geo && COUNTRY.test(geo) ? geo.toUpperCase() : null,
    userToken: cookies.user_token ?? null,
    forceSpa: header(MF_HEADERS.forceSpa) !== undefined,
    // The shell sends the settings it drew the page with; a browser's own request has its cookies.
    view:
      header(MF_HEADERS.view) !== undefined
        ? parseViewSettings(header(MF_HEADERS.view))
        : viewSettingsFromCookies(cookies),
  };
}

function contextFromRequest(request: FastifyRequest): FragmentContext {
  return contextFromHeaders((name) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }, request.cookies ?? {});
}

/** Records how long one fragment took; the render workers send theirs to the main thread's metrics. */
export type ObserveFragment = (app: string, outcome: 'ok' | 'error', seconds: number) => void;

export function observeWith(metrics: ModuleDeps['metrics']): ObserveFragment {
  return (app, outcome, seconds) => metrics.fragmentDuration.observe({ app, outcome }, seconds);
}

/** The remote side of one fragment: the app lookup, its render and the schema check of its answer. */
export async function renderFragment(
  build: Pick<WebBuild, 'manifest' | 'remotes'>,
  request: {
    appName: string;
    url: string;
    /** Read after the app lookup, so an unknown app is named before a bad context. */
    readContext: () => FragmentContext;
    components: string[] | null;
  },
  api: ApiFetch,
  observe: ObserveFragment,
): Promise<RemoteRenderResult> {
  const { appName } = request;
  const remote = build.remotes.get(appName);
  const assets = build.manifest.apps[appName];
  if (!remote || !assets) throw new AppError('UNKNOWN_APP', `no micro-app named ${appName}`);
  const started = performance.now();
  const result = await remote.render({
    url: request.url,
    context: request.readContext(),
    components: request.components,
    api,
    assets,
  });
  const fragment = parseFragment(result.fragment);
  observe(appName, 'ok', (performance.now() - started) / 1000);
  return { status: result.status, fragment };
}

export function registerFragmentRoutes(
  app: RoutesApp,
  build: WebBuild,
  api: ApiFetch,
  deps: ModuleDeps,
): void {
  const observe = observeWith(deps.metrics);
  const handler = async (request: FastifyRequest, appName: string, components: string[] | null) => {
    if (
      request.headers[MF_HEADERS.renderMode] !== 'json' ||
      request.headers[MF_HEADERS.apiVersion] !== MF_API_VERSION
    ) {
      throw new AppError(
        'MF_VERSION_UNSUPPORTED',
        `send ${MF_HEADERS.renderMode}: json and ${MF_HEADERS.apiVersion}: ${MF_API_VERSION}`,
      );
    }
    const url = request.url.slice(`/mf/${appName}`.length) || '/';
    const readContext = () => contextFromRequest(request);
    return renderFragment(build, { appName, url, readContext, components }, api, observe);
  };

  const params = Type.Object({ app: Type.String({ pattern: '^[a-z][a-z0-9-]{0,30}$' }), '*': Type.String() });
  app.get('/mf/:app/*', { schema: { hide: true, params } }, async (request, reply) => {
    const { status, fragment } = await handler(request, request.params.app, null);
    return reply.status(status).header('cache-control', 'private, no-cache').send(fragment);
  });
  app.post(
    '/mf/:app/*',
    {
      schema: {
        hide: true,
        params,
        body: Type.Object({
          components: Type.Array(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9-]{0,40}$' }), {
            maxItems: MAX_COMPONENTS,
          }),
        }),
      },
    },
    async (request, reply) => {
      const { components } = request.body;
      const { status, fragment } = await handler(request, request.params.app, components);
      return reply.status(status).send(fragment);
    },
  );
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type FragmentOptions = { context: FragmentContext; components?: string[]; timeoutMs: number };
/** One fragment request as the host sends it: the status and the (unchecked) answer. */
type FragmentCall = (
  appName: string,
  url: string,
  options: FragmentOptions,
) => Promise<{ status: number; body: unknown }>;

/** Host side: loads a fragment through the protocol (in-process HTTP), with a timeout, and validates it. */
export function createFragmentLoader(inject: Inject, deps: ModuleDeps) {
  const call: FragmentCall = async (appName, url, options) => {
    const headers: Record<string, string> = fragmentRequestHeaders(options.context);
    if (options.context.userToken)
      headers.cookie = `user_token=${encodeURIComponent(options.context.userToken)}`;
    const request: InjectOptions = options.components
      ? { method: 'POST', url: `/mf/${appName}${url}`, headers, payload: { components: options.components } }
      : { method: 'GET', url: `/mf/${appName}${url}`, headers };
    const response = await inject(request);
    return { status: response.statusCode, body: response.json() as unknown };
  };
  return hostLoader(call, deps.config.fragmentTimeoutMs, observeWith(deps.metrics));
}

/**
 * Host side in a render worker: the remote renders in the same thread, its context read back from
 * the protocol headers exactly as the /mf route reads them, with the same timeout and checks.
 */
export function createInThreadFragmentLoader(
  build: Pick<WebBuild, 'manifest' | 'remotes'>,
  api: ApiFetch,
  fragmentTimeoutMs: number,
  observe: ObserveFragment,
) {
  const call: FragmentCall = async (appName, url, options) => {
    const headers = fragmentRequestHeaders(options.context);
    const cookies = options.context.userToken ? { user_token: options.context.userToken } : {};
    const readContext = () => contextFromHeaders((name) => headers[name], cookies);
    const components = options.components ?? null;
    const request = { appName, url: remoteUrl(appName, url), readContext, components };
    const result = await renderFragment(build, request, api, observe);
    return { status: result.status, body: result.fragment };
  };
  return hostLoader(call, fragmentTimeoutMs, observe);
}

/**
 * The path the remote sees, as if it came over HTTP: the in-process request parses
 * /mf/<app><url> as a URL (percent-encoding, dot segments) and the route strips the prefix.
 */
function remoteUrl(appName: string, url: string): string {
  const prefix = `/mf/${appName}`;
  const parsed = new URL(`${prefix}${url}`, 'http://localhost');
  const path = parsed.pathname + parsed.search;
  if (path !== prefix && !path.startsWith(`${prefix}/`)) {
    throw new AppError('FRAGMENT_INVALID', `${url} leaves the micro-app ${appName}`);
  }
  return path.slice(prefix.length) || '/';
}

function hostLoader(call: FragmentCall, fragmentTimeoutMs: number, observe: ObserveFragment) {
  return async (appName: string, url: string, options: FragmentOptions): Promise<RemoteRenderResult> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = Math.min(options.timeoutMs, fragmentTimeoutMs);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError('FRAGMENT_TIMEOUT', `${appName} took over ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const response = await Promise.race([call(appName, url, options), timeout]);
      if (response.status >= 500 && !isFragmentLike(response.body)) {
        throw new AppError('FRAGMENT_INVALID', `${appName} failed with ${response.status}`);
      }
      return { status: response.status, fragment: parseFragment(response.body) };
    } catch (err) {
      observe(appName, 'error', (performance.now() - started) / 1000);
      if (err instanceof AppError) throw err;
      throw new AppError('FRAGMENT_INVALID', `${appName}: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  };
}

function isFragmentLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'appName' in value;
}
