/**
 * The rounds' HTTP routes: each happy path, and every bad input of the issue answered with its
 * stable code and no money moved. The ledger's invariants are checked after every test.
 */
import { DICE } from '@parlay/domain/casino/dice/definition.ts';
import { diceMultiplier } from '@parlay/domain/casino/dice/dice.ts';
import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import { MINES_GAME } from '@parlay/domain/casino/mines/game.ts';
import { payoutMinor } from '@parlay/domain/casino/payout.ts';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from '../catalogue/catalogue-service.ts';
import {
  balanceOf,
  CASINO_API,
  type CasinoTestApp,
  DemoClient,
  DICE_ID,
  fundedPlayer,
  MINES_ID,
  newKey,
  roundTransfers,
  setUpCasinoTestApp,
  storedSeeds,
} from '../test-support.ts';
import { replayRound } from './round-view.ts';
import { runVerifyCommand } from './verify-command.ts';

let t: CasinoTestApp;
setUpCasinoTestApp((app) => {
  t = app;
});

const dice = { direction: 'under', target: 5000 };
const ROUNDS = `${CASINO_API}/rounds`;
type Player = Awaited<ReturnType<typeof fundedPlayer>>;

const open = (p: Player, body: Record<string, unknown>, key = newKey()) =>
  p.client.post(ROUNDS, { mode: 'real', ...body }, { 'idempotency-key': key });
const act = (p: Player, roundId: string, action: unknown, key = newKey()) =>
  p.client.post(`${ROUNDS}/${roundId}/actions`, { action }, { 'idempotency-key': key });

async function roundCount(userId: bigint) {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from casino_rounds where user_id = ${userId}`.execute(t.db);
  return rows[0]!.n;
}

/** A safe (or a mined) tile of an open mines round: its field replayed from the stored seeds. */
async function minesTile(roundId: string, safe: boolean, params = { mines: 3 }) {
  const seeds = await storedSeeds(t, roundId);
  for (let tile = 0; tile < 25; tile++) {
    const after = replayRound(
      MINES_GAME,
      { params, stakeMinor: 1000n, actions: [{ type: 'reveal', tile }] },
      seeds,
    );
    if ((after.view as { busted: boolean }).busted !== safe) return tile;
  }
  throw new Error('no such tile');
}

/** Changes the dice game's modes as an operator's change would: the row, then the catalogue-changed topic. */
async function setDiceModes(modes: { real?: boolean; demo?: boolean }) {
  if (modes.real !== undefined)
    await sql`update casino_games set real = ${modes.real} where id = ${DICE_ID}`.execute(t.db);
  if (modes.demo !== undefined)
    await sql`update casino_games set demo = ${modes.demo} where id = ${DICE_ID}`.execute(t.db);
  await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
}

afterEach(async () => {
  await setDiceModes({ real: true, demo: true });
  await t.siteConfig.reset('casino.minRoundMs');
  await t.siteConfig.reset('casino.maxStakeMinorByCurrency');
});

describe('POST /rounds (dice, real money)', () => {
  it('stakes, plays and pays in one go; the round, its seeds and the ledger agree', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const fairness = (await p.client.get(`${CASINO_API}/fairness`)).json();
    const res = await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice });
    expect([res.statusCode, res.json().error]).toEqual([200, undefined]);
    const round = res.json();
    expect(round).toMatchObject({
      gameId: DICE_ID,
      engineId: 'dice',
      mode: 'real',
      status: 'finished',
      stakeMinor: '1000',
      stakedMinor: '1000',
      currency: 'RUB',
      allowed: [],
      balanceBeforeMinor: '100000',
      commitment: fairness.commitment,
      clientSeed: fairness.clientSeed,
      nonce: fairness.nonce,
    });
    const win = round.view.win as boolean;
    // 5000 of 10,000 rolls win: the stated 99 % RTP pays 1.98 times the stake.
    const expectedPayout = win
      ? payoutMinor(1000n, diceMultiplier(DICE, { direction: 'under', target: 5000 }))
      : 0n;
    expect(round.payoutMinor).toBe(expectedPayout.toString());
    expect(BigInt(round.balanceAfterMinor)).toBe(100_000n - 1000n + expectedPayout);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(BigInt(round.balanceAfterMinor));
    expect(await roundTransfers(t, round.roundId)).toEqual(
      win
        ? [`casino:${round.roundId}:stake casino_stake`, `casino:${round.roundId}:win casino_win`]
        : [`casino:${round.roundId}:stake casino_stake`],
    );
    expect((await p.client.get(`${CASINO_API}/fairness`)).json().nonce).toBe(fairness.nonce + 1);
    expect((await p.client.get(`${ROUNDS}/${round.roundId}`)).json()).toEqual(round);
  });

  it('answers a replayed Idempotency-Key with the first answer and refuses the key with another body', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const key = newKey();
    const first = await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice }, key);
    const again = await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice }, key);
    expect(again.json()).toEqual(first.json());
    const other = await open(p, { gameId: DICE_ID, stakeMinor: '2000', params: dice }, key);
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'CASINO_IDEMPOTENCY_MISMATCH']);
    expect(await roundCount(p.userId)).toBe(1);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(BigInt(first.json().balanceAfterMinor));
  });
});

describe('bad input: a stable code and no money moved', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    [
      'a stake under the minimum',
      { gameId: DICE_ID, stakeMinor: '999', params: dice },
      422,
      'CASINO_STAKE_OUT_OF_RANGE',
    ],
    [
      'a stake over the maximum',
      { gameId: DICE_ID, stakeMinor: '10000001', params: dice },
      422,
      'CASINO_STAKE_OUT_OF_RANGE',
    ],
    [
      'a stake with decimals',
      { gameId: DICE_ID, stakeMinor: '1000.5', params: dice },
      422,
      'CASINO_STAKE_PRECISION',
    ],
    ['an unknown game', { gameId: 987_654, stakeMinor: '1000', params: dice }, 404, 'CASINO_GAME_NOT_FOUND'],
    [
      'parameters the rules refuse',
      { gameId: DICE_ID, stakeMinor: '1000', params: { direction: 'under', target: 0 } },
      422,
      'CASINO_RULE',
    ],
    [
      'a mode that is neither',
      { gameId: DICE_ID, stakeMinor: '1000', params: dice, mode: 'bonus' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a stake that is not a number',
      { gameId: DICE_ID, stakeMinor: '10e3', params: dice },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a stake of twenty digits',
      { gameId: DICE_ID, stakeMinor: '9'.repeat(20), params: dice },
      422,
      'CASINO_STAKE_OUT_OF_RANGE',
    ],
  ];
  for (const [name, body, status, code] of cases) {
    it(`refuses ${name} with ${code}`, async () => {
      const p = await fundedPlayer(t, 100_000n);
      const res = await open(p, body);
      expect([res.statusCode, res.json().error?.code]).toEqual([status, code]);
      expect(await roundCount(p.userId)).toBe(0);
      expect(await balanceOf(t, p.userId, p.accountId)).toBe(100_000n);
    });
  }

  it('refuses a stake past the jurisdiction’s maximum, and no Idempotency-Key at all', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await t.siteConfig.set('casino.maxStakeMinorByCurrency', { RUB: '5000' });
    const over = await open(p, { gameId: DICE_ID, stakeMinor: '5001', params: dice });
    expect([over.statusCode, over.json().error.code, over.json().error.details.maxStakeMinor]).toEqual([
      422,
      'CASINO_STAKE_OUT_OF_RANGE',
      '5000',
    ]);
    const keyless = await p.client.post(ROUNDS, {
      gameId: DICE_ID,
      mode: 'real',
      stakeMinor: '1000',
      params: dice,
    });
    expect(keyless.json().error.code).toBe('VALIDATION_FAILED');
    expect(await roundCount(p.userId)).toBe(0);
  });

  it('refuses real money on a demo-only game and demo on a real-only game', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const guest = new DemoClient(t);
    const demoRound = () =>
      guest.call(
        'POST',
        ROUNDS,
        { gameId: DICE_ID, mode: 'demo', stakeMinor: '1000', params: dice },
        { 'idempotency-key': newKey() },
      );
    // The game is offered in both modes (and the lookup has it cached) until the change is published.
    expect((await demoRound()).statusCode).toBe(200);
    await setDiceModes({ real: false });
    const real = await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice });
    expect([real.statusCode, real.json().error.code]).toEqual([422, 'CASINO_DEMO_ONLY']);
    await setDiceModes({ real: true, demo: false });
    const demo = await demoRound();
    expect([demo.statusCode, demo.json().error.code]).toEqual([422, 'CASINO_REAL_ONLY']);
    await setDiceModes({ demo: true });
    expect(await roundCount(p.userId)).toBe(0);
  });

  it('refuses more than the balance with INSUFFICIENT_FUNDS', async () => {
    const p = await fundedPlayer(t, 5_000n);
    const res = await open(p, { gameId: DICE_ID, stakeMinor: '5001', params: dice });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await roundCount(p.userId)).toBe(0);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(5_000n);
  });

  it('asks a guest to sign in for real money', async () => {
    const guest = new DemoClient(t);
    const res = await guest.call(
      'POST',
      ROUNDS,
      { gameId: DICE_ID, mode: 'real', stakeMinor: '1000', params: dice },
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('a round of decisions (mines)', () => {
  it('opens, refuses a second round and a decision not allowed yet, plays on, resumes and pays once', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const opened = await open(p, { gameId: MINES_ID, stakeMinor: '1000', params: { mines: 3 } });
    const round = opened.json();
    expect(round).toMatchObject({
      status: 'open',
      allowed: ['reveal'],
      payoutMinor: '0',
      balanceAfterMinor: '99000',
    });
    expect(round.view.mineTiles).toBeNull();

    const second = await open(p, { gameId: MINES_ID, stakeMinor: '1000', params: { mines: 3 } });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'CASINO_ROUND_OPEN']);
    const early = await act(p, round.roundId, { type: 'cashout' });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'CASINO_ACTION_NOT_ALLOWED']);
    const noTile = await act(p, round.roundId, { type: 'reveal', tile: 99 });
    expect([noTile.statusCode, noTile.json().error.code]).toEqual([422, 'CASINO_RULE']);

    const tile = await minesTile(round.roundId, true);
    const revealed = (await act(p, round.roundId, { type: 'reveal', tile })).json();
    expect(revealed).toMatchObject({ status: 'open', allowed: ['reveal', 'cashout'] });

    // Leaving and coming back: the open round is there, as it was.
    const resumed = (await p.client.get(`${ROUNDS}/open?gameId=${MINES_ID}`)).json().round;
    expect(resumed).toEqual(revealed);

    const key = newKey();
    const cashed = (await act(p, round.roundId, { type: 'cashout' }, key)).json();
    const replayed = replayRound(
      MINES_GAME,
      { params: { mines: 3 }, stakeMinor: 1000n, actions: [{ type: 'reveal', tile }, { type: 'cashout' }] },
      await storedSeeds(t, round.roundId),
    );
    expect(cashed.status).toBe('finished');
    expect(cashed.payoutMinor).toBe(replayed.payoutMinor.toString());
    expect(BigInt(cashed.payoutMinor)).toBeGreaterThan(1000n);
    expect(await act(p, round.roundId, { type: 'cashout' }, key).then((r) => r.json())).toEqual(cashed);
    const late = await act(p, round.roundId, { type: 'reveal', tile: 0 });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'CASINO_ROUND_FINISHED']);
    expect(await roundTransfers(t, round.roundId)).toEqual([
      `casino:${round.roundId}:stake casino_stake`,
      `casino:${round.roundId}:win casino_win`,
    ]);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(99_000n + BigInt(cashed.payoutMinor));
    expect((await p.client.get(`${ROUNDS}/open?gameId=${MINES_ID}`)).json().round).toBeNull();
  });

  it('ends the round on a mine with nothing paid; another player cannot see or touch it', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const other = await fundedPlayer(t, 100_000n);
    const round = (await open(p, { gameId: MINES_ID, stakeMinor: '1000', params: { mines: 3 } })).json();
    const stranger = await act(other, round.roundId, { type: 'reveal', tile: 0 });
    expect([stranger.statusCode, stranger.json().error.code]).toEqual([404, 'CASINO_ROUND_NOT_FOUND']);
    expect((await other.client.get(`${ROUNDS}/${round.roundId}`)).statusCode).toBe(404);
    const tile = await minesTile(round.roundId, false);
    const busted = (await act(p, round.roundId, { type: 'reveal', tile })).json();
    expect(busted).toMatchObject({ status: 'finished', payoutMinor: '0', balanceAfterMinor: '99000' });
    expect(busted.view.mineTiles).toHaveLength(3);
    expect(await roundTransfers(t, round.roundId)).toEqual([`casino:${round.roundId}:stake casino_stake`]);
  });
});

describe('fairness and verification', () => {
  it('commits before play, rotates to reveal, and the revealed round verifies for anyone', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const edited = await p.client.call('PUT', `${CASINO_API}/fairness/client-seed`, {
      clientSeed: 'my lucky seed',
    });
    expect(edited.json()).toMatchObject({ clientSeed: 'my lucky seed', nonce: 0 });
    const bad = await p.client.call('PUT', `${CASINO_API}/fairness/client-seed`, {
      clientSeed: 'with:colon',
    });
    expect([bad.statusCode, bad.json().error.code]).toEqual([422, 'CASINO_CLIENT_SEED_INVALID']);
    const before = (await p.client.get(`${CASINO_API}/fairness`)).json();
    const round = (await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice })).json();

    // Before the reveal: the owner sees the data without the server seed; anyone else nothing.
    const hidden = (await p.client.get(`${CASINO_API}/verify/${round.roundId}`)).json();
    expect(hidden).toMatchObject({
      serverSeed: null,
      commitment: before.commitment,
      clientSeed: 'my lucky seed',
      nonce: 0,
    });
    const guest = new DemoClient(t);
    expect((await guest.call('GET', `${CASINO_API}/verify/${round.roundId}`)).statusCode).toBe(404);

    const rotated = (await p.client.post(`${CASINO_API}/fairness/rotate`)).json();
    expect(rotated.commitment).not.toBe(before.commitment);
    expect(rotated.previous).toMatchObject({
      commitment: before.commitment,
      clientSeed: 'my lucky seed',
      lastNonce: 0,
    });
    expect(commitment(rotated.previous.serverSeed)).toBe(before.commitment);

    const data = (await guest.call('GET', `${CASINO_API}/verify/${round.roundId}`)).json();
    expect(data).toMatchObject({
      serverSeed: rotated.previous.serverSeed,
      result: { ...round, status: 'finished' },
    });
    const log: string[] = [];
    const out = { log: (line: string) => log.push(line), error: (line: string) => log.push(line) };
    const viaSite = async (url: string | URL) => {
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      return new Response(res.body, { status: res.statusCode });
    };
    expect(
      await runVerifyCommand(
        [round.roundId, '--url', 'http://site.test'],
        { fetch: viaSite as typeof fetch },
        out,
      ),
    ).toBe(0);
    expect(log).toContain('verified');
    expect(log).toContain('commitment check: SHA-256(server seed) matches');

    // The operator verifies from the database; a tampered record is caught.
    expect(await runVerifyCommand([round.roundId], { db: async () => t.db }, out)).toBe(0);
    await sql`update casino_rounds set payout = payout + 1 where id = ${BigInt(round.roundId)}`.execute(t.db);
    log.length = 0;
    expect(await runVerifyCommand([round.roundId], { db: async () => t.db }, out)).toBe(1);
    expect(log.some((line) => line.startsWith('DIFFERENCE payoutMinor'))).toBe(true);
    await sql`update casino_rounds set payout = payout - 1 where id = ${BigInt(round.roundId)}`.execute(t.db);
  });

  it('does not rotate while a round of the pair is open (its seed would show the rest of the round)', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const round = (await open(p, { gameId: MINES_ID, stakeMinor: '1000', params: { mines: 3 } })).json();
    const rotate = await p.client.post(`${CASINO_API}/fairness/rotate`);
    expect([rotate.statusCode, rotate.json().error.code]).toEqual([409, 'CASINO_ROUND_OPEN']);
    const tile = await minesTile(round.roundId, false);
    await act(p, round.roundId, { type: 'reveal', tile });
    expect((await p.client.post(`${CASINO_API}/fairness/rotate`)).statusCode).toBe(200);
  });
});

describe('history, demo mode and the jurisdiction', () => {
  it('pages the history newest first', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice })).json().roundId);
    const first = (await p.client.get(`${CASINO_API}/history?limit=2`)).json();
    expect(first.rounds.map((r: { roundId: string }) => r.roundId)).toEqual([ids[2], ids[1]]);
    const second = (await p.client.get(`${CASINO_API}/history?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ rounds: [{ roundId: ids[0], stakeMinor: '1000' }], nextCursor: null });
  });

  it('plays demo rounds with fun money under the casino_demo cookie, never the ledger, and refills', async () => {
    const guest = new DemoClient(t);
    const transfersBefore = (await t.ledger.check()).transfers;
    const round = await guest.call(
      'POST',
      ROUNDS,
      { gameId: DICE_ID, mode: 'demo', stakeMinor: '1000', params: dice },
      { 'idempotency-key': newKey() },
    );
    expect(round.statusCode).toBe(200);
    expect(guest.cookie).toMatch(/^[0-9a-f]{32}$/);
    const view = round.json();
    expect(view).toMatchObject({ mode: 'demo', currency: 'FUN', balanceBeforeMinor: '100000' });
    expect(BigInt(view.balanceAfterMinor)).toBe(100_000n - 1000n + BigInt(view.payoutMinor));
    expect((await guest.call('GET', `${CASINO_API}/demo`)).json()).toEqual({
      balanceMinor: view.balanceAfterMinor,
      currency: 'FUN',
    });
    expect((await t.ledger.check()).transfers).toBe(transfersBefore);
    const history = (await guest.call('GET', `${CASINO_API}/history`)).json();
    expect(history.rounds.map((r: { roundId: string }) => r.roundId)).toEqual([view.roundId]);
    expect((await guest.call('GET', `${CASINO_API}/fairness`)).json().nonce).toBe(1);
    const tooMuch = await guest.call(
      'POST',
      ROUNDS,
      { gameId: DICE_ID, mode: 'demo', stakeMinor: '10000000', params: dice },
      { 'idempotency-key': newKey() },
    );
    expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect((await guest.call('POST', `${CASINO_API}/demo/refill`)).json()).toEqual({
      balanceMinor: '100000',
      currency: 'FUN',
    });
  });

  it('holds rounds to the minimum round time, answering 429 with Retry-After', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await t.siteConfig.set('casino.minRoundMs', 2500);
    expect((await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice })).statusCode).toBe(200);
    t.clock.advance(1000);
    const soon = await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice });
    expect([soon.statusCode, soon.json().error.code, soon.headers['retry-after']]).toEqual([
      429,
      'CASINO_MIN_ROUND_INTERVAL',
      '2',
    ]);
    expect(soon.json().error.details.retryAfterMs).toBe(1500);
    t.clock.advance(1500);
    expect((await open(p, { gameId: DICE_ID, stakeMinor: '1000', params: dice })).statusCode).toBe(200);
    expect(await roundCount(p.userId)).toBe(2);
  });
});
