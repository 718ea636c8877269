/**
 * The conformance kit (tests/provider-kit/kit.ts) against a real app listening on a loopback port:
 * real HTTP, the kit run as its own Node process exactly as a studio would run it, its PASS/FAIL
 * table read back; then the ledger's check is clean and the kit's money is where it says.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REPO_ROOT, type TestApp } from '../../../testing/test-app.ts';
import { TestClient } from '../../../testing/test-client.ts';
import { Ledger } from '../../accounts/index.ts';
import { createCasinoCatalogue } from '../catalogue/catalogue-service.ts';
import { expiredLaunch, importTestCatalogue, SLOT_ID, TEST_PROVIDER, TEST_SECRET } from './test-support.ts';

const run = promisify(execFile);
const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const KIT = path.join(REPO_ROOT, 'tests/provider-kit/kit.ts');

let t: TestApp;
let base: string;
let ledger: Ledger;

beforeAll(async () => {
  t = await createTestApp({
    roles: 'api',
    env: { CASINO_PROVIDERS: `${TEST_PROVIDER}|https://games.acme.example/launch|${TEST_SECRET}` },
  });
  ledger = new Ledger(t.deps.db.db, t.deps.clock);
  await importTestCatalogue(t.deps.db.db, createCasinoCatalogue(t.deps));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

async function player(balanceMinor: bigint) {
  const client = new TestClient(t.app, '10.77.0.1');
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  expect(res.statusCode).toBe(200);
  const userId = BigInt(res.json().userId);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  await ledger.move({
    idempotencyKey: `fund:${accountId}`,
    reason: 'deposit',
    currency: 'RUB',
    from: { system: 'provider' },
    to: accountId,
    amountMinor: balanceMinor,
    userId,
  });
  return { client, userId, accountId };
}

describe('provider conformance kit', () => {
  it('passes every check against a running Parlay over real HTTP, and the ledger stays clean', async () => {
    const p = await player(50_00n);
    const launch = await p.client.post(`/web-api/casino/v1/providers/${TEST_PROVIDER}/launch`, {
      gameId: SLOT_ID,
      mode: 'real',
      lang: 'en',
    });
    expect(launch.statusCode).toBe(200);
    const { token, url } = launch.json();
    expect(url).toContain('https://games.acme.example/launch?game=neon-reels&mode=real&lang=en&token=');
    const expired = await expiredLaunch(t.deps.db.db, p, t.deps.clock.now());
    const { stdout } = await run(
      NODE,
      [
        KIT,
        '--base',
        base,
        '--provider',
        TEST_PROVIDER,
        '--secret',
        TEST_SECRET,
        '--token',
        token,
        '--expired-token',
        expired,
      ],
      { cwd: REPO_ROOT },
    ).catch((err: { stdout?: string; stderr?: string }) => {
      throw new Error(`kit failed:\n${err.stdout}\n${err.stderr}`);
    });
    const lines = stdout.trim().split('\n');
    const passed = lines.filter((l) => l.startsWith('PASS'));
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(passed.length).toBeGreaterThanOrEqual(43);
    expect(lines.at(-1)).toBe(`${passed.length} passed, 0 failed`);
    // The kit leaves the balance at start + 1.50 and says so; the ledger agrees.
    expect((await ledger.account(p.userId, p.accountId)).moneyMinor).toBe(51_50n);
    expect((await ledger.check()).differences).toEqual([]);
  }, 180_000);

  it('fails (exit 1, FAIL lines) against the wrong key', async () => {
    const p = await player(50_00n);
    const { token } = (
      await p.client.post(`/web-api/casino/v1/providers/${TEST_PROVIDER}/launch`, {
        gameId: SLOT_ID,
        mode: 'real',
      })
    ).json();
    const failure = await run(
      NODE,
      [
        KIT,
        '--base',
        base,
        '--provider',
        TEST_PROVIDER,
        '--secret',
        'a-wrong-key-of-enough-length',
        '--token',
        token,
      ],
      { cwd: REPO_ROOT },
    ).then(
      () => null,
      (err: { code?: number; stdout?: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('FAIL  authenticate');
    expect((await ledger.account(p.userId, p.accountId)).moneyMinor).toBe(50_00n);
    expect((await ledger.check()).differences).toEqual([]);
  }, 180_000);
});
