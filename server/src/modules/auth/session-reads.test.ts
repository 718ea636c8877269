/**
 * The session lookup of signed-in requests is batched (auth-service.ts SESSIONS_SQL): lookups
 * waiting together share one statement. Each must still answer for its own token exactly as a
 * lookup of its own would: live sessions their user, revoked ones, ended epochs, a token naming
 * another user's session and unknown sessions nothing, whatever the others in the batch are; and a
 * session revoked before a lookup was asked is seen revoked.
 */

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { registerFullPlayer, TestClient } from '../../testing/test-client.ts';
import type { AuthService } from './auth-service.ts';

let t: TestApp;
let auth: AuthService;
const users: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ roles: 'api' });
  auth = (t.app as unknown as Record<symbol, AuthService>)[Symbol.for('parlay.auth')]!;
  for (const [i, email] of ['reads-a@example.com', 'reads-b@example.com', 'reads-c@example.com'].entries()) {
    const { userId } = await registerFullPlayer(new TestClient(t.app, `10.9.0.${i + 1}`), email);
    users.push(userId);
  }
});

afterAll(async () => {
  await t?.close();
});

const epochOf = async (userId: number) =>
  (await sql<{ e: number }>`select session_epoch as e from users where id = ${userId}`.execute(t.deps.db.db))
    .rows[0]!.e;

async function open(userId: number): Promise<{ sessionId: string; token: string }> {
  const opened = await auth.sessions.create(userId, await epochOf(userId), {
    method: 'password',
    remember: false,
    userAgent: 'test',
    ip: '10.9.1.1',
  });
  if (!opened) throw new Error('no session opened');
  return { sessionId: opened.sessionId, token: opened.token };
}

describe('batched session lookups', () => {
  it('answers each token of a batch as its own lookup would, in fewer statements than lookups', async () => {
    const [a, b, c] = users as [number, number, number];
    const live: { userId: number; sessionId: string; token: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const userId = i % 2 === 0 ? a : c;
      live.push({ userId, ...(await open(userId)) });
    }
    const revoked = await Promise.all([open(a), open(c), open(a)]);
    for (const session of revoked) await auth.sessions.revoke(session.sessionId, 'logout');
    // Every session of b ends with its epoch (a password change, a self-exclusion).
    const ended = [await open(b), await open(b)];
    await auth.sessions.revokeAllExcept(b, null, 'password');
    // A correctly signed token naming a live session of a under another user's id.
    const crossed = await auth.sessions.issueToken(c, live[0]!.sessionId, Date.now() + 3_600_000);
    const unknown = await auth.sessions.issueToken(a, 'no-such-session-000000', Date.now() + 3_600_000);

    const lookups: { token: string; expect: { userId: number; sessionId: string } | null }[] = [
      ...live.map((s) => ({ token: s.token, expect: { userId: s.userId, sessionId: s.sessionId } })),
      ...[...revoked, ...ended].map((s) => ({ token: s.token, expect: null })),
      { token: crossed.token, expect: null },
      { token: unknown.token, expect: null },
      { token: 'not-a-token', expect: null },
    ];
    // Interleaved, so dead and live tokens share batches.
    lookups.sort((x, y) => (x.token < y.token ? -1 : 1));

    const executed = vi.spyOn(t.deps.db.db, 'executeQuery');
    try {
      const answers = await Promise.all(lookups.map((l) => auth.resolve(l.token)));
      answers.forEach((answer, i) => {
        const expected = lookups[i]!.expect;
        if (expected === null) expect(answer).toBeNull();
        else {
          expect(answer?.user.userId).toBe(expected.userId);
          expect(answer?.user.sessionId).toBe(expected.sessionId);
          expect(answer?.isTokenValid).toBe(true);
        }
      });
      const statements = executed.mock.calls.filter(
        ([query]) => 'sql' in query && query.sql.includes('unnest($1::text[], $2::integer[])'),
      ).length;
      // One token is not signed and is refused before any read; the other lookups share statements.
      expect(statements).toBeGreaterThan(0);
      expect(statements).toBeLessThan(lookups.length - 1);
    } finally {
      executed.mockRestore();
    }
  });

  it('sees a session revoked before the lookup was asked, even while other lookups are running', async () => {
    const [a] = users as [number];
    const others = await Promise.all(Array.from({ length: 6 }, () => open(a)));
    const victim = await open(a);
    expect((await auth.resolve(victim.token))?.user.sessionId).toBe(victim.sessionId);
    const running = others.map((s) => auth.resolve(s.token));
    await auth.sessions.revoke(victim.sessionId, 'logout');
    expect(await auth.resolve(victim.token)).toBeNull();
    for (const answer of await Promise.all(running)) expect(answer?.user.userId).toBe(a);
  });
});
