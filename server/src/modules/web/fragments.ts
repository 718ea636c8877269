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
import type { FastifyInstance, FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { WebBuild } from './index.ts';

const MAX_COMPONENTS = 20;
const LANGUAGE = /^[a-z]{2}$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const DEFAULT_TIME_ZONE = 3;

function contextFromRequest(request: FastifyRequest): FragmentContext {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
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
    userToken: request.cookies?.user_token ?? null,
    forceSpa: header(MF_HEADERS.forceSpa) !== undefined,
    // The shell sends the settings it drew the page with; a browser's own request has its cookies.
    view:
      header(MF_HEADERS.view) !== undefined
        ? parseViewSettings(header(MF_HEADERS.view))
        : viewSettingsFromCookies(request.cookies ?? {}),
  };
}

export function registerFragmentRoutes(
  app: FastifyInstance,
  build: WebBuild,
  api: ApiFetch,
  deps: ModuleDeps,
): void {
  const handler = async (request: FastifyRequest, components: string[] | null) => {
    const { app: appName } = request.params as { app: string };
    if (
      request.headers[MF_HEADERS.renderMode] !== 'json' ||
      request.headers[MF_HEADERS.apiVersion] !== MF_API_VERSION
    ) {
      throw new AppError(
        'MF_VERSION_UNSUPPORTED',
        `send ${MF_HEADERS.renderMode}: json and ${MF_HEADERS.apiVersion}: ${MF_API_VERSION}`,
      );
    }
    const remote = build.remotes.get(appName);
    const assets = build.manifest.apps[appName];
    if (!remote || !assets) throw new AppError('UNKNOWN_APP', `no micro-app named ${appName}`);
    const url = request.url.slice(`/mf/${appName}`.length) || '/';
    const started = performance.now();
    const result = await remote.render({
      url,
      context: contextFromRequest(request),
      components,
      api,
      assets,
    });
    const fragment = parseFragment(result.fragment);
    deps.metrics.fragmentDuration.observe(
      { app: appName, outcome: 'ok' },
      (performance.now() - started) / 1000,
    );
    return { status: result.status, fragment };
  };

  const params = Type.Object({ app: Type.String({ pattern: '^[a-z][a-z0-9-]{0,30}$' }), '*': Type.String() });
  app.get('/mf/:app/*', { schema: { hide: true, params } }, async (request, reply) => {
    const { status, fragment } = await handler(request, null);
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
      const { components } = request.body as { components: string[] };
      const { status, fragment } = await handler(request, components);
      return reply.status(status).send(fragment);
    },
  );
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Host side: loads a fragment through the protocol, with a timeout, and validates it. */
export function createFragmentLoader(inject: Inject, deps: ModuleDeps) {
  return async (
    appName: string,
    url: string,
    options: { context: FragmentContext; components?: string[]; timeoutMs: number },
  ): Promise<RemoteRenderResult> => {
    const started = performance.now();
    const headers: Record<string, string> = fragmentRequestHeaders(options.context);
    if (options.context.userToken)
      headers.cookie = `user_token=${encodeURIComponent(options.context.userToken)}`;
    const request: InjectOptions = options.components
      ? { method: 'POST', url: `/mf/${appName}${url}`, headers, payload: { components: options.components } }
      : { method: 'GET', url: `/mf/${appName}${url}`, headers };
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = Math.min(options.timeoutMs, deps.config.fragmentTimeoutMs);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError('FRAGMENT_TIMEOUT', `${appName} took over ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const response = await Promise.race([inject(request), timeout]);
      const body = response.json() as unknown;
      if (response.statusCode >= 500 && !isFragmentLike(body)) {
        throw new AppError('FRAGMENT_INVALID', `${appName} failed with ${response.statusCode}`);
      }
      return { status: response.statusCode, fragment: parseFragment(body) };
    } catch (err) {
      deps.metrics.fragmentDuration.observe(
        { app: appName, outcome: 'error' },
        (performance.now() - started) / 1000,
      );
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
