/**
 * For tests of the lotto module: an app (api role) over a fresh database on a manual clock, the
 * lotto context over the same database, funded RUB players signed in on their own clients, and a
 * peek at a draw's numbers before it is drawn (the stored seed), so a test can buy a known winner.
 */
import { drawNumbers, type LottoGame } from '@parlay/domain/lotto/index.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { createAuthService } from '../auth/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createLimitsService } from '../limits/index.ts';
import { createLottoContext } from './context.ts';

export const LOTTO_API = '/web-api/lotto/v1';
/** A Monday noon: 6of45 draws at midnight UTC, 5of36plus1 on the hour, 4of20 and keno every 5 minutes. */
export const START = new Date('2026-06-01T12:00:00Z');

export async function lottoTestApp(options: { payBatch?: number } = {}) {
  const clock = new ManualClock(START);
  const { app, deps, close } = await createTestApp({ roles: 'api', clock });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const siteConfig = new SiteConfigService(db, deps.bus, clock);
  const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
  const ctx = createLottoContext(deps, { ledger, limits, payBatch: options.payBatch ?? 2 });
  return { app, deps, db, clock, ledger, limits, ctx, close };
}

export type LottoTestApp = Awaited<ReturnType<typeof lottoTestApp>>;

let nextIp = 1;
let nextKey = 1;
export const newKey = () => `lotto-key-${process.pid}-${nextKey++}`;

/** A player registered (fast, RUB) and signed in on its own client, with `balanceMinor` deposited. */
export async function fundedPlayer(t: LottoTestApp, balanceMinor: bigint, currency = 'RUB') {
  const client = new TestClient(t.app, `10.21.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
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

export async function balanceOf(t: LottoTestApp, userId: bigint, accountId: bigint): Promise<bigint> {
  return (await t.ledger.account(userId, accountId)).moneyMinor;
}

/** The next draw on sale of a game, and the numbers it will draw (read from its stored seed). */
export async function nextDrawOf(t: LottoTestApp, game: LottoGame) {
  const draw = await t.db
    .selectFrom('lotto_draws')
    .select(['id', 'draw_at', 'closes_at', 'server_seed', 'salt'])
    .where('game_id', '=', game.id)
    .where('status', '=', 'selling')
    .where('closes_at', '>', t.clock.now())
    .orderBy('draw_at')
    .executeTakeFirstOrThrow();
  const numbers = drawNumbers(game, {
    serverSeed: draw.server_seed,
    salt: draw.salt,
    drawId: Number(draw.id),
  });
  return { id: draw.id, drawAt: draw.draw_at, closesAt: draw.closes_at, numbers };
}

/** Every ledger transfer of a reason (lotto_stake, lotto_prize), with its key and amount to the player. */
export async function transfersOf(t: LottoTestApp, reason: string) {
  return t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'idempotency_key'])
    .where('reason', '=', reason)
    .execute();
}
