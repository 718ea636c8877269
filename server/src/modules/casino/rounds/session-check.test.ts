/**
 * A real-money round through HTTP checks the player's session inside its own statements (auth's
 * deferSession, auth_session_check of migration 0355, casino_round_instant of 0356) instead of the
 * session read before it: an instant round is one database statement in all. A session that the
 * read would refuse is refused the same way, and no money moves: revoked (logout), ended by a new
 * session epoch (a password change or a self-exclusion ends every session), expired, terms changed.
 */
import type { QueryExecutor } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TermsService } from '../../auth/index.ts';
import {
  balanceOf,
  CASINO_API,
  type CasinoTestApp,
  DICE_ID,
  fundedPlayer,
  newKey,
  setUpCasinoTestApp,
} from '../test-support.ts';

let t: CasinoTestApp;
setUpCasinoTestApp((app) => {
  t = app;
});

const DICE_ROUND = {
  gameId: DICE_ID,
  mode: 'real' as const,
  stakeMinor: '1000',
  params: { direction: 'under', target: 5000 },
};

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

const play = (player: Player, key = newKey()) =>
  player.client.post(`${CASINO_API}/rounds`, DICE_ROUND, { 'idempotency-key': key });

/** Statements the app runs through its database (outside transactions) and transactions begun. */
function countStatements(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const executor = t.db.getExecutor() as QueryExecutor & { executeQuery: QueryExecutor['executeQuery'] };
  const original = executor.executeQuery;
  executor.executeQuery = function (this: QueryExecutor, query, ...rest) {
    texts.push(query.sql.replace(/\s+/g, ' ').slice(0, 80));
    return original.call(this, query, ...rest);
  } as QueryExecutor['executeQuery'];
  const db = t.db as unknown as { transaction: () => unknown };
  const transaction = db.transaction;
  db.transaction = function (this: unknown) {
    texts.push('(transaction)');
    return transaction.call(this);
  };
  return {
    texts,
    stop() {
      executor.executeQuery = original;
      db.transaction = transaction;
    },
  };
}

async function sessionOf(player: Player): Promise<string> {
  const row = await t.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', Number(player.userId))
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function roundsOf(player: Player): Promise<number> {
  const rows = await t.db
    .selectFrom('casino_rounds')
    .select('id')
    .where('user_id', '=', player.userId)
    .execute();
  return rows.length;
}

/** Refused with `status`/`code`, and nothing of the player's moved. */
async function expectRefused(player: Player, status: number, code: string): Promise<void> {
  const before = await balanceOf(t, player.userId, player.accountId);
  const rounds = await roundsOf(player);
  const res = await play(player);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  expect(await balanceOf(t, player.userId, player.accountId)).toBe(before);
  expect(await roundsOf(player)).toBe(rounds);
}

describe('the session checked by the round’s own statement', () => {
  let player: Player;
  beforeEach(async () => {
    player = await fundedPlayer(t, 1_000_000n);
  });

  it('plays a signed-in player’s next instant round through HTTP in one database statement', async () => {
    expect((await play(player)).statusCode).toBe(200);
    const counted = countStatements();
    try {
      const res = await play(player);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('finished');
    } finally {
      counted.stop();
    }
    // casino_round_instant alone: no session read before it, no touch (seen less than a minute ago).
    // The balance feed's flush (accounts/wallet.ts: one read for every owner whose balance moved in
    // the last 15 ms, batched across rounds) may follow it; it is not the round's.
    const ofRound = counted.texts.filter((text) => !text.includes('select id, currency, type, balance'));
    expect(ofRound, counted.texts.join('\n')).toHaveLength(1);
    expect(ofRound[0]).toContain('casino_round_instant');
  });

  it('refuses a revoked session (logout) with 401 and moves no money, from memory and from the read', async () => {
    expect((await play(player)).statusCode).toBe(200);
    const sessionId = await sessionOf(player);
    await t.db
      .updateTable('auth_sessions')
      .set({ revoked_at: t.clock.now(), revoke_reason: 'logout' })
      .where('id', '=', sessionId)
      .execute();
    // The process remembers the owner's last round: the call alone, which checks first.
    await expectRefused(player, 401, 'NOT_AUTHENTICATED');
    // And a first round (the read checks).
    const fresh = await fundedPlayer(t, 1_000_000n);
    await t.db
      .updateTable('auth_sessions')
      .set({ revoked_at: t.clock.now(), revoke_reason: 'logout' })
      .where('id', '=', await sessionOf(fresh))
      .execute();
    await expectRefused(fresh, 401, 'NOT_AUTHENTICATED');
  });

  it('refuses a session of an ended epoch (a password change or a self-exclusion ends them all)', async () => {
    expect((await play(player)).statusCode).toBe(200);
    // The epoch moved without the row revoked: a sign-in that raced the ending of every session.
    await t.db
      .updateTable('users')
      .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
      .where('id', '=', Number(player.userId))
      .execute();
    await expectRefused(player, 401, 'NOT_AUTHENTICATED');
    // The self-exclusion's own way: every session of the player ended (revokeAllExcept).
    const other = await fundedPlayer(t, 1_000_000n);
    expect((await play(other)).statusCode).toBe(200);
    type Sessions = { revokeAllExcept(userId: number, keep: null, reason: string): Promise<number> };
    const auth = (t.app as unknown as Record<symbol, { sessions: Sessions }>)[Symbol.for('parlay.auth')]!;
    await auth.sessions.revokeAllExcept(Number(other.userId), null, 'self_exclusion');
    await expectRefused(other, 401, 'NOT_AUTHENTICATED');
  });

  it('refuses an expired session (its own end passed while the token still runs)', async () => {
    expect((await play(player)).statusCode).toBe(200);
    await t.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(t.clock.nowMs() - 1000) })
      .where('id', '=', await sessionOf(player))
      .execute();
    await expectRefused(player, 401, 'NOT_AUTHENTICATED');
  });

  it('refuses an expired token at once, a forged one, and no token', async () => {
    const forged = await fundedPlayer(t, 1_000_000n);
    forged.client.token = `${forged.client.token!.slice(0, -4)}AAAA`;
    await expectRefused(forged, 401, 'NOT_AUTHENTICATED');
    const guest = await fundedPlayer(t, 1_000_000n);
    guest.client.token = null;
    await expectRefused(guest, 401, 'NOT_AUTHENTICATED');
    // Past the token's lifetime (the session lives on; the token must be renewed first).
    t.clock.advance(25 * 3600_000);
    await expectRefused(player, 401, 'NOT_AUTHENTICATED');
  });

  it('answers 451 while changed terms await confirmation, and writes last_seen_at once a minute', async () => {
    expect((await play(player)).statusCode).toBe(200);
    const sessionId = await sessionOf(player);
    const seen = async () =>
      (
        await t.db
          .selectFrom('auth_sessions')
          .select('last_seen_at')
          .where('id', '=', sessionId)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    t.clock.advance(61_000);
    expect((await play(player)).statusCode).toBe(200);
    expect(await seen()).toBe(t.clock.nowMs());
    t.clock.advance(1_000);
    expect((await play(player)).statusCode).toBe(200);
    expect(await seen()).toBe(t.clock.nowMs() - 1_000);
    const app = t.app as unknown as { [key: symbol]: { terms: TermsService } };
    await app[Symbol.for('parlay.auth')]!.terms.publish('new rules');
    await expectRefused(player, 451, 'TERMS_NOT_CONFIRMED');
    expect((await player.client.post('/web-api/api-v3/v2/user/agreement-rules/confirm')).statusCode).toBe(
      200,
    );
    expect((await play(player)).statusCode).toBe(200);
  });
});
