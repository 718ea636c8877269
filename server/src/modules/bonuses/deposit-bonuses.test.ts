/**
 * Deposit bonuses over the app (PGlite, ManualClock): the starter campaigns of `parlay seed`, a
 * registration with the welcome promo code that makes the first deposit a 100 % match, the deposit
 * form's choice (none, a campaign), deposits numbered under parallel deposits, sports wagering of
 * void and cashed-out bets, the maximum bet on sports stakes, and a property bounding what a match
 * grant pays. The ledger check runs after every test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { hookBonuses, seedStarterCampaigns } from './index.ts';
import {
  BONUS_API,
  type BonusTestApp,
  balanceOf,
  deposit,
  newPlayer,
  setUpBonusTestApp,
} from './test-support.ts';
import { wageredStakeMinor } from './wagering-hooks.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

type Player = Awaited<ReturnType<typeof newPlayer>>;

async function myBonuses(p: Player) {
  const res = await p.client.get(`${BONUS_API}/my`);
  expect(res.statusCode).toBe(200);
  return res.json().bonuses as {
    campaign: string;
    kind: string;
    amountMinor: string;
    progressMinor: string;
  }[];
}

const choose = (p: Player, campaign: string | null) =>
  p.client.call('PUT', `${BONUS_API}/deposit-choice`, { campaign });

describe('starter campaigns and the welcome code', () => {
  it('parlay seed creates the four starter campaigns once; the hub lists them', async () => {
    expect(await seedStarterCampaigns(t.bonuses)).toBe(4);
    expect(await seedStarterCampaigns(t.bonuses)).toBe(0);
    const offers = (await t.app.inject({ method: 'GET', url: `${BONUS_API}/offers` })).json().offers as {
      code: string;
    }[];
    expect(offers.map((o) => o.code)).toEqual(
      expect.arrayContaining(['welcome-100', 'fruit-storm-spins', 'sports-free-bet', 'reload-50']),
    );
    const welcome = (await t.app.inject({ method: 'GET', url: `${BONUS_API}/offers/welcome-100` })).json();
    expect(welcome).toMatchObject({ trigger: 'first_deposit', promoCode: 'WELCOME100' });
  });

  it('a player registered with WELCOME100 gets a 100 % match on the first deposit, once', async () => {
    const p = await newPlayer(t, { promoCode: 'welcome100' });
    const offers = (await p.client.get(`${BONUS_API}/deposit-offers`)).json();
    expect(offers).toMatchObject({ depositNo: 1, chosen: 'welcome-100' });
    // The accounts list (coupon-accounts §3): a first-deposit bonus is available, no bonus money yet.
    const before = (await p.client.get('/web-api/accounts/v1/accounts')).json();
    expect(before).toMatchObject({ isAvailableFirstDepositBonus: true, bonuses: [] });
    await deposit(t, p, 50_000n);
    await Promise.all([t.bonuses.runJobs(), t.bonuses.runJobs()]);
    await t.bonuses.runJobs();
    const bonuses = await myBonuses(p);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ campaign: 'welcome-100', kind: 'money', amountMinor: '50000' });
    expect(await balanceOf(t, p.userId, 4)).toBe(50_000n);
    // After it: no first deposit left, and the bonus account names the bonus its money belongs to.
    const after = (await p.client.get('/web-api/accounts/v1/accounts')).json();
    const [active] = await t.db
      .selectFrom('bonus_player_bonuses')
      .select('id')
      .where('user_id', '=', p.userId)
      .where('status', '=', 'active')
      .execute();
    expect(after.isAvailableFirstDepositBonus).toBe(false);
    expect(after.bonuses).toEqual([
      expect.objectContaining({ type: 4, moneyMinor: '50000', idBonus: active!.id.toString() }),
    ]);
    const promo = await t.db
      .selectFrom('bonus_promo_codes')
      .select('uses')
      .where('code', '=', 'WELCOME100')
      .executeTakeFirstOrThrow();
    expect(promo.uses).toBe(1);
    // The choice served that deposit only; the second deposit is not the welcome's.
    expect((await p.client.get(`${BONUS_API}/deposit-offers`)).json()).toMatchObject({
      depositNo: 2,
      chosen: null,
    });
  });

  it('without a choice the promo-bound welcome is not given; "no bonus" gives none; a chosen one is given', async () => {
    const a = await newPlayer(t);
    await deposit(t, a, 20_000n);
    await t.bonuses.runJobs();
    expect(await myBonuses(a)).toEqual([]);

    const b = await newPlayer(t);
    const listed = (await b.client.get(`${BONUS_API}/deposit-offers`)).json();
    expect(listed.chosen).toBeNull();
    expect(listed.offers.map((o: { code: string }) => o.code)).toContain('welcome-100');
    expect((await choose(b, 'welcome-100')).json().chosen).toBe('welcome-100');
    expect((await choose(b, null)).json().chosen).toBeNull();
    await deposit(t, b, 20_000n);
    await t.bonuses.runJobs();
    expect(await myBonuses(b)).toEqual([]);

    const c = await newPlayer(t);
    // Not a deposit bonus of the next deposit: refused, nothing stored.
    const wrong = await choose(c, 'reload-50');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('BONUS_NOT_ELIGIBLE');
    expect((await choose(c, 'no-such-campaign')).statusCode).toBe(404);
    expect((await choose(c, 'welcome-100')).statusCode).toBe(200);
    await deposit(t, c, 20_000n);
    await t.bonuses.runJobs();
    expect(await myBonuses(c)).toMatchObject([{ campaign: 'welcome-100', amountMinor: '20000' }]);
  });
});

describe('deposit numbering', () => {
  it('deposits credited in parallel are numbered 1..n, each once', async () => {
    const p = await newPlayer(t);
    await choose(p, null);
    await Promise.all([1, 2, 3, 4].map((i) => deposit(t, p, BigInt(10_000 + i))));
    const numbers = (
      await t.db
        .selectFrom('bonus_deposit_events')
        .select('deposit_no')
        .where('user_id', '=', p.userId)
        .execute()
    ).map((r) => r.deposit_no);
    expect(numbers.sort()).toEqual([1, 2, 3, 4]);
    // The one choice ("no bonus") served one deposit; the others were automatic.
    const choices = await t.db
      .selectFrom('bonus_deposit_events')
      .select('choice')
      .where('user_id', '=', p.userId)
      .execute();
    expect(choices.filter((c) => c.choice === 'none')).toHaveLength(1);
    await t.bonuses.runJobs();
  });
});

describe('sports wagering', () => {
  it('void bets and cashed-out stakes count nothing; a stake above the maximum bet is refused', async () => {
    expect(wageredStakeMinor({ stakeMinor: 1000n, payoutMinor: 1000n })).toBe(0n);
    expect(wageredStakeMinor({ stakeMinor: 1000n, payoutMinor: 0n })).toBe(1000n);
    expect(wageredStakeMinor({ stakeMinor: 1000n, payoutMinor: 900n, cashedOutStakeMinor: 1000n })).toBe(0n);
    expect(wageredStakeMinor({ stakeMinor: 1000n, payoutMinor: 2500n, cashedOutStakeMinor: 400n })).toBe(
      600n,
    );

    const p = await newPlayer(t);
    await choose(p, 'welcome-100');
    await deposit(t, p, 20_000n);
    await t.bonuses.runJobs();
    const checked: bigint[] = [];
    const betting = {
      settlementHooks: {
        recordSettlement: async (_trx: unknown, _outcome: unknown) => {},
        releaseStake: async (_trx: unknown, _bet: unknown) => {},
      },
      assertStakeAllowed: async (_trx: unknown, stake: { stakeMinor: bigint }) => {
        checked.push(stake.stakeMinor);
      },
      checkBatchedStake: undefined as
        | undefined
        | ((stake: { userId: bigint; currency: string; stakeMinor: bigint }) => Promise<void>),
    };
    hookBonuses(t.bonuses, { settlement: betting as never });
    const settle = (betId: bigint, stakeMinor: bigint, payoutMinor: bigint, cashedOutStakeMinor = 0n) =>
      t.ledger.transaction((trx) =>
        betting.settlementHooks.recordSettlement(
          trx as never,
          {
            betId,
            userId: p.userId,
            currency: 'RUB',
            stakeMinor,
            payoutMinor,
            coefMilli: 2000n,
            cashedOutStakeMinor,
          } as never,
        ),
      );
    await settle(8_000_001n, 5_000n, 5_000n); // void
    await settle(8_000_002n, 5_000n, 0n, 5_000n); // cashed out in full
    expect((await myBonuses(p))[0]!.progressMinor).toBe('0');
    await settle(8_000_003n, 5_000n, 0n, 2_000n); // 2,000 cashed out, 3,000 ran and lost
    expect((await myBonuses(p))[0]!.progressMinor).toBe('3000');

    // Both placement paths refuse 500.01: the batched path's check before its call, and the full
    // path's inside its transaction.
    const batched = (userId: bigint, stakeMinor: bigint) =>
      betting.checkBatchedStake!({ userId, currency: 'RUB', stakeMinor }).then(
        () => 'accepted',
        (e: unknown) => (e instanceof AppError ? e.code : String(e)),
      );
    expect(await batched(p.userId, 50_000n)).toBe('accepted');
    expect(await batched(p.userId, 50_001n)).toBe('BONUS_MAX_BET');
    const stake = (stakeMinor: bigint) =>
      t.ledger.transaction((trx) =>
        (betting.assertStakeAllowed as (trx: unknown, s: object) => Promise<void>)(trx, {
          userId: p.userId,
          currency: 'RUB',
          stakeMinor,
        }),
      );
    await stake(50_000n);
    const refused = await stake(50_001n).then(
      () => 'accepted',
      (e: unknown) => (e instanceof AppError ? e.code : String(e)),
    );
    expect(refused).toBe('BONUS_MAX_BET');
    expect(checked).toEqual([50_000n, 50_001n]);
    const other = await newPlayer(t);
    expect(await batched(other.userId, 10_000_000n)).toBe('accepted');
  });
});

describe('property: a deposit match pays min(deposit × percent, cap), once', () => {
  it('holds for random deposits, replayed workers included', async () => {
    await t.bonuses.createCampaign({
      code: 'prop-match',
      category: 'first_deposit',
      trigger: 'first_deposit',
      title: { en: 'Match' },
      terms: { en: 'Terms' },
      reward: { kind: 'match', percentBp: 7_500, capMinor: '30000' },
      wagering: { multiple: 5, basis: 'bonus', expiryDays: 7 },
      conditions: { minDepositMinor: '1000' },
    });
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 10_000n, max: 100_000n }), async (amount) => {
        const p = await newPlayer(t);
        await deposit(t, p, amount);
        await Promise.all([t.bonuses.runJobs(), t.bonuses.runJobs()]);
        const expected = (amount * 7_500n) / 10_000n < 30_000n ? (amount * 7_500n) / 10_000n : 30_000n;
        const granted = (await myBonuses(p)).filter((b) => b.campaign === 'prop-match');
        expect(granted).toHaveLength(1);
        expect(BigInt(granted[0]!.amountMinor)).toBe(expected);
        expect(await balanceOf(t, p.userId, 4)).toBe(expected);
      }),
      { numRuns: 6, seed: 20 },
    );
    await t.bonuses.setStatus('prop-match', 'paused');
  });
});
