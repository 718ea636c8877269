/**
 * TRUST_PROXY: by default the client is the socket's peer and X-Forwarded-For is ignored, so a
 * client cannot pick a new address for every attempt and escape the per-address limits; behind a
 * proxy named in TRUST_PROXY the forwarded address is the client's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loadConfig } from './config.ts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Twelve one-click registrations over one loopback socket, each claiming another forwarded address. */
async function twelveRegistrations(app: TestApp['app']) {
  const answers: { status: number; code: string | null }[] = [];
  for (let i = 1; i <= 12; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/web-api/auth/v1/registration/fast',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
      payload: { countryId: 1, currency: 'RUB' },
    });
    answers.push({ status: res.statusCode, code: res.statusCode === 200 ? null : res.json().error.code });
  }
  return answers;
}

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For by default: forged addresses still meet the per-address captcha', async () => {
    t = await createTestApp({ roles: 'api' });
    const answers = await twelveRegistrations(t.app);
    // Registration asks for a captcha from the 4th of an hour from one address (attempt-policy.ts).
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    for (const answer of answers.slice(3))
      expect(['CAPTCHA_REQUIRED', 'RATE_LIMITED']).toContain(answer.code);
  });

  it.each(['127.0.0.1', '1'])(
    'takes the forwarded address from a trusted proxy (TRUST_PROXY=%s)',
    async (setting) => {
      t = await createTestApp({ roles: 'api', env: { TRUST_PROXY: setting } });
      const answers = await twelveRegistrations(t.app);
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    },
  );

  it('believes no forwarded address from a peer that is not the trusted proxy', async () => {
    t = await createTestApp({ roles: 'api', env: { TRUST_PROXY: '10.0.0.0/8' } });
    const answers = await twelveRegistrations(t.app);
    expect(answers.slice(3).every((a) => a.status !== 200)).toBe(true);
  });

  it('reads off, a hop count or a list of addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes please', '10.0.0.0/99', 'true', '0.5'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^invalid configuration: TRUST_PROXY = /);
  });
});
