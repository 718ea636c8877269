/**
 * For tests of the cashback module: an app (api role) over a fresh database on a manual clock, the
 * cashback context over the same database, funded RUB players signed in on their own clients, and
 * casino play written to the ledger as the casino writes it (casino_stake player → house,
 * casino_win house → player), so a test controls a week's stakes and wins exactly.
 */
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { createCashbackContext } from './context.ts';

export const CASHBACK_API = '/web-api/cashback/v1';
/**
 * Sunday 23:57 UTC: its week runs from Monday 2026-06-01 to Monday 2026-06-08, and ends before the
 * players' sessions do, so a test can see a week paid through the routes.
 */
export const START = new Date('2026-06-07T23:57:00Z');
export const DAY_MS = 24 * 60 * 60 * 1000;

export async function cashbackTestApp(options: { payBatch?: number } = {}) {
  const clock = new ManualClock(START);
  const { app, deps, close } = await createTestApp({ roles: 'api', clock });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const ctx = createCashbackContext(deps, { ledger, payBatch: options.payBatch ?? 500 });
  return { app, deps, db, clock, ledger, ctx, close };
}

export type CashbackTestApp = Awaited<ReturnType<typeof cashbackTestApp>>;

let nextIp = 1;
let nextKey = 1;

/** A player registered (fast, RUB) and signed in on its own client, with `balanceMinor` deposited. */
export async function fundedPlayer(t: CashbackTestApp, balanceMinor: bigint, currency = 'RUB') {
  const client = new TestClient(t.app, `10.31.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency });
  if (res.statusCode !== 200) throw new Error(`registration: ${res.body}`);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  const userId = BigInt(res.json().userId);
  if (balanceMinor > 0n) {
    await t.ledger.move({
      idempotencyKey: `fund:${accountId}`,
      reason: 'deposit',
      currency,
      from: { system: 'provider' },
      to: accountId,
      amountMinor: balanceMinor,
      userId,
    });
  }
  return { client, accountId, userId };
}

export type Player = Awaited<ReturnType<typeof fundedPlayer>>;

/** A casino stake of the player now (player → house, reason casino_stake). */
export async function stake(t: CashbackTestApp, p: Player, amountMinor: bigint, currency = 'RUB') {
  await t.ledger.move({
    idempotencyKey: `test-casino:${process.pid}:${nextKey++}`,
    reason: 'casino_stake',
    currency,
    from: p.accountId,
    to: { system: 'house' },
    amountMinor,
    userId: p.userId,
  });
}

/** A casino win of the player now (house → player, reason casino_win). */
export async function win(t: CashbackTestApp, p: Player, amountMinor: bigint, currency = 'RUB') {
  await t.ledger.move({
    idempotencyKey: `test-casino:${process.pid}:${nextKey++}`,
    reason: 'casino_win',
    currency,
    from: { system: 'house' },
    to: p.accountId,
    amountMinor,
    userId: p.userId,
  });
}

export async function balanceOf(t: CashbackTestApp, p: Player): Promise<bigint> {
  return (await t.ledger.account(p.userId, p.accountId)).moneyMinor;
}

/** Every cashback transfer of a player (the ledger's own record). */
export async function cashbackTransfersOf(t: CashbackTestApp, p: Player) {
  return t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'idempotency_key'])
    .where('reason', '=', 'cashback')
    .where('user_id', '=', p.userId)
    .execute();
}
