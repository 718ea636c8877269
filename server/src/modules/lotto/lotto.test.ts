/**
 * The lotto end to end over HTTP and the worker's steps: buying (quick pick, own numbers, system,
 * multi-draw, keno), the draw lifecycle on a manual clock, set-based settlement, prizes paid exactly
 * once (repeated and concurrent passes, a lost "paid" mark), the verifier, bad input and the
 * responsible-gaming refusal. The ledger's invariants are checked after every test.
 */

import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { SimulationSource } from '@parlay/domain/casino/fair/fast-source.ts';
import {
  type DrawGame,
  KENO_20_OF_80,
  LOTTO_4_OF_20,
  LOTTO_5_OF_36_PLUS_1,
  LOTTO_6_OF_45,
  quickPick,
  verifyDraw,
} from '@parlay/domain/lotto/index.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../accounts/index.ts';
import { buyTicket } from './buy-ticket.ts';
import { createLottoContext } from './context.ts';
import { runLottoCommand } from './lotto-command.ts';
import { payDraw } from './pay-prizes.ts';
import { myTickets } from './read-tickets.ts';
import { runDue } from './run-due.ts';
import { computeDraw } from './settle-draw.ts';
import {
  balanceOf,
  fundedPlayer,
  LOTTO_API,
  type LottoTestApp,
  lottoTestApp,
  newKey,
  nextDrawOf,
  transfersOf,
} from './test-support.ts';

let t: LottoTestApp;
beforeAll(async () => {
  t = await lottoTestApp();
  await runDue(t.ctx);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await t.ledger.check()).differences).toEqual([]);
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

function buy(p: Player, body: Record<string, unknown>, key = newKey()) {
  return p.client.post(`${LOTTO_API}/tickets`, body, { 'idempotency-key': key });
}

/**
 * Moves the clock past a draw in steps of five minutes, a worker pass at each (as the worker would)
 * and a request of the player's, whose session would otherwise end idle.
 */
async function runDraw(drawAt: Date, player?: Player) {
  while (t.clock.nowMs() < drawAt.getTime() + 1000) {
    t.clock.advance(Math.min(300_000, drawAt.getTime() + 1000 - t.clock.nowMs()));
    await runDue(t.ctx);
    if (player) expect((await player.client.get(`${LOTTO_API}/tickets?pageSize=1`)).statusCode).toBe(200);
  }
}

describe('games and draws', () => {
  it('lists the four games with rules and the next draw (countdown data, commitment)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LOTTO_API}/games` });
    expect(res.statusCode).toBe(200);
    const games = res.json();
    expect(games.map((g: { gameId: string }) => g.gameId)).toEqual([
      '6of45',
      '5of36plus1',
      '4of20',
      '20of80',
    ]);
    const fast = games.find((g: { gameId: string }) => g.gameId === '4of20');
    expect(fast.nextDraw.secondsToDraw).toBeGreaterThan(0);
    expect(fast.nextDraw.secondsToDraw).toBeLessThanOrEqual(300);
    expect(fast.nextDraw.secondsToClose).toBe(fast.nextDraw.secondsToDraw - 30);
    expect(fast.nextDraw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(games.find((g: { gameId: string }) => g.gameId === '20of80').paytable['10']).toHaveLength(11);
    const upcoming = (
      await t.app.inject({ method: 'GET', url: `${LOTTO_API}/games/4of20/draws?filter=upcoming&pageSize=50` })
    ).json();
    expect(upcoming.items.length).toBe(LOTTO_4_OF_20.maxDraws + 1);
    expect(upcoming.items.every((d: { numbers: null }) => d.numbers === null)).toBe(true);
    const detail = (
      await t.app.inject({ method: 'GET', url: `${LOTTO_API}/draws/${upcoming.items[0].drawId}` })
    ).json();
    expect(detail.serverSeed).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${LOTTO_API}/games/7of49` })).json().error.code).toBe(
      'LOTTO_GAME_NOT_FOUND',
    );
    expect((await t.app.inject({ method: 'GET', url: `${LOTTO_API}/draws/999999` })).statusCode).toBe(404);
  });
});

describe('buying and settling', () => {
  it('buys quick pick, system and multi-draw tickets, draws, pays each winner exactly once', async () => {
    const p = await fundedPlayer(t, 1_000_000_00n);
    const before = await balanceOf(t, p.userId, p.accountId);
    const next = await nextDrawOf(t, LOTTO_4_OF_20);
    const drawn = next.numbers.main;
    const others = Array.from({ length: 20 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));

    // A quick pick (numbers from the fair generator), the four drawn numbers (the jackpot), a system
    // of 6 holding 3 drawn numbers (C(6,4) = 15 combinations), and 3 draws of a 2-hit ticket.
    const quick = await buy(p, { gameId: '4of20', quickPick: true, priceMinor: '5000' });
    expect(quick.statusCode).toBe(200);
    expect(quick.json().tickets[0]).toMatchObject({ quickPick: true, system: false, status: 'open' });
    expect(quick.json().tickets[0].numbers).toHaveLength(4);
    const jackpot = await buy(p, { gameId: '4of20', numbers: drawn, priceMinor: '5000' });
    expect(jackpot.statusCode).toBe(200);
    const systemNumbers = [...drawn.slice(0, 3), ...others.slice(0, 3)];
    const system = await buy(p, { gameId: '4of20', numbers: systemNumbers, priceMinor: String(15 * 5000) });
    expect(system.statusCode).toBe(200);
    expect(system.json().tickets[0]).toMatchObject({ system: true, combinations: '15' });
    const multi = await buy(p, {
      gameId: '4of20',
      numbers: [drawn[0], drawn[1], others[5], others[6]],
      draws: 3,
      priceMinor: '15000',
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json().tickets).toHaveLength(3);
    expect(new Set(multi.json().tickets.map((x: { drawId: string }) => x.drawId)).size).toBe(3);
    expect(multi.json().tickets[0].drawId).toBe(next.id.toString());
    // And a ticket without a drawn number: a certain loser.
    const loser = await buy(p, { gameId: '4of20', numbers: others.slice(10, 14), priceMinor: '5000' });
    expect(loser.statusCode).toBe(200);
    const spent = 5000n + 5000n + 75_000n + 15_000n + 5000n;
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(before - spent);

    // Sales close 30 s before the draw: a purchase then goes to the draw after.
    t.clock.advance(next.closesAt.getTime() - t.clock.nowMs());
    await runDue(t.ctx);
    const late = await buy(p, { gameId: '4of20', quickPick: true, priceMinor: '5000' });
    expect(late.statusCode).toBe(200);
    expect(late.json().tickets[0].drawId).not.toBe(next.id.toString());

    await runDraw(next.drawAt, p);
    const draw = (await t.app.inject({ method: 'GET', url: `${LOTTO_API}/draws/${next.id}` })).json();
    expect(draw.status).toBe('settled');
    expect(draw.numbers).toEqual(drawn);
    // The system ticket: C(3,3)·C(3,1) = 3 combinations with 3 hits, C(3,2)·C(3,2) = 9 with 2.
    const tiers = Object.fromEntries(draw.tiers.map((x: { tierId: string }) => [x.tierId, x]));
    expect(BigInt(tiers['4'].winners)).toBeGreaterThanOrEqual(1n);
    expect(BigInt(tiers['3'].winners)).toBeGreaterThanOrEqual(3n);
    expect(BigInt(tiers['2'].winners)).toBeGreaterThanOrEqual(9n + 1n);

    const mine = (await p.client.get(`${LOTTO_API}/tickets?gameId=4of20&pageSize=100`)).json();
    const inDraw = mine.items.filter((x: { drawId: string }) => x.drawId === next.id.toString());
    expect(inDraw).toHaveLength(5);
    const lostTicket = inDraw.find(
      (x: { ticketId: string }) => x.ticketId === loser.json().tickets[0].ticketId,
    );
    expect(lostTicket).toMatchObject({ status: 'lost', matches: 0, prizeMinor: '0', paid: false });
    const jackpotTicket = inDraw.find(
      (x: { ticketId: string }) => x.ticketId === jackpot.json().tickets[0].ticketId,
    );
    expect(jackpotTicket).toMatchObject({ status: 'won', matches: 4, paid: true });
    expect(BigInt(jackpotTicket.prizeMinor)).toBe(BigInt(tiers['4'].prizeEachMinor));
    const systemTicket = inDraw.find(
      (x: { ticketId: string }) => x.ticketId === system.json().tickets[0].ticketId,
    );
    expect(BigInt(systemTicket.prizeMinor)).toBe(
      3n * BigInt(tiers['3'].prizeEachMinor) + 9n * BigInt(tiers['2'].prizeEachMinor),
    );
    const won = inDraw.reduce((sum: bigint, x: { prizeMinor: string }) => sum + BigInt(x.prizeMinor), 0n);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(before - spent - 5000n + won);

    // Losers are answered lost with their matches, tickets of later draws open; the filters agree.
    const lost = (await p.client.get(`${LOTTO_API}/tickets?status=lost&pageSize=100`)).json().items;
    expect(lost.length).toBeGreaterThan(0);
    for (const x of lost) {
      expect(x).toMatchObject({ prizeMinor: '0', paid: false });
      expect(['paying', 'settled']).toContain(x.drawStatus);
      expect(x.matches).toBe(x.numbers.filter((n: number) => x.drawnNumbers.includes(n)).length);
    }
    const open = (await p.client.get(`${LOTTO_API}/tickets?status=open&pageSize=100`)).json().items;
    expect(open.map((x: { drawId: string }) => x.drawId)).not.toContain(next.id.toString());
    expect(open.length).toBeGreaterThanOrEqual(2);
    const wonList = (await p.client.get(`${LOTTO_API}/tickets?status=won&pageSize=100`)).json();
    expect(wonList.items.every((x: { status: string; paid: boolean }) => x.status === 'won' && x.paid)).toBe(
      true,
    );
    expect(wonList.total + lost.length + open.length).toBe(mine.total);

    // Again, and three passes at once: nothing more is paid.
    const prizesBefore = (await transfersOf(t, 'lotto_prize')).length;
    await Promise.all([runDue(t.ctx), runDue(t.ctx), payDraw(t.ctx, next.id), computeDraw(t.ctx, next.id)]);
    expect((await transfersOf(t, 'lotto_prize')).length).toBe(prizesBefore);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(before - spent - 5000n + won);

    // One coupon, printable.
    const one = await p.client.get(`${LOTTO_API}/tickets/${jackpotTicket.ticketId}`);
    expect(one.json()).toMatchObject({ ticketId: jackpotTicket.ticketId, drawnNumbers: drawn, paid: true });
    const stranger = await fundedPlayer(t, 0n);
    expect(
      (await stranger.client.get(`${LOTTO_API}/tickets/${jackpotTicket.ticketId}`)).json().error.code,
    ).toBe('LOTTO_TICKET_NOT_FOUND');
  });

  it('reproduces a settled draw with verifyDraw from the revealed seed', async () => {
    const results = (await t.app.inject({ method: 'GET', url: `${LOTTO_API}/games/4of20/draws` })).json();
    expect(results.items.length).toBeGreaterThan(0);
    const draw = (
      await t.app.inject({ method: 'GET', url: `${LOTTO_API}/draws/${results.items[0].drawId}` })
    ).json();
    expect(draw.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const check = verifyDraw(LOTTO_4_OF_20, {
      serverSeed: draw.serverSeed,
      commitment: draw.commitment,
      salt: draw.salt,
      drawId: Number(draw.drawId),
      main: draw.numbers,
      bonus: draw.bonus,
    });
    expect(check).toMatchObject({ verified: true, commitmentMatches: true, numbersMatch: true });
    expect(check.expected.order).toEqual(draw.drawOrder);
  });

  it('parlay lotto: lists draws, verifies a drawn draw, refuses an undrawn one and bad arguments', async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) };
    const drawn = (await t.app.inject({ method: 'GET', url: `${LOTTO_API}/games/4of20/draws` })).json()
      .items[0];
    expect(await runLottoCommand(t.ctx, ['verify', drawn.drawId], out)).toBe(0);
    expect(lines).toContain('commitment check: matches');
    expect(lines.at(-1)).toBe('verified');
    expect(await runLottoCommand(t.ctx, ['draws', '4of20'], out)).toBe(0);
    expect(
      lines.some((line) => line.startsWith(`${drawn.drawId}\t4of20\t`) && line.includes('settled')),
    ).toBe(true);
    const upcoming = await nextDrawOf(t, LOTTO_4_OF_20);
    expect(await runLottoCommand(t.ctx, ['verify', upcoming.id.toString()], out)).toBe(1);
    expect(errors.at(-1)).toContain('not drawn yet');
    expect(await runLottoCommand(t.ctx, ['draws', '7of49'], out)).toBe(1);
    expect(await runLottoCommand(t.ctx, ['spin'], out)).toBe(1);
    expect(await runLottoCommand(t.ctx, ['run-due'], out)).toBe(0);
    expect(lines.at(-1)).toMatch(/^scheduled \d+, closed \d+, drawn \d+/);
  });

  it('settles 5 of 36 plus 1 with the bonus ball and keno by its paytable', async () => {
    const p = await fundedPlayer(t, 100_000_00n);
    const lotto = await nextDrawOf(t, LOTTO_5_OF_36_PLUS_1);
    const bonus = lotto.numbers.bonus!;
    const res = await buy(p, {
      gameId: '5of36plus1',
      numbers: lotto.numbers.main,
      bonusNumbers: [bonus, bonus === 1 ? 2 : 1],
      priceMinor: String(2 * 8000),
    });
    expect(res.statusCode).toBe(200);
    const keno = await nextDrawOf(t, KENO_20_OF_80);
    const kenoTicket = await buy(p, {
      gameId: '20of80',
      numbers: keno.numbers.main.slice(0, 5),
      priceMinor: '5000',
    });
    expect(kenoTicket.statusCode).toBe(200);
    await runDraw(lotto.drawAt > keno.drawAt ? lotto.drawAt : keno.drawAt);
    // An hour later the session has ended: read through the use case the route calls.
    const mine = (await myTickets(t.db, p.userId, { page: 1, pageSize: 20 })).items;
    const lottoTicket = mine.find((x: { gameId: string }) => x.gameId === '5of36plus1');
    const lottoDraw = (await t.app.inject({ method: 'GET', url: `${LOTTO_API}/draws/${lotto.id}` })).json();
    const tier = (id: string) =>
      BigInt(lottoDraw.tiers.find((x: { tierId: string }) => x.tierId === id).prizeEachMinor);
    expect(lottoTicket).toMatchObject({ matches: 5, bonusHit: true, status: 'won', paid: true });
    expect(BigInt(lottoTicket!.prizeMinor)).toBe(tier('5+1') + tier('5'));
    const kenoWon = mine.find((x: { gameId: string }) => x.gameId === '20of80');
    expect(kenoWon).toMatchObject({ matches: 5, status: 'won', paid: true, prizeMinor: String(5000 * 400) });
  });

  it('pays a prize once even when its "paid" mark is lost and a new process pays the draw again', async () => {
    const p = await fundedPlayer(t, 1_000_00n);
    const next = await nextDrawOf(t, LOTTO_4_OF_20);
    const res = await buy(p, { gameId: '4of20', numbers: next.numbers.main, priceMinor: '5000' });
    const ticketId = BigInt(res.json().tickets[0].ticketId);
    t.clock.advance(next.drawAt.getTime() + 1000 - t.clock.nowMs());
    // The draw is drawn and computed, then the process "dies" before paying.
    await runDue({ ...t.ctx, payBatch: 0 }).catch(() => undefined);
    const row = await t.db
      .selectFrom('lotto_tickets')
      .selectAll()
      .where('id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('won');
    // A new process (its own ledger) resumes and pays.
    const restarted = createLottoContext(t.deps, { ledger: new Ledger(t.db, t.clock), limits: t.limits });
    await runDue(restarted);
    const balance = await balanceOf(t, p.userId, p.accountId);
    expect(balance).toBe(1_000_00n - 5000n + row.prize_minor!);
    // The paid mark is lost (as if that statement had never committed): paying again replays the
    // ledger transfer under the ticket's key and moves nothing.
    await t.db
      .updateTable('lotto_tickets')
      .set({ paid_at: null, transfer_id: null })
      .where('id', '=', ticketId)
      .execute();
    await t.db.updateTable('lotto_draws').set({ status: 'paying' }).where('id', '=', next.id).execute();
    const again = await payDraw(restarted, next.id);
    expect(again).toMatchObject({ paid: 1, settled: true });
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(balance);
    const keys = (await transfersOf(t, 'lotto_prize')).filter(
      (x) => x.idempotency_key === `lotto:prize:${ticketId}`,
    );
    expect(keys).toHaveLength(1);
  });
});

describe('purchases: idempotency, bad input, limits', () => {
  it('answers a replayed key with the first purchase, also in parallel, and refuses a changed request', async () => {
    const p = await fundedPlayer(t, 10_000_00n);
    const key = newKey();
    const body = { gameId: '6of45', quickPick: true, picks: 7, priceMinor: String(7 * 10_000) };
    const answers = await Promise.all([buy(p, body, key), buy(p, body, key), buy(p, body, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().purchaseId)).size).toBe(1);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(10_000_00n - 70_000n);
    const changed = await buy(p, { ...body, picks: 6, priceMinor: '10000' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('LOTTO_IDEMPOTENCY_MISMATCH');
    const purchases = await t.db
      .selectFrom('lotto_purchases')
      .select('id')
      .where('user_id', '=', p.userId)
      .execute();
    expect(purchases).toHaveLength(1);
  });

  it.each([
    [
      'unknown game',
      { gameId: 'nope', numbers: [1, 2, 3, 4], priceMinor: '5000' },
      404,
      'LOTTO_GAME_NOT_FOUND',
    ],
    ['three numbers', { gameId: '4of20', numbers: [1, 2, 3], priceMinor: '5000' }, 422, 'LOTTO_WRONG_COUNT'],
    [
      'nine numbers',
      { gameId: '4of20', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9], priceMinor: '5000' },
      422,
      'LOTTO_WRONG_COUNT',
    ],
    [
      'a 21',
      { gameId: '4of20', numbers: [1, 2, 3, 21], priceMinor: '5000' },
      422,
      'LOTTO_NUMBERS_OUT_OF_RANGE',
    ],
    [
      'a 0',
      { gameId: '4of20', numbers: [0, 2, 3, 4], priceMinor: '5000' },
      422,
      'LOTTO_NUMBERS_OUT_OF_RANGE',
    ],
    [
      'repeated',
      { gameId: '4of20', numbers: [2, 2, 3, 4], priceMinor: '5000' },
      422,
      'LOTTO_NUMBERS_REPEATED',
    ],
    [
      'no bonus',
      { gameId: '5of36plus1', numbers: [1, 2, 3, 4, 5], priceMinor: '8000' },
      422,
      'LOTTO_WRONG_COUNT',
    ],
    [
      'bonus 5',
      { gameId: '5of36plus1', numbers: [1, 2, 3, 4, 5], bonusNumbers: [5], priceMinor: '8000' },
      422,
      'LOTTO_NUMBERS_OUT_OF_RANGE',
    ],
    [
      'bonus on 6of45',
      { gameId: '6of45', numbers: [1, 2, 3, 4, 5, 6], bonusNumbers: [1], priceMinor: '10000' },
      422,
      'LOTTO_WRONG_COUNT',
    ],
    [
      'quick pick of 13',
      { gameId: '6of45', quickPick: true, picks: 13, priceMinor: '10000' },
      422,
      'LOTTO_WRONG_COUNT',
    ],
    [
      '11 draws',
      { gameId: '4of20', numbers: [1, 2, 3, 4], draws: 11, priceMinor: '55000' },
      422,
      'LOTTO_DRAWS_OUT_OF_RANGE',
    ],
    [
      'price too low',
      { gameId: '4of20', numbers: [1, 2, 3, 4, 5], priceMinor: '5000' },
      422,
      'LOTTO_PRICE_MISMATCH',
    ],
    [
      'price of one draw for two',
      { gameId: '4of20', numbers: [1, 2, 3, 4], draws: 2, priceMinor: '5000' },
      422,
      'LOTTO_PRICE_MISMATCH',
    ],
    [
      'price not a number',
      { gameId: '4of20', numbers: [1, 2, 3, 4], priceMinor: '50.00' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'numbers not integers',
      { gameId: '4of20', numbers: [1, 2, 3, 4.5], priceMinor: '5000' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'too expensive',
      {
        gameId: '6of45',
        numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        draws: 10,
        priceMinor: String(924 * 10_000 * 10),
      },
      409,
      'INSUFFICIENT_FUNDS',
    ],
  ])('%s → %s %s, nothing moved', async (_name, body, status, code) => {
    const p = await fundedPlayer(t, 1_000_00n);
    const res = await buy(p, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(1_000_00n);
    expect(
      await t.db.selectFrom('lotto_tickets').select('id').where('user_id', '=', p.userId).execute(),
    ).toEqual([]);
  });

  it('refuses a guest, a missing Idempotency-Key, another currency and more draws than on sale', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: `${LOTTO_API}/tickets`,
      payload: { gameId: '4of20', quickPick: true, priceMinor: '5000' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(guest.statusCode).toBe(401);
    const p = await fundedPlayer(t, 1_000_00n);
    const noKey = await p.client.post(`${LOTTO_API}/tickets`, {
      gameId: '4of20',
      quickPick: true,
      priceMinor: '5000',
    });
    expect(noKey.statusCode).toBe(400);
    const usd = await fundedPlayer(t, 1_000_00n, 'USD');
    const wrong = await buy(usd, { gameId: '4of20', quickPick: true, priceMinor: '5000' });
    expect(wrong.json().error.code).toBe('LOTTO_CURRENCY_NOT_SUPPORTED');
    // The schedule reaches maxDraws + 1 draws ahead; remove all but two to see the refusal.
    const open = await t.db
      .selectFrom('lotto_draws')
      .select('id')
      .where('game_id', '=', '6of45')
      .where('status', '=', 'selling')
      .orderBy('draw_at')
      .execute();
    expect(open.length).toBeGreaterThanOrEqual(LOTTO_6_OF_45.maxDraws);
    const rich = await fundedPlayer(t, 10_000_00n);
    const ten = await buy(rich, { gameId: '6of45', quickPick: true, draws: 10, priceMinor: '100000' });
    expect(ten.statusCode).toBe(200);
    expect(ten.json().tickets).toHaveLength(10);
  });

  it('refuses a self-excluded or timed-out player and moves nothing', async () => {
    for (const [type, code] of [
      [30, 'LIMIT_SELF_EXCLUDED'],
      [33, 'LIMIT_TIME_OUT'],
    ] as const) {
      const p = await fundedPlayer(t, 1_000_00n);
      await t.limits.change(p.userId, 'RUB', type, 1);
      // The lock signs the player out everywhere; a purchase by any other way is refused by the limits.
      const res = await buy(p, { gameId: '4of20', quickPick: true, priceMinor: '5000' });
      expect(res.statusCode).toBe(401);
      const refused = buyTicket(t.ctx, p.userId, newKey(), {
        gameId: '4of20',
        quickPick: true,
        priceMinor: '5000',
      });
      await expect(refused).rejects.toMatchObject({ code });
      expect(await balanceOf(t, p.userId, p.accountId)).toBe(1_000_00n);
      expect(
        await t.db.selectFrom('lotto_tickets').select('id').where('user_id', '=', p.userId).execute(),
      ).toEqual([]);
    }
  });
});

describe('fuzz: odd input never answers 5xx, always a catalogue code, and moves nothing', () => {
  it('random bodies, parameters and queries on every lotto route (seeded, 240 requests)', async () => {
    const random = new FairRandom(new SimulationSource(777));
    const pick = <T>(items: readonly T[]): T => items[random.int(items.length)]!;
    const junk = (depth = 0): unknown =>
      pick([
        () => random.int(2 ** 31) - 2 ** 30,
        () => random.int(100) / 7,
        () => pick(['', '6of45', '4of20', '20of80', 'x'.repeat(300), '1e308', '-1', '{}', '\u0000']),
        () => null,
        () => random.int(2) === 0,
        () =>
          depth > 2
            ? []
            : Array.from({ length: random.int(25) }, () => pick([random.int(90) - 5, junk(depth + 1)])),
        () => (depth > 2 ? {} : { gameId: junk(depth + 1), numbers: junk(depth + 1) }),
      ])();
    const p = await fundedPlayer(t, 1_000_000_00n);
    const before = await balanceOf(t, p.userId, p.accountId);
    const fields = [
      'gameId',
      'numbers',
      'bonusNumbers',
      'quickPick',
      'picks',
      'bonusPicks',
      'draws',
      'priceMinor',
    ];
    for (let i = 0; i < 240; i += 1) {
      const kind = random.int(4);
      let res: { statusCode: number; body: string };
      if (kind === 0) {
        const body: Record<string, unknown> = {
          gameId: pick(['6of45', '5of36plus1', '4of20', '20of80', 'zz']),
        };
        for (const field of fields) if (random.int(2) === 0) body[field] = junk();
        if (random.int(2) === 0) body.priceMinor = String(random.int(10_000_000));
        res = await buy(p, body);
      } else if (kind === 1) {
        res = await p.client.get(`${LOTTO_API}/draws/${encodeURIComponent(String(junk()))}`);
      } else if (kind === 2) {
        const query = `page=${encodeURIComponent(String(junk()))}&pageSize=${encodeURIComponent(String(junk()))}&filter=${encodeURIComponent(String(junk()))}`;
        res = await p.client.get(
          `${LOTTO_API}/games/${encodeURIComponent(String(pick(['4of20', junk()])))}/draws?${query}`,
        );
      } else {
        res = await p.client.get(
          `${LOTTO_API}/tickets${random.int(2) ? `/${encodeURIComponent(String(junk()))}` : `?status=${encodeURIComponent(String(junk()))}`}`,
        );
      }
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(JSON.parse(res.body).error.code, res.body).toMatch(/^[A-Z_]+$/);
      if (kind === 0 && res.statusCode === 200) {
        // A body that happened to be a valid purchase: its price really was taken.
        const spent = BigInt(JSON.parse(res.body).totalMinor);
        expect(spent > 0n).toBe(true);
      }
    }
    const purchases = await t.db
      .selectFrom('lotto_purchases')
      .select((eb) => eb.fn.sum<string>('total_minor').as('total'))
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(before - BigInt(purchases.total ?? 0));
  });
});

describe('property: what a settled draw pays', () => {
  it('pays ticket prizes = tier totals, pool tiers + carry = pool + carry in, fixed tiers their amount (seeded, 6 draws)', async () => {
    const random = new FairRandom(new SimulationSource(2021));
    const players = await Promise.all([fundedPlayer(t, 10_000_000_00n), fundedPlayer(t, 10_000_000_00n)]);
    for (let round = 0; round < 6; round += 1) {
      const game: DrawGame = round % 2 === 0 ? LOTTO_4_OF_20 : LOTTO_5_OF_36_PLUS_1;
      const next = await nextDrawOf(t, game);
      for (let i = 0; i < 12; i += 1) {
        const picks = game.main.pick + random.int(3);
        const bonusPicks = game.bonus ? 1 + random.int(2) : 0;
        // Half the tickets lean on the drawn numbers so that the pool tiers have winners.
        const numbers =
          i % 2 === 0
            ? quickPick(game, random, picks, bonusPicks)
            : {
                main: [
                  ...new Set([
                    ...next.numbers.main.slice(0, 2 + random.int(game.main.drawn - 1)),
                    ...quickPick(game, random, picks, 0).main,
                  ]),
                ].slice(0, picks),
                bonus: game.bonus
                  ? [next.numbers.bonus!, ...(bonusPicks > 1 ? [next.numbers.bonus === 1 ? 2 : 1] : [])]
                  : [],
              };
        const combos = BigInt(
          [...Array(game.main.pick).keys()].reduce(
            (acc, k) => (acc * (numbers.main.length - k)) / (k + 1),
            1,
          ),
        );
        const price = combos * BigInt(Math.max(1, numbers.bonus.length)) * game.priceMinor;
        await buyTicket(t.ctx, players[i % 2]!.userId, newKey(), {
          gameId: game.id,
          numbers: numbers.main,
          bonusNumbers: numbers.bonus,
          priceMinor: price.toString(),
        });
      }
      await runDraw(next.drawAt);
      const draw = await t.db
        .selectFrom('lotto_draws')
        .selectAll()
        .where('id', '=', next.id)
        .executeTakeFirstOrThrow();
      expect(draw.status).toBe('settled');
      const tiers = await t.db
        .selectFrom('lotto_draw_tiers')
        .selectAll()
        .where('draw_id', '=', next.id)
        .execute();
      const tickets = await t.db
        .selectFrom('lotto_tickets')
        .selectAll()
        .where('draw_id', '=', next.id)
        .execute();
      const paid = tickets.reduce((sum, x) => sum + (x.prize_minor ?? 0n), 0n);
      const tierTotal = tiers.reduce((sum, x) => sum + x.total_minor, 0n);
      expect(paid).toBe(tierTotal);
      expect(draw.paid_minor).toBe(paid);
      expect(draw.sales_minor).toBe(tickets.reduce((sum, x) => sum + x.price_minor, 0n));
      const poolPaid = tiers.filter((x) => x.kind !== 'fixed').reduce((sum, x) => sum + x.total_minor, 0n);
      expect(poolPaid + draw.jackpot_out_minor).toBe(
        draw.pool_minor + draw.jackpot_in_minor + draw.house_topup_minor,
      );
      expect(draw.pool_minor).toBe(
        draw.fund_minor > draw.fixed_minor ? draw.fund_minor - draw.fixed_minor : 0n,
      );
      for (const tier of tiers) {
        const rule = game.tiers[tier.tier_index]!;
        if (rule.kind === 'fixed') expect(tier.prize_each_minor).toBe(rule.prizeMinor);
        else expect(tier.total_minor <= tier.allocated_minor).toBe(true);
        if (rule.kind === 'jackpot' && tier.winners > 0n)
          expect(tier.allocated_minor >= game.minimumJackpotMinor).toBe(true);
      }
      // Settlement writes the winners only; a loser stays open and reads as lost from its draw.
      for (const x of tickets) {
        if (x.status === 'won') expect(x.prize_minor! > 0n && x.paid_at !== null).toBe(true);
        else expect([x.status, x.prize_minor, x.paid_at]).toEqual(['open', null, null]);
      }
    }
  });
});
