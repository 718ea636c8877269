/**
 * The provider API over HTTP (app.inject, manual clock): launch, authenticate, the refusals with
 * their codes (nothing moved), responsible gaming applied to provider bets, parallel repeats of one
 * transaction id, the open-round sweep closing each round once, and the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { ROUND_TIMEOUT_MS, startProviderSweep, sweepOpenRounds } from './sweep.ts';
import {
  BLOCKED_ID,
  type ProviderTestApp,
  playerSession,
  providerPlayer,
  SLOT_ID,
  setUpProviderTestApp,
  signedCall,
  TEST_PROVIDER,
} from './test-support.ts';

let t: ProviderTestApp;
setUpProviderTestApp((app) => {
  t = app;
});

const LAUNCH = `/web-api/casino/v1/providers/${TEST_PROVIDER}/launch`;
let seq = 0;
const tx = (name: string) => `${name}-${++seq}`;

const sweepDeps = () => ({ ledger: t.ledger, clock: t.clock, limits: t.limits, wallet: t.seamless });

async function balanceOf(p: { userId: bigint; accountId: bigint }) {
  return (await t.ledger.account(p.userId, p.accountId)).moneyMinor;
}

async function transfersOf(prefix: string) {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key'])
    .where('idempotency_key', 'like', `casino:${TEST_PROVIDER}:${prefix}%`)
    .execute();
  return rows;
}

describe('launch', () => {
  it('gives a signed-in player a URL with a launch token, stored only as its hash', async () => {
    const p = await providerPlayer(t, 0n);
    const res = await p.client.post(LAUNCH, { gameId: SLOT_ID, mode: 'real', lang: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toBe(
      `https://games.acme.example/launch?game=neon-reels&mode=real&lang=en&token=${body.token}&currency=RUB`,
    );
    expect(body.expiresAt).toBe('2026-06-01T12:10:00.000Z');
    const stored = await t.db.selectFrom('casino_provider_launches').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.token);
  });

  it('opens demo mode without a wallet or a sign-in, and refuses real money to a guest', async () => {
    const guest = (await providerPlayer(t, 0n)).client;
    await guest.post('/web-api/auth/v1/logout', {});
    const demo = await t.app.inject({
      method: 'POST',
      url: LAUNCH,
      payload: { gameId: SLOT_ID, mode: 'demo' },
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.json()).toMatchObject({ mode: 'demo', token: null, expiresAt: null });
    expect(demo.json().url).toBe('https://games.acme.example/launch?game=neon-reels&mode=demo&lang=ru');
    const real = await t.app.inject({
      method: 'POST',
      url: LAUNCH,
      payload: { gameId: SLOT_ID, mode: 'real' },
    });
    expect(real.statusCode).toBe(401);
  });

  it('refuses an unknown provider, another provider’s game, and a game not offered in the player’s country', async () => {
    const p = await providerPlayer(t, 0n);
    const unknown = await p.client.post('/web-api/casino/v1/providers/nobody/launch', {
      gameId: SLOT_ID,
      mode: 'real',
    });
    expect(unknown.json().error.code).toBe('CASINO_PROVIDER_NOT_FOUND');
    const original = await p.client.post(LAUNCH, { gameId: 1001, mode: 'real' });
    expect(original.json().error.code).toBe('CASINO_GAME_NOT_FOUND');
    const blocked = await p.client.post(LAUNCH, { gameId: BLOCKED_ID, mode: 'real' });
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().error.code).toBe('CASINO_GAME_NOT_FOUND');
    const elsewhere = await providerPlayer(t, 0n, 'kz');
    expect((await elsewhere.client.post(LAUNCH, { gameId: BLOCKED_ID, mode: 'real' })).statusCode).toBe(200);
  });

  it('expires a launch token after 10 minutes; a repeated authenticate answers the same session', async () => {
    const p = await providerPlayer(t, 1_000n);
    const { token } = (await p.client.post(LAUNCH, { gameId: SLOT_ID, mode: 'real' })).json();
    const first = await signedCall(t, 'authenticate', { launchToken: token });
    expect(first).toMatchObject({
      status: 200,
      body: { playerId: `${p.userId}`, currency: 'RUB', balance: '10.00', gameId: SLOT_ID, country: 'ru' },
    });
    const again = await signedCall(t, 'authenticate', { launchToken: token });
    expect(again.body.sessionToken).toBe(first.body.sessionToken);
    const late = (await p.client.post(LAUNCH, { gameId: SLOT_ID, mode: 'real' })).json().token;
    t.clock.advance(10 * 60_000 + 1);
    expect((await signedCall(t, 'authenticate', { launchToken: late })).body.error?.code).toBe(
      'TOKEN_EXPIRED',
    );
  });
});

describe('refusals', () => {
  it('answers each documented code with a 4xx and moves nothing', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    const bet = (amount: unknown, id = tx('b')) => ({
      sessionToken: s.sessionToken,
      transactionId: id,
      roundId: round,
      amount,
    });
    const cases: [string, Promise<{ status: number; body: { error?: { code: string } } }>][] = [
      ['INVALID_SIGNATURE', signedCall(t, 'bet', bet('1.00'), { secret: 'not-the-key-of-this-provider' })],
      [
        'CLOCK_SKEW',
        signedCall(t, 'bet', bet('1.00'), { timestampSec: Math.floor(t.clock.nowMs() / 1000) - 61 }),
      ],
      [
        'CLOCK_SKEW',
        signedCall(t, 'bet', bet('1.00'), { timestampSec: Math.floor(t.clock.nowMs() / 1000) + 61 }),
      ],
      ['UNKNOWN_PROVIDER', signedCall(t, 'bet', bet('1.00'), { provider: 'nobody' })],
      ['UNKNOWN_TOKEN', signedCall(t, 'bet', { ...bet('1.00'), sessionToken: 'no-such-session' })],
      ['BAD_AMOUNT', signedCall(t, 'bet', bet('-1.00'))],
      ['BAD_AMOUNT', signedCall(t, 'bet', bet('1.001'))],
      ['BAD_AMOUNT', signedCall(t, 'bet', bet(1))],
      ['BAD_AMOUNT', signedCall(t, 'bet', bet('1,00'))],
      ['BAD_AMOUNT', signedCall(t, 'win', bet('0.5e1'))],
      ['INSUFFICIENT_FUNDS', signedCall(t, 'bet', bet('100.01'))],
      ['BAD_REQUEST', signedCall(t, 'bet', { sessionToken: s.sessionToken, amount: '1.00' })],
    ];
    for (const [code, call] of cases) {
      const res = await call;
      expect(res.body.error?.code, `${code}: ${JSON.stringify(res.body)}`).toBe(code);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
    expect(await balanceOf(s)).toBe(10_000n);
  });

  it('answers a body that is not JSON, or not an object, in the provider error shape with a 4xx', async () => {
    for (const [contentType, payload] of [
      ['application/json', '{"sessionToken": '],
      ['text/plain', 'hello'],
      ['application/json', '[1,2]'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/provider-api/v1/${TEST_PROVIDER}/balance`,
        headers: {
          'content-type': contentType,
          'x-parlay-timestamp': '1',
          'x-parlay-signature': 'a'.repeat(64),
        },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(['BAD_REQUEST', 'INVALID_SIGNATURE']).toContain(res.json().error.code);
      expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
    }
  });

  it('refuses a bet after the session expired, but still pays the round’s win', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    expect(
      (
        await signedCall(t, 'bet', {
          sessionToken: s.sessionToken,
          transactionId: tx('b'),
          roundId: round,
          amount: '5.00',
        })
      ).status,
    ).toBe(200);
    t.clock.advance(12 * 3_600_000 + 1);
    const late = await signedCall(t, 'bet', {
      sessionToken: s.sessionToken,
      transactionId: tx('b'),
      roundId: round,
      amount: '5.00',
    });
    expect(late.body.error?.code).toBe('TOKEN_EXPIRED');
    const win = await signedCall(t, 'win', {
      sessionToken: s.sessionToken,
      transactionId: tx('w'),
      roundId: round,
      amount: '7.00',
    });
    expect(win.body).toMatchObject({ status: 'done', balance: '102.00' });
    expect(await balanceOf(s)).toBe(10_200n);
  });

  it('applies self-exclusion and loss limits to provider bets as to in-house rounds; wins still pay', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    const move = (kind: string, amount: string) =>
      signedCall(t, kind, { sessionToken: s.sessionToken, transactionId: tx(kind), roundId: round, amount });
    expect((await move('bet', '10.00')).status).toBe(200);
    const { token } = (await s.client.post(LAUNCH, { gameId: SLOT_ID, mode: 'real' })).json();
    await t.limits.change(s.userId, 'RUB', 30, 1);
    expect((await move('bet', '1.00')).body.error?.code).toBe('PLAYER_BLOCKED');
    // Nor can a new game start: the exclusion signed the player out, and a launch token taken
    // before it does not authenticate.
    expect((await s.client.post(LAUNCH, { gameId: SLOT_ID, mode: 'real' })).json().error.code).toBe(
      'NOT_AUTHENTICATED',
    );
    expect((await signedCall(t, 'authenticate', { launchToken: token })).body.error?.code).toBe(
      'PLAYER_BLOCKED',
    );
    expect((await move('win', '4.00')).body).toMatchObject({ balance: '94.00' });
    expect((await signedCall(t, 'end-round', { sessionToken: s.sessionToken, roundId: round })).status).toBe(
      200,
    );
    expect(await balanceOf(s)).toBe(9_400n);
    // The round's settlement (10.00 staked, 4.00 paid) is recorded once for the loss limits.
    const loss = await t.db
      .selectFrom('limit_usage')
      .select(['amount_minor', 'kind'])
      .where('user_id', '=', s.userId)
      .where('reference', '=', `casino:${TEST_PROVIDER}:round:${round}`)
      .execute();
    expect(loss).toEqual([{ amount_minor: 600n, kind: 'loss' }]);
  });
});

describe('accounts', () => {
  it('keeps a round and its rollbacks in the account it was opened from', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    const betId = tx('b');
    const bet = await signedCall(t, 'bet', {
      sessionToken: s.sessionToken,
      transactionId: betId,
      roundId: round,
      amount: '4.00',
    });
    expect(bet.status).toBe(200);
    // The player switches to a USD account and launches again: a second session on that account.
    const usd = await t.ledger.addCurrency(s.userId, 'USD');
    await t.ledger.setActiveAccount(s.userId, usd.id);
    const { token } = (await s.client.post(LAUNCH, { gameId: SLOT_ID, mode: 'real' })).json();
    const other = (await signedCall(t, 'authenticate', { launchToken: token })).body;
    expect(other).toMatchObject({ currency: 'USD', balance: '0.00' });
    const session = other.sessionToken as string;
    const win = await signedCall(t, 'win', {
      sessionToken: session,
      transactionId: tx('w'),
      roundId: round,
      amount: '1.00',
    });
    expect(win.body.error?.code).toBe('ROUND_MISMATCH');
    const rollback = await signedCall(t, 'rollback', {
      sessionToken: session,
      transactionId: tx('rb'),
      referenceTransactionId: betId,
      roundId: round,
    });
    expect(rollback.body.error?.code).toBe('REFERENCE_MISMATCH');
    expect(await balanceOf(s)).toBe(9_600n);
    expect((await t.ledger.account(s.userId, usd.id)).moneyMinor).toBe(0n);
    // From the round's own session the rollback goes through.
    const own = await signedCall(t, 'rollback', {
      sessionToken: s.sessionToken,
      transactionId: tx('rb'),
      referenceTransactionId: betId,
      roundId: round,
    });
    expect(own.body).toMatchObject({ status: 'done', balance: '100.00' });
  });
});

describe('replays', () => {
  it('takes one ledger move for the same transaction fired 8 times in parallel', async () => {
    const s = await playerSession(t, 10_000n);
    const body = {
      sessionToken: s.sessionToken,
      transactionId: tx('par'),
      roundId: tx('r'),
      amount: '12.34',
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => signedCall(t, 'bet', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.balance))).toEqual(new Set(['87.66']));
    expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
    expect(await transfersOf(body.transactionId)).toHaveLength(1);
    expect(await balanceOf(s)).toBe(8_766n);
  });

  it('accepts one body of a transaction id fired in parallel with different amounts; the rest are mismatches', async () => {
    const s = await playerSession(t, 10_000n);
    const id = tx('race');
    const round = tx('r');
    const answers = await Promise.all(
      ['1.00', '2.00', '3.00', '4.00'].map((amount) =>
        signedCall(t, 'bet', { sessionToken: s.sessionToken, transactionId: id, roundId: round, amount }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.body.error?.code === 'DUPLICATE_TRANSACTION_MISMATCH')).toHaveLength(3);
    expect(await transfersOf(id)).toHaveLength(1);
    expect(await balanceOf(s)).toBe(BigInt(String(ok[0]?.body.balance).replace('.', '')));
  });

  it('races a rollback with its bet: whichever comes first, the money ends where the rollback leaves it', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    const betId = tx('b');
    const [bet, rollback] = await Promise.all([
      signedCall(t, 'bet', {
        sessionToken: s.sessionToken,
        transactionId: betId,
        roundId: round,
        amount: '9.00',
      }),
      signedCall(t, 'rollback', {
        sessionToken: s.sessionToken,
        transactionId: tx('rb'),
        referenceTransactionId: betId,
        roundId: round,
      }),
    ]);
    expect(rollback.status).toBe(200);
    expect([200, 409]).toContain(bet.status);
    expect(await balanceOf(s)).toBe(10_000n);
  });
});

describe('sweep', () => {
  it('closes a round left open past the timeout exactly once with two sweeps at a time; a late win is refused', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    await signedCall(t, 'bet', {
      sessionToken: s.sessionToken,
      transactionId: tx('b'),
      roundId: round,
      amount: '3.00',
    });
    t.clock.advance(ROUND_TIMEOUT_MS - 1);
    expect(await sweepOpenRounds(sweepDeps())).toBe(0);
    t.clock.advance(2);
    const closed = await Promise.all([sweepOpenRounds(sweepDeps()), sweepOpenRounds(sweepDeps())]);
    expect(closed[0] + closed[1]).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('casino_provider_rounds')
      .select(['closed_by', 'staked', 'paid'])
      .where('round_ref', '=', round)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ closed_by: 'sweep', staked: 300n, paid: 0n });
    expect(await sweepOpenRounds(sweepDeps())).toBe(0);
    const fresh = await signedCall(t, 'authenticate', { launchToken: s.launchToken });
    expect(fresh.body.error?.code).toBe('TOKEN_EXPIRED');
    const win = await signedCall(t, 'win', {
      sessionToken: s.sessionToken,
      transactionId: tx('w'),
      roundId: round,
      amount: '6.00',
    });
    expect(win.body.error?.code).toBe('ROUND_CLOSED');
    const ended = await t.db
      .selectFrom('casino_wallet_rounds')
      .selectAll()
      .where('round_ref', '=', round)
      .execute();
    expect(ended).toHaveLength(1);
    expect(await balanceOf(s)).toBe(9_700n);
  });
});

describe('sweep worker', () => {
  it('closes timed-out rounds on its own interval and stops cleanly', async () => {
    const s = await playerSession(t, 10_000n);
    const round = tx('r');
    await signedCall(t, 'bet', {
      sessionToken: s.sessionToken,
      transactionId: tx('b'),
      roundId: round,
      amount: '2.00',
    });
    t.clock.advance(ROUND_TIMEOUT_MS + 1);
    const logged: object[] = [];
    const stop = startProviderSweep(
      sweepDeps(),
      { info: (d) => logged.push(d), warn: (d) => logged.push(d) },
      5,
    );
    const closedBy = async () =>
      (
        await t.db
          .selectFrom('casino_provider_rounds')
          .select('closed_by')
          .where('round_ref', '=', round)
          .executeTakeFirstOrThrow()
      ).closed_by;
    // Waits on the state (no sleeping for a guess): the worker's next run closes the round.
    for (let i = 0; i < 2_000 && (await closedBy()) === null; i++) await new Promise((r) => setTimeout(r, 5));
    await stop();
    expect(await closedBy()).toBe('sweep');
    // Other tests' rounds may be closed in the same run: at least this one was.
    expect(logged.some((d) => ((d as { closed?: number }).closed ?? 0) >= 1)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every provider route with its body, answers, error codes and examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const action of ['authenticate', 'balance', 'bet', 'win', 'rollback', 'end-round']) {
      const op = doc.paths[`/provider-api/v1/{provider}/${action}`]?.post;
      expect(op, action).toBeDefined();
      // TypeBox `examples` become the media type's example in the document.
      expect(op.requestBody.content['application/json'].example, action).toBeDefined();
      expect(op.responses['200'].content['application/json'].example, action).toBeDefined();
      expect(op.responses['409'].content['application/json'].example.error.code).toBe('INSUFFICIENT_FUNDS');
      expect(JSON.stringify(op.responses['409'])).toContain('DUPLICATE_TRANSACTION_MISMATCH');
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('x-parlay-signature');
    }
    expect(doc.paths['/web-api/casino/v1/providers/{provider}/launch']?.post).toBeDefined();
  });
});

describe("a round's totals", () => {
  it('holds what its moves took and paid, whether a bet or a win opened it, and nothing of a refused move', async () => {
    const s = await playerSession(t, 10_000n);
    const move = (kind: 'bet' | 'win', roundId: string, amount: string) =>
      signedCall(t, kind, { sessionToken: s.sessionToken, transactionId: tx(kind), roundId, amount });
    const totals = async (roundId: string) =>
      (
        await t.db
          .selectFrom('casino_provider_rounds')
          .select(['staked', 'paid'])
          .where('round_ref', '=', roundId)
          .execute()
      ).map((r) => [r.staked, r.paid]);
    const [byBet, byWin, refused] = [tx('r'), tx('r'), tx('r')];
    expect((await move('bet', byBet, '3.00')).status).toBe(200);
    expect(await totals(byBet)).toEqual([[300n, 0n]]);
    expect((await move('win', byBet, '1.25')).status).toBe(200);
    expect((await move('bet', byBet, '2.00')).status).toBe(200);
    expect(await totals(byBet)).toEqual([[500n, 125n]]);
    expect((await move('win', byWin, '4.00')).status).toBe(200);
    expect(await totals(byWin)).toEqual([[0n, 400n]]);
    // A bet the balance does not cover rolls its call back whole: no round is left behind.
    expect((await move('bet', refused, '500.00')).body.error?.code).toBe('INSUFFICIENT_FUNDS');
    expect(await totals(refused)).toEqual([]);
    expect(await balanceOf(s)).toBe(10_000n - 500n + 125n + 400n);
  });
});
