/**
 * Builds the HTTP application for a set of roles: platform first (errors, OpenAPI, cookies), then
 * the modules each role runs. Used by the composition root and by the integration tests.
 */
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { authModule } from './modules/auth/index.ts';
import { blocksModule } from './modules/blocks/index.ts';
import { configModule, SiteConfigService } from './modules/config/index.ts';
import { realtimeModule } from './modules/realtime/index.ts';
import { redirectsModule } from './modules/redirects/index.ts';
import { seoModule } from './modules/seo/index.ts';
import { sportsbookModule } from './modules/sportsbook/index.ts';
import { systemModule } from './modules/system/index.ts';
import { webModule } from './modules/web/index.ts';
import { hasRole } from './platform/config.ts';
import { installHttpBehaviour } from './platform/http.ts';
import type { ModuleDeps } from './platform/module.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { PARLAY_VERSION } from './platform/version.ts';

export async function buildApp(deps: ModuleDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: true,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: false },
    // Query strings still coerce ("5" → 5), but a scalar is never wrapped into an array.
    ajv: { customOptions: { coerceTypes: true } },
  });
  installHttpBehaviour(app, deps.metrics);
  await app.register(cookie);
  // Brotli at a dynamic-content quality: level 11 would cost more CPU than the bytes it saves.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await registerOpenApi(app, { version: PARLAY_VERSION });

  await app.register(systemModule, deps);
  if (hasRole(deps.config, 'api')) {
    const siteConfig = new SiteConfigService(deps.db.db, deps.bus, deps.clock, Math.random);
    await app.register(configModule, { deps, siteConfig });
    await app.register(blocksModule, { deps, siteConfig });
    await app.register(redirectsModule, { deps, siteConfig });
    await app.register(seoModule, { deps, siteConfig });
    await app.register(authModule, deps);
    await app.register(sportsbookModule, deps);
  }
  if (hasRole(deps.config, 'realtime')) await app.register(realtimeModule, deps);
  if (hasRole(deps.config, 'web')) {
    await app.register(webModule, { deps, inject: (options) => app.inject(options) });
  }
  await app.ready();
  return app;
}
