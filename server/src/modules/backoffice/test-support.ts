/** For the back office's tests: operators made directly, signed in over HTTP with their TOTP code. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ManualClock } from '../../platform/clock.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createOperator } from './operators.ts';
import type { OperatorRole } from './permissions.ts';
import { totpCode } from './totp.ts';

export interface TestOperator {
  id: bigint;
  login: string;
  password: string;
  secret: string;
}

const CLI = { operatorId: null, login: 'cli', ip: 'cli' };

export async function newOperator(
  t: TestApp,
  clock: ManualClock,
  login: string,
  role: OperatorRole,
): Promise<TestOperator> {
  const c = await createOperator(t.deps.db.db, clock, CLI, { login, role });
  return { id: c.operatorId, login, password: c.password, secret: c.totpSecret };
}

/** An operator's calls with their session cookie. */
export interface OperatorClient {
  op: TestOperator;
  call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Both sign-in steps; the clock moves one TOTP step first so no code is used twice. */
export async function signedIn(
  app: FastifyInstance,
  clock: ManualClock,
  op: TestOperator,
): Promise<OperatorClient> {
  clock.advance(30_000);
  const first = await app.inject({
    method: 'POST',
    url: '/backoffice-api/v1/sign-in',
    payload: { login: op.login, password: op.password },
  });
  const token = first.cookies.find((c) => c.name === 'parlay_backoffice');
  if (first.statusCode !== 200 || !token) throw new Error(`sign-in of ${op.login}: ${first.body}`);
  const cookie = `parlay_backoffice=${token.value}`;
  const second = await app.inject({
    method: 'POST',
    url: '/backoffice-api/v1/sign-in/code',
    headers: { cookie },
    payload: { code: totpCode(op.secret, clock.nowMs()) },
  });
  if (second.statusCode !== 200) throw new Error(`code of ${op.login}: ${second.body}`);
  return {
    op,
    call: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
