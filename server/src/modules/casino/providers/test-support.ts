/**
 * For the providers' tests: a small catalogue file of one provider's games, its import, a signed-in
 * funded player's launch token, and an expired one.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/schema.ts';
import { createTestApp } from '../../../testing/test-app.ts';
import { TestClient } from '../../../testing/test-client.ts';
import { Ledger } from '../../accounts/index.ts';
import { createAuthService } from '../../auth/index.ts';
import { SiteConfigService } from '../../config/index.ts';
import { createLimitsService } from '../../limits/index.ts';
import { type CasinoCatalogue, createCasinoCatalogue } from '../catalogue/catalogue-service.ts';
import { SeamlessWallet } from '../rounds/seamless-wallet.ts';
import { type ImportFile, importProvider } from './import-command.ts';
import { ProviderWallet, sha256 } from './provider-wallet.ts';
import { SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './signature.ts';

export const TEST_PROVIDER = 'acme-studio';
export const TEST_SECRET = 'acme-studio-test-key-0123456789abcdef';
export const SLOT_ID = 7001;
export const BLOCKED_ID = 7002;

export function testCatalogueFile(): ImportFile {
  const game = (id: number, code: string, en: string) => ({
    id,
    externalId: code,
    slug: `acme-${code}`,
    names: { ru: en, en },
    kind: 'slots' as const,
    sections: ['slots' as const],
    categories: ['video' as const],
    rtp: '96.20',
    volatility: 'medium',
    demo: true,
    real: true,
  });
  return {
    provider: { name: 'Acme Studio' },
    games: [
      game(SLOT_ID, 'neon-reels', 'Neon Reels'),
      { ...game(BLOCKED_ID, 'gold-rush', 'Gold Rush'), countries: { allowed: null, blocked: ['RU'] } },
    ],
  };
}

export async function importTestCatalogue(db: Kysely<Database>, catalogue: Pick<CasinoCatalogue, 'seed'>) {
  return importProvider(db, catalogue, TEST_PROVIDER, testCatalogueFile());
}

/** A launch row that expired a minute before `now`, and its token. */
export async function expiredLaunch(
  db: Kysely<Database>,
  player: { userId: bigint; accountId: bigint },
  now: Date,
  provider = TEST_PROVIDER,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('casino_provider_launches')
    .values({
      token_hash: sha256(token),
      provider,
      user_id: player.userId,
      account_id: player.accountId,
      currency: 'RUB',
      game_id: SLOT_ID,
      created_at: new Date(now.getTime() - 11 * 60_000),
      expires_at: new Date(now.getTime() - 60_000),
      used_at: null,
      session_hash: null,
    })
    .execute();
  return token;
}

/** An app (role api) on a manual clock with the test provider connected, its catalogue imported. */
export async function providerTestApp() {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
  const { app, deps, close } = await createTestApp({
    roles: 'api',
    clock,
    env: { CASINO_PROVIDERS: `${TEST_PROVIDER}|https://games.acme.example/launch|${TEST_SECRET}` },
  });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const limits = createLimitsService(
    deps,
    createAuthService(deps, new SiteConfigService(db, deps.bus, clock)),
  );
  const catalogue = createCasinoCatalogue(deps);
  await importTestCatalogue(db, catalogue);
  const seamless = new SeamlessWallet(ledger, clock);
  const wallet = new ProviderWallet({ db, clock, ledger, limits, wallet: seamless });
  return { app, deps, db, clock, ledger, limits, catalogue, seamless, wallet, close };
}
export type ProviderTestApp = Awaited<ReturnType<typeof providerTestApp>>;

/** One app per test file; the ledger's invariants are asserted after every test. */
export function setUpProviderTestApp(ready: (t: ProviderTestApp) => void) {
  let t: ProviderTestApp | undefined;
  beforeAll(async () => {
    t = await providerTestApp();
    ready(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    expect((await t!.ledger.check()).differences).toEqual([]);
  });
}

let nextIp = 1;

/** A player registered (fast, RUB, country `ru` unless told) and signed in, with `balanceMinor` deposited. */
export async function providerPlayer(t: ProviderTestApp, balanceMinor: bigint, countryCode = 'ru') {
  const client = new TestClient(t.app, `10.66.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', {
    countryId: 1,
    countryCode,
    currency: 'RUB',
  });
  if (res.statusCode !== 200) throw new Error(`registration: ${res.body}`);
  const userId = BigInt(res.json().userId);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  if (balanceMinor > 0n) {
    await t.ledger.move({
      idempotencyKey: `fund:${accountId}`,
      reason: 'deposit',
      currency: 'RUB',
      from: { system: 'provider' },
      to: accountId,
      amountMinor: balanceMinor,
      userId,
    });
  }
  return { client, userId, accountId };
}

/** A signed provider call through app.inject at the app's clock (tweak: another key or time). */
export async function signedCall(
  t: ProviderTestApp,
  action: string,
  body: unknown,
  tweak: { secret?: string; timestampSec?: number; provider?: string } = {},
) {
  const timestamp = `${tweak.timestampSec ?? Math.floor(t.clock.nowMs() / 1000)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/provider-api/v1/${tweak.provider ?? TEST_PROVIDER}/${action}`,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signBody(tweak.secret ?? TEST_SECRET, timestamp, body),
    },
    payload: JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { error?: { code: string } },
  };
}

/** A player's session: launched over HTTP, authenticated over signed HTTP. */
export async function playerSession(t: ProviderTestApp, balanceMinor: bigint) {
  const p = await providerPlayer(t, balanceMinor);
  const launch = await p.client.post(`/web-api/casino/v1/providers/${TEST_PROVIDER}/launch`, {
    gameId: SLOT_ID,
    mode: 'real',
  });
  if (launch.statusCode !== 200) throw new Error(`launch: ${launch.body}`);
  const auth = await signedCall(t, 'authenticate', { launchToken: launch.json().token });
  if (auth.status !== 200) throw new Error(`authenticate: ${JSON.stringify(auth.body)}`);
  return { ...p, launchToken: launch.json().token as string, sessionToken: auth.body.sessionToken as string };
}
