/**
 * Bring-a-friend over the app (PGlite, ManualClock): code and link, registration by the link's
 * bf_id cookie, entering a code (own, unknown, twice, after a deposit, a cycle), deposits through
 * the sandbox (the app's payments hook) and settled stakes counting once, the reward paid once
 * through the ledger, the fraud rules (same device, same payment method), the cap, a transaction
 * that dies before its commit, parallel reward passes, and the operator command. The ledger check
 * runs after every test.
 */
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../accounts/index.ts';
import { createReferralService, hookReferrals, REWARD_REASON, runReferralsCommand } from './index.ts';
import {
  balanceOf,
  deposit,
  newPlayer,
  REFERRAL_API,
  type ReferralTestApp,
  referralRow,
  settledBet,
  setUpReferralTestApp,
} from './test-support.ts';

let t: ReferralTestApp;
setUpReferralTestApp((app) => {
  t = app;
});

interface View {
  code: string;
  linkPath: string;
  friends: { name: string; status: string; voidReason: string | null; rewardMinor: string | null }[];
  friendsTotal: number;
  rewards: { currency: string; totalMinor: string }[];
  mayJoin: boolean;
  rule: { currency: string; rewardMinor: string } | null;
}

async function viewOf(client: Awaited<ReturnType<typeof newPlayer>>['client'], lng = 'en'): Promise<View> {
  const res = await client.get(`${REFERRAL_API}/me?lng=${lng}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as View;
}

async function rule(deposit: bigint, wager: bigint, reward: bigint, cap: bigint) {
  await t.referrals.setRule({
    currency: 'RUB',
    depositMinMinor: deposit.toString(),
    wagerMinMinor: wager.toString(),
    rewardMinor: reward.toString(),
    capMinor: cap.toString(),
    isEnabled: true,
  });
}

async function transfersOf(friendId: bigint): Promise<number> {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('idempotency_key', '=', `referral:${friendId}`)
    .execute();
  return rows.length;
}

/** A friend brought by `code` who deposits and wagers enough for the rule of the test. */
async function qualifiedFriend(code: string, options: { visitorId?: string } = {}) {
  const friend = await newPlayer(t, { bfId: code, ...options });
  await deposit(t, friend, 100_000n);
  await settledBet(t, friend.userId, 50_000n);
  expect((await referralRow(t, friend.userId))?.status).toBe('qualified');
  return friend;
}

describe('code and link', () => {
  it('a player has one code and a registration link; signed out: 401', async () => {
    const a = await newPlayer(t);
    const first = await viewOf(a.client);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.linkPath).toBe(`/en/registration?bf_id=${first.code}`);
    expect((await viewOf(a.client, 'ru')).code).toBe(first.code);
    expect(first.friends).toEqual([]);
    expect(first.rule?.currency).toBe('RUB');
    const anonymous = await t.app.inject({ method: 'GET', url: `${REFERRAL_API}/me` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await a.client.get(`${REFERRAL_API}/me?lng=xx`);
    expect(bad.statusCode).toBe(400);
  });

  it('a friend registered by the link is listed with a masked name; an unknown code stores nothing', async () => {
    const a = await newPlayer(t);
    const { code } = await viewOf(a.client);
    const b = await newPlayer(t, { bfId: code, firstName: 'Anastasia' });
    const row = await referralRow(t, b.userId);
    expect([row?.referrer_id, row?.status]).toEqual([a.userId, 'registered']);
    const view = await viewOf(a.client);
    expect(view.friends).toEqual([
      expect.objectContaining({
        name: 'A*******a',
        status: 'registered',
        voidReason: null,
        rewardMinor: null,
      }),
    ]);
    expect(view.friendsTotal).toBe(1);
    const stray = await newPlayer(t, { bfId: 'NOSUCHCODE' });
    expect(await referralRow(t, stray.userId)).toBeUndefined();
  });
});

describe('entering a code', () => {
  it('refuses the own code, an unknown one, a second one, a cycle, and one after a deposit', async () => {
    const a = await newPlayer(t);
    const codeA = (await viewOf(a.client)).code;
    const join = (p: { client: typeof a.client }, code: string) =>
      p.client.post(`${REFERRAL_API}/join`, { code });
    const self = await join(a, codeA);
    expect([self.statusCode, self.json().error.code]).toEqual([409, 'REFERRAL_SELF']);
    const unknown = await join(a, 'ZZZZZZZZ');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'REFERRAL_CODE_UNKNOWN']);
    expect((await join(a, 'no!')).statusCode).toBe(400);
    expect(await referralRow(t, a.userId)).toBeUndefined();

    const c = await newPlayer(t);
    expect((await viewOf(c.client)).mayJoin).toBe(true);
    const ok = await join(c, codeA.toLowerCase());
    expect([ok.statusCode, ok.json()]).toEqual([200, { ok: true }]);
    expect((await viewOf(c.client)).mayJoin).toBe(false);
    const again = await join(c, codeA);
    expect(again.json().error.code).toBe('REFERRAL_ALREADY_SET');
    // a's friend c cannot become a's referrer.
    const cycle = await join(a, (await viewOf(c.client)).code);
    expect(cycle.json().error.code).toBe('REFERRAL_SELF');
    expect(await referralRow(t, a.userId)).toBeUndefined();

    const d = await newPlayer(t);
    await deposit(t, d, 10_000n);
    const late = await join(d, codeA);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'REFERRAL_TOO_LATE']);
    expect(await referralRow(t, d.userId)).toBeUndefined();
  });
});

describe('qualification and reward', () => {
  it('counts deposits and stakes once, qualifies on the rule, pays the referrer once', async () => {
    await rule(100_000n, 50_000n, 20_000n, 1_000_000n);
    const a = await newPlayer(t);
    const { code } = await viewOf(a.client);
    const b = await newPlayer(t, { bfId: code });
    await deposit(t, b, 60_000n);
    expect((await referralRow(t, b.userId))?.status).toBe('deposited');
    await deposit(t, b, 40_000n);
    const bet = await settledBet(t, b.userId, 30_000n);
    await settledBet(t, b.userId, 30_000n, bet); // a resettlement tells the same bet again
    expect((await referralRow(t, b.userId))?.wagered_minor).toBe(30_000n);
    expect((await referralRow(t, b.userId))?.status).toBe('deposited');
    await settledBet(t, b.userId, 20_000n);
    expect((await referralRow(t, b.userId))?.status).toBe('qualified');

    const before = await balanceOf(t, a.userId);
    expect(await t.referrals.runJobs()).toMatchObject({ rewarded: 1 });
    expect(await t.referrals.runJobs()).toEqual({ rewarded: 0, voided: 0 });
    expect(await balanceOf(t, a.userId)).toBe(before + 20_000n);
    expect(await transfersOf(b.userId)).toBe(1);
    const row = await referralRow(t, b.userId);
    expect([row?.status, row?.reward_minor]).toEqual(['rewarded', 20_000n]);
    const transfer = await t.ledger.getTransfer(row!.transfer_id!);
    expect(transfer.reason).toBe(REWARD_REASON);
    // Activity after the reward changes nothing.
    await settledBet(t, b.userId, 50_000n);
    expect((await referralRow(t, b.userId))?.wagered_minor).toBe(50_000n);
    const view = await viewOf(a.client);
    expect(view.friends[0]).toMatchObject({ status: 'rewarded', rewardMinor: '20000' });
    expect(view.rewards).toEqual([{ currency: 'RUB', totalMinor: '20000' }]);
  });

  it('a friend on the referrer’s device is void with the reason; nothing is paid', async () => {
    await rule(100_000n, 50_000n, 20_000n, 1_000_000n);
    const device = 'c0ffee'.repeat(6);
    const a = await newPlayer(t, { visitorId: device });
    const { code } = await viewOf(a.client);
    const b = await qualifiedFriend(code, { visitorId: device });
    const before = await balanceOf(t, a.userId);
    expect(await t.referrals.runJobs()).toMatchObject({ voided: 1, rewarded: 0 });
    const row = await referralRow(t, b.userId);
    expect([row?.status, row?.void_reason, row?.reward_minor]).toEqual(['void', 'same_device', null]);
    expect(await balanceOf(t, a.userId)).toBe(before);
    expect(await transfersOf(b.userId)).toBe(0);
    expect((await viewOf(a.client)).friends[0]).toMatchObject({ status: 'void', voidReason: 'same_device' });
  });

  it('a friend paying with the referrer’s card is void (same_payment_method)', async () => {
    await rule(100_000n, 50_000n, 20_000n, 1_000_000n);
    const a = await newPlayer(t);
    const { code } = await viewOf(a.client);
    const b = await qualifiedFriend(code);
    const shared = t.withSignals({ paymentFingerprints: async () => ['same-card-hash'] });
    expect(await shared.runJobs()).toMatchObject({ voided: 1 });
    expect((await referralRow(t, b.userId))?.void_reason).toBe('same_payment_method');
    expect(await transfersOf(b.userId)).toBe(0);
  });

  it('pays up to the cap: the last reward is cut, the next one void (cap_reached)', async () => {
    await rule(100_000n, 50_000n, 20_000n, 50_000n);
    const a = await newPlayer(t);
    const { code } = await viewOf(a.client);
    const friends = [];
    for (let i = 0; i < 4; i += 1) friends.push(await qualifiedFriend(code));
    const before = await balanceOf(t, a.userId);
    expect(await t.referrals.runJobs()).toEqual({ rewarded: 3, voided: 1 });
    expect(await balanceOf(t, a.userId)).toBe(before + 50_000n);
    const rows = await Promise.all(friends.map((f) => referralRow(t, f.userId)));
    expect(rows.map((r) => r?.reward_minor ?? r?.void_reason)).toEqual([
      20_000n,
      20_000n,
      10_000n,
      'cap_reached',
    ]);
  });

  it('a pass that dies before its commit pays nothing; the next pays once', async () => {
    await rule(100_000n, 50_000n, 20_000n, 1_000_000n);
    const a = await newPlayer(t);
    const b = await qualifiedFriend((await viewOf(a.client)).code);
    const dying = Object.create(t.ledger) as Ledger;
    dying.transaction = (work) =>
      t.ledger.transaction(async (trx, ledger) => {
        await work(trx, ledger);
        throw new Error('killed before the commit');
      });
    const crashing = createReferralService(t.deps, { ledger: dying, signals: t.referrals.ctx.signals });
    await expect(crashing.runJobs()).rejects.toThrow('killed before the commit');
    expect((await referralRow(t, b.userId))?.status).toBe('qualified');
    expect(await transfersOf(b.userId)).toBe(0);
    expect(await t.referrals.runJobs()).toMatchObject({ rewarded: 1 });
    expect(await transfersOf(b.userId)).toBe(1);
  });

  it('parallel passes pay each qualified friend exactly once and keep the cap', async () => {
    await rule(100_000n, 50_000n, 20_000n, 100_000n);
    const a = await newPlayer(t);
    const { code } = await viewOf(a.client);
    const friends = [];
    for (let i = 0; i < 6; i += 1) friends.push(await qualifiedFriend(code));
    const before = await balanceOf(t, a.userId);
    const passes = await Promise.all(Array.from({ length: 5 }, () => t.referrals.runJobs()));
    expect(passes.reduce((n, p) => n + p.rewarded, 0)).toBe(5);
    expect(passes.reduce((n, p) => n + p.voided, 0)).toBe(1);
    expect(await balanceOf(t, a.userId)).toBe(before + 100_000n);
    for (const f of friends) expect(await transfersOf(f.userId)).toBeLessThanOrEqual(1);
  });
});

describe('hooks and the operator command', () => {
  it('chains onto betting’s settlement hooks and keeps the previous one', async () => {
    const calls: string[] = [];
    const settlement: Parameters<typeof hookReferrals>[1]['settlement'] & object = {
      settlementHooks: {
        recordSettlement: async () => {
          calls.push('previous');
        },
        releaseStake: async () => {
          calls.push('release');
        },
      },
    };
    hookReferrals(t.referrals, { settlement });
    await t.db.transaction().execute((trx) =>
      settlement.settlementHooks.recordSettlement(trx, {
        betId: 1n,
        userId: 999_999n,
        currency: 'RUB',
        stakeMinor: 1n,
      }),
    );
    expect(calls).toEqual(['previous']);
  });

  it('parlay referrals rules / rule-set / run', async () => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`E ${l}`) };
    expect(
      await runReferralsCommand(t.referrals, ['rule-set', 'USD', '2000', '3000', '700', '9000', 'off'], out),
    ).toBe(0);
    expect(await runReferralsCommand(t.referrals, ['rules'], out)).toBe(0);
    expect(
      lines.some((l) => l.startsWith('USD\tdeposit ≥ 2000\twager ≥ 3000\treward 700\tcap 9000\toff')),
    ).toBe(true);
    expect(await runReferralsCommand(t.referrals, ['rule-set', 'usd', '1', '1', '1', '1'], out)).toBe(1);
    expect(lines.at(-1)).toMatch(/^E VALIDATION_FAILED/);
    expect(await runReferralsCommand(t.referrals, ['rule-set', 'USD', '0', '1', '1', '1'], out)).toBe(1);
    expect(await runReferralsCommand(t.referrals, ['run'], out)).toBe(0);
    expect(await runReferralsCommand(t.referrals, ['nope'], out)).toBe(2);
  });
});
