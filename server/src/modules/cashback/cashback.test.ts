import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCashbackCommand } from './cashback-command.ts';
import { readPayouts } from './read-payouts.ts';
import { runCashbackDue } from './run-due.ts';
import {
  balanceOf,
  CASHBACK_API,
  type CashbackTestApp,
  cashbackTestApp,
  cashbackTransfersOf,
  DAY_MS,
  fundedPlayer,
  stake,
  win,
} from './test-support.ts';

let t: CashbackTestApp;
beforeAll(async () => {
  t = await cashbackTestApp();
});
afterAll(async () => {
  expect((await t.ledger.check()).differences).toEqual([]);
  await t.close();
});

const quiet = { log: () => undefined, error: () => undefined };
const lines: string[] = [];
const capture = { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) };

async function nextWeek() {
  t.clock.advance(7 * DAY_MS);
  return runCashbackDue(t.ctx);
}

describe('cashback', () => {
  it('refuses a signed-out caller and shows a new player level 1 with nothing accrued', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${CASHBACK_API}/status` });
    expect(anonymous.statusCode).toBe(401);
    const p = await fundedPlayer(t, 0n);
    const status = (await p.client.get(`${CASHBACK_API}/status`)).json();
    expect(status.level).toMatchObject({ level: 1, name: 'Bronze', rateBp: 500 });
    expect(status.nextLevel).toMatchObject({ level: 2, thresholdMinor: '5000000' });
    expect(status.period).toMatchObject({
      start: '2026-06-01T00:00:00.000Z',
      end: '2026-06-08T00:00:00.000Z',
      accrualMinor: '0',
      tier: 'vip',
    });
    expect(status.premium).toMatchObject({ member: false, eligible: false, minLevel: 3 });
    expect((await p.client.get(`${CASHBACK_API}/payouts`)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('accrues during the week and pays level % of the net loss once after it ends; nothing on a net win', async () => {
    const loser = await fundedPlayer(t, 1_000_000n);
    const winner = await fundedPlayer(t, 1_000_000n);
    await stake(t, loser, 100_000n);
    await win(t, loser, 40_000n);
    await stake(t, winner, 10_000n);
    await win(t, winner, 30_000n);
    const during = (await loser.client.get(`${CASHBACK_API}/status`)).json();
    expect(during.period).toMatchObject({
      turnoverMinor: '100000',
      netLossMinor: '60000',
      accrualMinor: '3000',
    });
    expect(during.turnoverMinor).toBe('100000');
    expect(during.progressBp).toBe(200); // 100 000 of 5 000 000
    expect((await winner.client.get(`${CASHBACK_API}/status`)).json().period.netLossMinor).toBe('-20000');

    // Nothing is paid before the week ends (and its five minutes of grace pass).
    const before = await balanceOf(t, loser);
    t.clock.advance(5 * 60 * 1000); // Monday 00:02
    await runCashbackDue(t.ctx);
    expect(await balanceOf(t, loser)).toBe(before);
    t.clock.advance(4 * 60 * 1000);
    expect(await runCashbackDue(t.ctx)).toMatchObject({ computed: 1, paid: 1 });
    expect(await balanceOf(t, loser)).toBe(before + 3_000n);
    expect(await cashbackTransfersOf(t, loser)).toHaveLength(1);
    expect(await cashbackTransfersOf(t, winner)).toHaveLength(0);

    const history = (await loser.client.get(`${CASHBACK_API}/payouts`)).json();
    expect(history.items).toEqual([
      expect.objectContaining({
        periodStart: '2026-06-01T00:00:00.000Z',
        tier: 'vip',
        level: 1,
        rateBp: 500,
        netLossMinor: '60000',
        amountMinor: '3000',
        status: 'paid',
      }),
    ]);
    const winnerHistory = (await winner.client.get(`${CASHBACK_API}/payouts`)).json();
    expect(winnerHistory.items[0]).toMatchObject({
      amountMinor: '0',
      status: 'none',
      netLossMinor: '-20000',
    });

    // A replay pays nothing more; the new week starts empty but the level keeps the turnover.
    expect(await runCashbackDue(t.ctx)).toMatchObject({ computed: 0, paid: 0 });
    expect(await balanceOf(t, loser)).toBe(before + 3_000n);
    const after = (await loser.client.get(`${CASHBACK_API}/status`)).json();
    expect(after.period).toMatchObject({ start: '2026-06-08T00:00:00.000Z', accrualMinor: '0' });
    expect(after.turnoverMinor).toBe('100000');
  });

  it('caps a week at the level cap and lifts the level with the lifetime turnover', async () => {
    const p = await fundedPlayer(t, 100_000_000n);
    await stake(t, p, 20_000_000n); // loses 200 000.00: 5 % would be 1 000 000, the cap is 500 000
    const status = (await p.client.get(`${CASHBACK_API}/status`)).json();
    expect(status.period.accrualMinor).toBe('1400000'); // already level 2 by this week's turnover: 7 %, cap 1 500 000
    expect(status.level.level).toBe(2);
    const before = await balanceOf(t, p);
    await nextWeek();
    expect(await balanceOf(t, p)).toBe(before + 1_400_000n);

    // Level 1 cap: set a tiny level 1 cap for a fresh player through the operator command.
    expect(await runCashbackCommand(t.ctx, ['level', '1', 'Bronze', '0', '500', '1000'], quiet)).toBe(0);
    const small = await fundedPlayer(t, 1_000_000n);
    await stake(t, small, 100_000n);
    expect((await small.client.get(`${CASHBACK_API}/status`)).json().period).toMatchObject({
      accrualMinor: '1000',
      capMinor: '1000',
    });
    const smallBefore = await balanceOf(t, small);
    await nextWeek();
    expect(await balanceOf(t, small)).toBe(smallBefore + 1_000n);
    expect(await runCashbackCommand(t.ctx, ['level', '1', 'Bronze', '0', '500', '500000'], quiet)).toBe(0);
  });

  it('premium: refused below the premium level, joined by the operator, pays the premium rate and cap', async () => {
    const p = await fundedPlayer(t, 10_000_000n);
    const refused = await p.client.post(`${CASHBACK_API}/premium`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CASHBACK_PREMIUM_NOT_ELIGIBLE');
    lines.length = 0;
    expect(await runCashbackCommand(t.ctx, ['premium-member', p.userId.toString(), 'add'], capture)).toBe(0);
    expect(lines[0]).toContain('added to premium');
    await stake(t, p, 1_000_000n);
    const status = (await p.client.get(`${CASHBACK_API}/status`)).json();
    expect(status.premium.member).toBe(true);
    expect(status.period).toMatchObject({ tier: 'premium', rateBp: 2000, accrualMinor: '200000' });
    const before = await balanceOf(t, p);
    await nextWeek();
    expect(await balanceOf(t, p)).toBe(before + 200_000n);
    // (The session has expired a week later: the route's reader directly.)
    const history = await readPayouts(t.ctx, p.userId, { page: 1, pageSize: 20 });
    expect(history.items[0]).toMatchObject({
      tier: 'premium',
      rateBp: 2000,
      amountMinor: '200000',
    });
  });

  it('a player at the premium level joins premium themselves, once', async () => {
    const p = await fundedPlayer(t, 300_000_000n);
    await stake(t, p, 25_000_000n); // level 3 (Gold)
    const joined = await p.client.post(`${CASHBACK_API}/premium`, {});
    expect(joined.statusCode).toBe(200);
    expect(joined.json().premium).toMatchObject({ member: true, eligible: true });
    expect((await p.client.post(`${CASHBACK_API}/premium`, {})).statusCode).toBe(200);
    const members = await t.db
      .selectFrom('cashback_premium_members')
      .selectAll()
      .where('user_id', '=', p.userId)
      .execute();
    expect(members).toHaveLength(1);
    expect(members[0]!.source).toBe('opt_in');
  });

  it('the operator command refuses an unusable level table and changes nothing', async () => {
    lines.length = 0;
    expect(await runCashbackCommand(t.ctx, ['level', '2', 'Silver', '0', '700', '1500000'], capture)).toBe(1);
    expect(lines.join('\n')).toMatch(/refused: level 2: its threshold must be above level 1/);
    expect(await runCashbackCommand(t.ctx, ['level', '7', 'Gap', '900000000', '700', '1'], capture)).toBe(1);
    expect(await runCashbackCommand(t.ctx, ['remove-level', '2'], capture)).toBe(1);
    expect(await runCashbackCommand(t.ctx, ['premium', '6000', '1', '3'], capture)).toBe(1);
    expect(await runCashbackCommand(t.ctx, ['level', 'x'], capture)).toBe(2);
    lines.length = 0;
    expect(await runCashbackCommand(t.ctx, ['show'], capture)).toBe(0);
    expect(lines).toHaveLength(6);
    expect(lines[2]).toMatch(/^level 2\tSilver\tfrom 5000000\t700 bp\tcap 1500000$/);
    expect(
      await runCashbackCommand(t.ctx, ['level', '6', 'Legend', '900000000', '1800', '90000000'], quiet),
    ).toBe(0);
    expect(await runCashbackCommand(t.ctx, ['remove-level', '6'], quiet)).toBe(0);
  });

  it('rejects bad paging with a 400 and counts nothing', async () => {
    const p = await fundedPlayer(t, 0n);
    for (const query of ['pageSize=0', 'pageSize=51', 'page=0', 'page=x'])
      expect((await p.client.get(`${CASHBACK_API}/payouts?${query}`)).statusCode).toBe(400);
  });
});
