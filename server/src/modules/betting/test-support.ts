/**
 * For the betting tests: an app over a fresh database with a ManualClock, a betting context for
 * running the workers by hand, signed-in funded players, and games written straight into the
 * catalogue (the feed's effects: suspension, goal, result) so every interleaving can be staged.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { createAuthService } from '../auth/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createLimitsService } from '../limits/index.ts';
import { type BettingContext, createBettingContext } from './index.ts';

export async function bettingTestApp() {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
  const { app, deps, close } = await createTestApp({ roles: 'api', clock });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const siteConfig = new SiteConfigService(db, deps.bus, clock);
  // The workers' context as main.ts builds it: settlements count for the loss limits.
  const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
  const ctx: BettingContext = createBettingContext(deps, { ledger, siteConfig, limits });
  await sql`insert into sports (id, slug, position, icon, is_esport, names)
    values (1, 'football', 1, 'football', false, '{"en":"Football"}')`.execute(db);
  await sql`insert into countries (ref, code, names) values ('c1', 'EN', '{"en":"England"}')`.execute(db);
  await sql`insert into champs (ref, sport_id, country_id, names) select 'ch1', 1, id, '{"en":"League"}' from countries`.execute(
    db,
  );
  return {
    app,
    deps,
    db,
    clock,
    ledger,
    ctx,
    limits,
    close,
  };
}

export type BettingTestApp = Awaited<ReturnType<typeof bettingTestApp>>;

/**
 * One app for a test file: built before its tests (`ready` receives it), closed after them, and
 * unless checkLedger is false the ledger's invariants asserted after every test.
 * @example let t: BettingTestApp; setUpBettingTestApp((app) => { t = app; });
 */
export function setUpBettingTestApp(
  ready: (t: BettingTestApp) => void | Promise<void>,
  options: { checkLedger?: boolean } = {},
) {
  let t: BettingTestApp | undefined;
  beforeAll(async () => {
    t = await bettingTestApp();
    await ready(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  if (options.checkLedger !== false) {
    afterEach(async () => {
      expect((await t!.ledger.check()).differences).toEqual([]);
    });
  }
}

let nextIp = 1;
let nextGame = 1;

/** A registered, signed-in player whose main account holds balanceMinor. */
export async function fundedPlayer(t: BettingTestApp, balanceMinor: bigint) {
  const client = new TestClient(t.app, `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  if (res.statusCode !== 200) throw new Error(`registration: ${res.body}`);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  const userId = (
    await t.db
      .selectFrom('ledger_accounts')
      .select('user_id')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
  ).user_id!;
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
  return { client, accountId, userId };
}

/** A game with one market of the given prices; live games are in play with a live market. */
export async function createGame(
  t: BettingTestApp,
  oddsMilli: number[],
  options: { live?: boolean; typeId?: number; kind?: string } = {},
) {
  const n = nextGame++;
  const teams = await sql<{ id: number }>`insert into teams (ref, sport_id, country_id, names)
    values (${`h${n}`}, 1, null, '{"en":"Home"}'), (${`a${n}`}, 1, null, '{"en":"Away"}') returning id`.execute(
    t.db,
  );
  const [home, away] = teams.rows.map((r) => r.id);
  const game = await sql<{
    id: number;
  }>`insert into games (ref, number, sport_id, champ_id, home_team_id, away_team_id, start_at, status, clock_running)
    select ${`g${n}`}, ${n}, 1, id, ${home}, ${away}, ${new Date(t.clock.nowMs() + (options.live ? -600_000 : 3_600_000))},
      ${options.live ? 2 : 0}, ${options.live === true} from champs limit 1 returning id`.execute(t.db);
  const gameId = game.rows[0]!.id;
  const market = await sql<{
    id: bigint;
  }>`insert into markets (game_id, key, type_id, type, kind, name_key, is_live)
    values (${gameId}, 'result', ${options.typeId ?? 1}, 'result', ${options.kind ?? 'main'}, 'market.result', ${options.live === true}) returning id`.execute(
    t.db,
  );
  const marketId = BigInt(market.rows[0]!.id);
  const outcomeIds: bigint[] = [];
  for (const [i, odds] of oddsMilli.entries()) {
    const o = await sql<{ id: bigint }>`insert into outcomes (market_id, key, name_key, odds_milli, position)
      values (${marketId}, ${`o${i}`}, ${`outcome.${i}`}, ${odds}, ${i}) returning id`.execute(t.db);
    outcomeIds.push(BigInt(o.rows[0]!.id));
  }
  return { gameId, marketId, outcomeIds };
}

/**
 * A 1X2 game whose first three outcomes carry the real keys home, draw and away (so labels come
 * from the dictionary), optionally between teams with these names.
 */
export async function createNamedGame(
  t: BettingTestApp,
  oddsMilli: number[],
  options: { live?: boolean; home?: Record<string, string>; away?: Record<string, string> } = {},
) {
  const g = await createGame(t, oddsMilli, { live: options.live });
  for (const [i, key] of ['home', 'draw', 'away'].entries()) {
    const id = g.outcomeIds[i];
    if (id)
      await sql`update outcomes set key = ${key}, name_key = ${`outcome.${key}`} where id = ${id}`.execute(
        t.db,
      );
  }
  for (const side of ['home', 'away'] as const) {
    const names = options[side];
    if (names) {
      await sql`update teams set names = ${JSON.stringify(names)}
        where id = (select ${sql.ref(`${side}_team_id`)} from games where id = ${g.gameId})`.execute(t.db);
    }
  }
  return g;
}

export async function suspendMarket(t: BettingTestApp, marketId: bigint) {
  await sql`update markets set state = 'suspended', version = version + 1 where id = ${marketId}`.execute(
    t.db,
  );
}

export async function suspendOutcome(t: BettingTestApp, outcomeId: bigint) {
  await sql`update outcomes set state = 'suspended', version = version + 1 where id = ${outcomeId}`.execute(
    t.db,
  );
}

export async function setOdds(t: BettingTestApp, outcomeId: bigint, oddsMilli: number) {
  await sql`update outcomes set odds_milli = ${oddsMilli}, version = version + 1 where id = ${outcomeId}`.execute(
    t.db,
  );
}

export async function scoreGoal(t: BettingTestApp, gameId: number) {
  await sql`update games set score_home = score_home + 1, version = version + 1 where id = ${gameId}`.execute(
    t.db,
  );
}

/** Results a market: each outcome id with its result (re-resulting it changes the results). */
export async function resultMarket(t: BettingTestApp, marketId: bigint, results: [bigint, string][]) {
  for (const [id, result] of results) {
    await sql`update outcomes set state = 'resulted', result = ${result}, version = version + 1 where id = ${id}`.execute(
      t.db,
    );
  }
  await sql`update markets set state = 'resulted', version = version + 1 where id = ${marketId}`.execute(
    t.db,
  );
}

export async function balanceOf(t: BettingTestApp, accountId: bigint): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

let nextKey = 1;
export const newKey = () => `test-key-${process.pid}-${nextKey++}`;

/** The body of a single on one outcome at the decimal odds the player saw. */
export const singleCoupon = (
  accountId: bigint,
  outcomeId: bigint,
  coef: number,
  amount = '10000',
  extra: Record<string, unknown> = {},
) => ({
  typeId: 0,
  accountId: accountId.toString(),
  amount,
  bets: [{ outcomeId: outcomeId.toString(), coef }],
  ...extra,
});

/** Places a coupon through the route. */
export function place(client: TestClient, body: Record<string, unknown>, key = newKey()) {
  return client.post('/web-api/betting/v1/coupons', body, { 'idempotency-key': key });
}
