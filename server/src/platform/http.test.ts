/** The HTTP behaviour every module shares: here, what a 429 tells the client about when to come back. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { AppError } from './errors.ts';
import { installHttpBehaviour } from './http.ts';
import { createMetrics } from './metrics.ts';

describe('Retry-After on every 429', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installHttpBehaviour(app, createMetrics({ collectDefaults: false }));
    app.get('/window', async () => {
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 42 });
    });
    app.get('/unknown-wait', async () => {
      throw new AppError('RATE_LIMITED', 'at most 20 an hour');
    });
    app.get('/sent-by-hand', async (_request, reply) => reply.status(429).send({ busy: true }));
    app.get('/fine', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('says the wait the limit knows, in whole seconds', async () => {
    const res = await app.inject({ method: 'GET', url: '/window' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
  });

  it('says a minute when the limit does not know, however the 429 was sent', async () => {
    for (const url of ['/unknown-wait', '/sent-by-hand']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['retry-after'], url).toBe('60');
    }
    expect((await app.inject({ method: 'GET', url: '/fine' })).headers['retry-after']).toBeUndefined();
  });
});

describe('Retry-After from a real limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells a second SMS within the minute when to ask again', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/web-api/auth/v1/sms/send',
        payload: { phoneCode: '+7', phoneNumber: '9160000077', purpose: 'registration' },
      });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
