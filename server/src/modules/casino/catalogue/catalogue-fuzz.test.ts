/**
 * The catalogue's routes under generated input (the OpenAPI fuzz of server/src/testing, narrowed to
 * these routes over a seeded casino catalogue, so they get more runs than the whole-site fuzz gives
 * each route): no 5xx, and every 4xx carries a code of the error catalogue.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../platform/errors.ts';
import { type Hints, type OpenApiDocument, operationsOf, requestArb } from '../../../testing/openapi-fuzz.ts';
import { createTestApp } from '../../../testing/test-app.ts';
import { TestClient } from '../../../testing/test-client.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from './catalogue-service.ts';
import { seedCasinoCatalogue } from './seed-catalogue.ts';

const RUNS = 60;
const REQUEST_TIMEOUT_MS = 10_000;
const CATALOGUE_PATHS =
  /^\/web-api\/casino\/v1\/(lobby|games\/|categories|providers|search|thumbnails|favorites|recent|games-preview-light)|^\/redirects-api\//;

const t = await createTestApp({ roles: 'api' });
await seedCasinoCatalogue(t.deps.db.db);
await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
const player = new TestClient(t.app, '10.92.0.1');
const registered = await player.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
if (registered.statusCode !== 200) throw new Error(registered.body);
const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
const operations = operationsOf(doc).filter((op) => CATALOGUE_PATHS.test(op.path));

const hints: Hints = {
  // Small ids too: the generator filters known ids into each integer's range (limit ≤ 100), and a
  // filter that never passes never ends.
  ids: () => [1n, 7n, 48n, 1001n, 1008n, 1013n, 1020n],
  strings: {
    lang: ['ru', 'en'],
    lng: ['ru', 'en'],
    currency: ['RUB', 'USD', 'KWD'],
    section: ['slots', 'casino', 'new'],
    provider: ['parlay-originals'],
    q: ['fruit', 'кен', 'a b c'],
  },
};

function hasCatalogueCode(body: string): boolean {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && Object.hasOwn(ERRORS, code);
  } catch {
    return false;
  }
}

afterAll(async () => {
  await t.close();
});

describe('casino catalogue routes under generated input', () => {
  it('finds every catalogue route in the OpenAPI document', () => {
    const paths = operations.map((op) => `${op.method} ${op.path}`);
    for (const expected of [
      'GET /web-api/casino/v1/lobby',
      'GET /web-api/casino/v1/games/{gameId}',
      'GET /web-api/casino/v1/search',
      'GET /web-api/casino/v1/games-preview-light',
      'PUT /web-api/casino/v1/favorites/{gameId}',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  for (const op of operations) {
    for (const asPlayer of [false, true]) {
      it(`${op.method} ${op.path} as ${asPlayer ? 'player' : 'guest'}`, { timeout: 120_000 }, async () => {
        let n = 0;
        await fc.assert(
          fc.asyncProperty(requestArb(op, hints), async (request) => {
            let timer: NodeJS.Timeout | undefined;
            const hung = new Promise<never>((_, reject) => {
              timer = setTimeout(
                () =>
                  reject(
                    new Error(
                      `no answer in ${REQUEST_TIMEOUT_MS} ms: ${JSON.stringify(request).slice(0, 500)}`,
                    ),
                  ),
                REQUEST_TIMEOUT_MS,
              );
            });
            const res = await Promise.race([
              t.app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: {
                  ...request.headers,
                  ...(asPlayer ? { cookie: `user_token=${player.token}` } : {}),
                },
                remoteAddress: `10.93.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}`,
                ...(request.payload === undefined ? {} : { payload: request.payload }),
              }),
              hung,
            ]).finally(() => clearTimeout(timer));
            if (res.statusCode >= 500)
              throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400 && !hasCatalogueCode(res.body)) {
              throw new Error(
                `answered ${res.statusCode} without a catalogue code: ${res.body.slice(0, 300)}`,
              );
            }
          }),
          { seed: 18_091, numRuns: RUNS },
        );
      });
    }
  }
});
