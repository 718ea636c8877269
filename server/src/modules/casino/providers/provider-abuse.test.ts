/**
 * Red-team checks of the provider wallet API over signed HTTP (PGlite, ManualClock): provider
 * transaction ids that look like Parlay's own ledger keys, one id used for two players.
 */
import { describe, expect, it } from 'vitest';
import { type ProviderTestApp, playerSession, setUpProviderTestApp, signedCall } from './test-support.ts';

let t: ProviderTestApp;
setUpProviderTestApp((app) => {
  t = app;
});

const balance = async (s: { userId: bigint; accountId: bigint }) =>
  (await t.ledger.account(s.userId, s.accountId)).moneyMinor;

describe('provider transaction ids', () => {
  it('an id ending in ":rollback" is a transaction of its own, not the rollback of another', async () => {
    const s = await playerSession(t, 100_00n);
    const call = (action: string, body: Record<string, unknown>) =>
      signedCall(t, action, { sessionToken: s.sessionToken, roundId: 'ab-r1', ...body });
    expect((await call('bet', { transactionId: 'ab-t1', amount: '5.00' })).status).toBe(200);
    expect(
      (await call('rollback', { transactionId: 'ab-rb1', referenceTransactionId: 'ab-t1' })).status,
    ).toBe(200);
    expect(await balance(s)).toBe(100_00n);
    // A later win whose id is the first bet's id plus ":rollback": paid, once.
    const win = await call('win', { transactionId: 'ab-t1:rollback', amount: '5.00' });
    expect(win.status).toBe(200);
    expect(await balance(s)).toBe(105_00n);
    expect((await call('win', { transactionId: 'ab-t1:rollback', amount: '5.00' })).body.replayed).toBe(true);
    expect(await balance(s)).toBe(105_00n);
  });

  it('one id for two players: the second is refused and moves nothing', async () => {
    const [a, b] = [await playerSession(t, 100_00n), await playerSession(t, 100_00n)];
    const bet = (s: typeof a, roundId: string) =>
      signedCall(t, 'bet', {
        sessionToken: s.sessionToken,
        transactionId: 'ab-shared',
        roundId,
        amount: '3.00',
      });
    expect((await bet(a, 'ab-ra')).status).toBe(200);
    const second = await bet(b, 'ab-rb');
    expect(second.body.error?.code).toBe('DUPLICATE_TRANSACTION_MISMATCH');
    const win = await signedCall(t, 'win', {
      sessionToken: b.sessionToken,
      transactionId: 'ab-shared',
      roundId: 'ab-ra',
      amount: '3.00',
    });
    expect(win.status).toBeGreaterThanOrEqual(400);
    expect(win.status).toBeLessThan(500);
    expect([await balance(a), await balance(b)]).toEqual([97_00n, 100_00n]);
  });

  it('two players open the same new round id at once: one owns it, the other is refused, nothing mixes', async () => {
    // On PostgreSQL the bets run at the same moment (both used to read "no round yet", and the second
    // was added to the first player's round); PGlite runs them one after the other.
    for (let n = 0; n < 4; n++) {
      const [a, b] = [await playerSession(t, 100_00n), await playerSession(t, 100_00n)];
      const roundId = `ab-race-${n}`;
      const answers = await Promise.all(
        [a, b].map((s, i) =>
          signedCall(t, 'bet', {
            sessionToken: s.sessionToken,
            transactionId: `ab-race-${n}-${i}`,
            roundId,
            amount: '4.00',
          }),
        ),
      );
      const codes = answers.map((r) => (r.status === 200 ? 'ok' : r.body.error?.code)).sort();
      expect(codes).toEqual(['ROUND_MISMATCH', 'ok']);
      const owner = answers[0]!.status === 200 ? a : b;
      const round = await t.db
        .selectFrom('casino_provider_rounds')
        .select(['user_id', 'staked'])
        .where('round_ref', '=', roundId)
        .executeTakeFirstOrThrow();
      expect(round).toEqual({ user_id: owner.userId, staked: 4_00n });
      expect((await balance(a)) + (await balance(b))).toBe(196_00n);
    }
    expect((await t.ledger.check()).differences).toEqual([]);
  });
});
