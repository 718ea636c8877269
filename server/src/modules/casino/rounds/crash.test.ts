/**
 * Crash test of the rounds: a child plays dice rounds for several players in parallel and is killed
 * with SIGKILL mid-way (some rounds inside their transaction), while a mines round opened before
 * waits for its player's decision. After the restart: every acknowledged round exists once and is
 * answered again under its key, the child finishes the plan, each finished round was staked and
 * paid exactly once, the open mines round is returned by GET-open's use case and pays once when
 * cashed out, and the ledger check is clean. PGlite on disk, or PostgreSQL with DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { MINES_GAME } from '@parlay/domain/casino/mines/game.ts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../platform/migrations.ts';
import { createCrashDatabase } from '../../../testing/crash-database.ts';
import { REPO_ROOT } from '../../../testing/test-app.ts';
import { Ledger } from '../../accounts/index.ts';
import { actInRound } from './act-in-round.ts';
import { playerOwner } from './context.ts';
import { crashContext } from './crash-child.ts';
import { openRound } from './read-rounds.ts';
import { replayRound } from './round-view.ts';
import { startRound } from './start-round.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const CHILD = path.join(import.meta.dirname, 'crash-child.ts');
const PLAYERS = [11n, 12n, 13n, 14n];
const PER_PLAYER = 12;
const KILL_AFTER_ACKS = 20;
const FUNDS = 10_000_000n;
const MINES_PLAYER = 21n;
const MINES_ID = 1005;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runChild(env: Record<string, string>, killAfter: number | null) {
  const child: ChildProcess = spawn(NODE, ['--disable-warning=ExperimentalWarning', CHILD], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acks = new Map<string, string>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const [word, key, id] = line.split(' ');
    if (word !== 'ack' || !key || !id) return;
    acks.set(key, id);
    if (killAfter !== null && acks.size >= killAfter) child.kill('SIGKILL');
  });
  return { acks, child, exited };
}

describe('rounds survive SIGKILL', () => {
  it('keeps each acknowledged round once, pays every finished round exactly once, and resumes the open one', async () => {
    const database = await createCrashDatabase('casino-rounds', cleanups);
    let handle = await database.open();
    await migrate(handle);
    let ctx = crashContext(handle);
    const accounts = new Map<bigint, bigint>();
    for (const userId of [...PLAYERS, MINES_PLAYER]) {
      const account = await ctx.ledger.openAccount(userId, 'RUB');
      await ctx.ledger.move({
        idempotencyKey: `fund-${userId}`,
        reason: 'deposit',
        currency: 'RUB',
        from: { system: 'provider' },
        to: account.id,
        amountMinor: FUNDS,
        userId,
      });
      accounts.set(userId, account.id);
    }
    const mines = await startRound(ctx, playerOwner(MINES_PLAYER), 'crash-mines', {
      gameId: MINES_ID,
      mode: 'real',
      stakeMinor: '5000',
      params: { mines: 5 },
    });
    expect(mines.status).toBe('open');
    await handle.close();

    const env = {
      ...database.env('CRASH'),
      CRASH_PLAYERS: PLAYERS.join(','),
      CRASH_PER_PLAYER: String(PER_PLAYER),
    };
    const killed = runChild(env, KILL_AFTER_ACKS);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.acks.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(killed.acks.size).toBeLessThan(PLAYERS.length * PER_PLAYER);

    const restarted = runChild(env, null);
    expect(await restarted.exited).toBe(0);
    expect(restarted.acks.size).toBe(PLAYERS.length * PER_PLAYER);
    for (const [key, roundId] of killed.acks) expect(restarted.acks.get(key), key).toBe(roundId);

    handle = await database.open();
    ctx = crashContext(handle);
    const db = handle.db;
    const rounds = await db.selectFrom('casino_rounds').selectAll().where('user_id', 'in', PLAYERS).execute();
    expect(rounds).toHaveLength(PLAYERS.length * PER_PLAYER);
    const { rows: transfers } = await sql<{ key: string; n: number; amount: bigint }>`
      select t.idempotency_key as key, count(*)::int as n, max(abs(p.amount))::bigint as amount
      from ledger_transfers t join ledger_postings p on p.transfer_id = t.id
      where t.idempotency_key like 'casino:%' group by t.idempotency_key`.execute(db);
    const byKey = new Map(transfers.map((r) => [r.key, r]));
    const net = new Map<bigint, bigint>();
    for (const round of rounds) {
      expect(round.status).toBe('finished');
      expect(byKey.get(`casino:${round.id}:stake`)?.amount).toBe(round.staked);
      expect(byKey.get(`casino:${round.id}:win`)?.amount ?? 0n).toBe(round.payout);
      net.set(round.user_id!, (net.get(round.user_id!) ?? 0n) + round.payout - round.staked);
    }
    expect(transfers.every((r) => r.n === 2)).toBe(true); // two postings each: one transfer per key
    for (const userId of PLAYERS) {
      const account = await ctx.ledger.account(userId, accounts.get(userId)!);
      expect(account.moneyMinor, `player ${userId}`).toBe(FUNDS + (net.get(userId) ?? 0n));
    }

    // The mines round opened before the crash waits for its player, then pays once.
    const owner = playerOwner(MINES_PLAYER);
    const resumed = await openRound(ctx, owner, { gameId: MINES_ID, mode: 'real' });
    expect(resumed).toEqual(mines);
    const pair = await db
      .selectFrom('casino_seed_pairs')
      .selectAll()
      .where('owner_key', '=', owner.key)
      .executeTakeFirstOrThrow();
    const seeds = { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: mines.nonce };
    const tile = Array.from({ length: 25 }, (_, i) => i).find(
      (i) =>
        !(
          replayRound(
            MINES_GAME,
            { params: { mines: 5 }, stakeMinor: 5000n, actions: [{ type: 'reveal', tile: i }] },
            seeds,
          ).view as { busted: boolean }
        ).busted,
    )!;
    await actInRound(ctx, owner, BigInt(mines.roundId), 'crash-mines-reveal', { type: 'reveal', tile });
    const cashed = await actInRound(ctx, owner, BigInt(mines.roundId), 'crash-mines-cashout', {
      type: 'cashout',
    });
    expect(cashed.status).toBe('finished');
    const again = await actInRound(ctx, owner, BigInt(mines.roundId), 'crash-mines-cashout', {
      type: 'cashout',
    });
    expect(again).toEqual(cashed);
    const wins = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', '=', `casino:${mines.roundId}:win`)
      .execute();
    expect(wins).toHaveLength(1);
    expect((await new Ledger(db, ctx.clock).check()).differences).toEqual([]);
    await handle.close();
  }, 240_000);
});
