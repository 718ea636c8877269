/**
 * The bonus engine end to end over the app (PGlite, ManualClock): promo codes, deposit match,
 * wagering from casino rounds (the casino's BonusWallet wired in app.ts) and from settled bets
 * (betting's settlement hook), conversion exactly once, expiry, withdrawal forfeit, parallel claims,
 * maximum bet, free spins, points and the rewards shop. The ledger check runs after every test.
 */
import { SimulationSource } from '@parlay/domain/casino/fair/fast-source.ts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { hookBonuses, runBonusesCommand } from './index.ts';
import {
  BONUS_API,
  type BonusTestApp,
  balanceOf,
  deposit,
  newKey,
  newPlayer,
  setUpBonusTestApp,
} from './test-support.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

const DICE_ID = 1001;
const DAY = 86_400_000;

function campaign(code: string, over: Record<string, unknown> = {}) {
  return {
    code,
    category: 'casino',
    trigger: 'promo_code',
    title: { ru: `Бонус ${code}`, en: `Bonus ${code}` },
    terms: { ru: 'Условия', en: 'Terms' },
    reward: { kind: 'fixed', amountMinor: '10000' },
    wagering: { multiple: 5, basis: 'bonus', expiryDays: 7 },
    ...over,
  };
}

const key = () => ({ 'idempotency-key': newKey() });

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'no error';
}

async function myBonuses(client: Awaited<ReturnType<typeof newPlayer>>['client']) {
  const res = await client.get(`${BONUS_API}/my`);
  expect(res.statusCode).toBe(200);
  return res.json().bonuses as {
    id: string;
    kind: string;
    status: string;
    balanceMinor: string;
    requirementMinor: string;
    progressMinor: string;
    spinsLeft: number | null;
  }[];
}

async function transfersWithKey(prefix: string): Promise<number> {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select('idempotency_key')
    .where('idempotency_key', 'like', `${prefix}%`)
    .execute();
  return rows.length;
}

function dice(client: Awaited<ReturnType<typeof newPlayer>>['client'], stakeMinor: string) {
  return client.post(
    '/web-api/casino/v1/rounds',
    { gameId: DICE_ID, mode: 'real', stakeMinor, params: { direction: 'under', target: 5000 } },
    key(),
  );
}

describe('promo codes', () => {
  it('grants by a promo code, checks it, and refuses unknown, expired, used up and another country', async () => {
    await t.bonuses.createCampaign(campaign('promo-fixed'), [
      { code: 'FIXED100', maxUses: 2 },
      { code: 'OLD100', endsAt: '2026-05-01T00:00:00Z' },
    ]);
    await t.bonuses.createCampaign(campaign('promo-kz', { conditions: { countries: ['kz'] } }), [
      { code: 'KZONLY' },
    ]);
    const a = await newPlayer(t);
    const check = await a.client.get(`${BONUS_API}/promo/fixed100`);
    expect(check.statusCode).toBe(200);
    expect(check.json().offer.reward).toEqual({ kind: 'fixed', amountMinor: '10000' });

    const claimed = await a.client.post(`${BONUS_API}/promo/claim`, { code: 'FIXED100' }, key());
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().bonus).toMatchObject({
      campaign: 'promo-fixed',
      status: 'active',
      balanceMinor: '10000',
    });
    expect(claimed.json().bonus.requirementMinor).toBe('50000');
    expect(await balanceOf(t, a.userId, 4)).toBe(10_000n);

    const again = await a.client.post(`${BONUS_API}/promo/claim`, { code: 'FIXED100' }, key());
    expect(again.json().error.code).toBe('BONUS_ALREADY_CLAIMED');
    expect((await a.client.get(`${BONUS_API}/promo/NOPE`)).json().error.code).toBe('BONUS_PROMO_UNKNOWN');
    expect(
      (await a.client.post(`${BONUS_API}/promo/claim`, { code: 'OLD100' }, key())).json().error.code,
    ).toBe('BONUS_PROMO_EXPIRED');
    const geo = await a.client.post(
      `${BONUS_API}/promo/claim`,
      { code: 'KZONLY' },
      { ...key(), 'x-geo-country': 'RU' },
    );
    expect(geo.statusCode).toBe(403);
    expect(geo.json().error.code).toBe('BONUS_COUNTRY_NOT_ALLOWED');

    const b = await newPlayer(t);
    expect((await b.client.post(`${BONUS_API}/promo/claim`, { code: 'FIXED100' }, key())).statusCode).toBe(
      200,
    );
    const c = await newPlayer(t);
    const usedUp = await c.client.post(`${BONUS_API}/promo/claim`, { code: 'FIXED100' }, key());
    expect(usedUp.json().error.code).toBe('BONUS_PROMO_USED_UP');
    expect(await balanceOf(t, c.userId, 4)).toBe(0n);
    // A claim without an Idempotency-Key is a 400, nothing granted.
    expect((await c.client.post(`${BONUS_API}/promo/claim`, { code: 'KZONLY' })).statusCode).toBe(400);
  });

  it('a promo code typed at registration is claimed for the new player', async () => {
    await t.bonuses.createCampaign(
      campaign('promo-signup', { reward: { kind: 'fixed', amountMinor: '5000' } }),
      [{ code: 'SIGNUP50' }],
    );
    const p = await newPlayer(t, { promoCode: 'signup50' });
    const [bonus] = await myBonuses(p.client);
    expect(bonus).toMatchObject({ status: 'active', balanceMinor: '5000' });
    // An unknown code at registration does not fail the registration.
    const q = await newPlayer(t, { promoCode: 'NOSUCHCODE' });
    expect(await myBonuses(q.client)).toEqual([]);
  });

  it('two parallel claims of a one-per-player bonus: exactly one succeeds', async () => {
    await t.bonuses.createCampaign(campaign('promo-race'), [{ code: 'RACE' }]);
    const p = await newPlayer(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.client.post(`${BONUS_API}/promo/claim`, { code: 'RACE' }, key())),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.json().error?.code === 'BONUS_ALREADY_CLAIMED')).toHaveLength(4);
    expect(await balanceOf(t, p.userId, 4)).toBe(10_000n);
    // A replayed key answers the same bonus, nothing moves again.
    const k = key();
    const q = await newPlayer(t);
    const first = await q.client.post(`${BONUS_API}/promo/claim`, { code: 'RACE' }, k);
    const replay = await q.client.post(`${BONUS_API}/promo/claim`, { code: 'RACE' }, k);
    expect(replay.json().bonus.id).toBe(first.json().bonus.id);
    expect(await balanceOf(t, q.userId, 4)).toBe(10_000n);
  });

  it('a budget runs out: the grant that would pass it is refused', async () => {
    await t.bonuses.createCampaign(campaign('promo-budget', { limits: { budgetMinor: '15000' } }), [
      { code: 'BUDGET' },
    ]);
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    expect((await a.client.post(`${BONUS_API}/promo/claim`, { code: 'BUDGET' }, key())).statusCode).toBe(200);
    const refused = await b.client.post(`${BONUS_API}/promo/claim`, { code: 'BUDGET' }, key());
    expect(refused.json().error.code).toBe('BONUS_BUDGET_EXHAUSTED');
    expect(await balanceOf(t, b.userId, 4)).toBe(0n);
  });
});

describe('deposit match and wagering', () => {
  it('a first deposit gets a 100 % match (capped multiple 10×), casino rounds wager it, it converts once', async () => {
    await t.bonuses.createCampaign({
      ...campaign('welcome-match', {
        category: 'first_deposit',
        trigger: 'first_deposit',
        reward: { kind: 'match', percentBp: 10000, capMinor: '2000' },
        // 35× asked; the jurisdiction's maximum (config bonuses.maxWageringMultiple = 10) applies.
        wagering: {
          multiple: 35,
          basis: 'bonus',
          maxBetMinor: '5000',
          maxConversionMinor: '0',
          expiryDays: 30,
        },
      }),
    });
    const p = await newPlayer(t);
    // A round before the bonus: refused for want of money, and the player is remembered as having
    // no bonus; the grant's message makes every process forget that.
    expect((await dice(p.client, '1000')).json().error.code).toBe('INSUFFICIENT_FUNDS');
    const payment = await deposit(t, p, 20_000n);
    // Two workers at once, then a replay: the deposit's campaign is granted once.
    await Promise.all([t.bonuses.runJobs(), t.bonuses.runJobs()]);
    await t.bonuses.runJobs();
    const [bonus] = await myBonuses(p.client);
    expect(bonus).toMatchObject({ status: 'active', balanceMinor: '2000', requirementMinor: '20000' });
    expect(await balanceOf(t, p.userId, 4)).toBe(2_000n);
    expect(await transfersWithKey('bonus:grant:')).toBeGreaterThan(0);
    const events = await t.db
      .selectFrom('bonus_deposit_events')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.outcome).toMatch(/^welcome-match:granted:/);

    // Above the maximum bet while wagering: refused, nothing moved.
    const tooBig = await dice(p.client, '5001');
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().error.code).toBe('BONUS_MAX_BET');
    expect(await balanceOf(t, p.userId, 4)).toBe(2_000n);

    // Dice rounds (instant: 100 %) until wagered: each staked 100.00 counts 100.00.
    let rounds = 0;
    let last = bonus!;
    while (last.status === 'active' && rounds < 40) {
      const res = await dice(p.client, '5000');
      if (res.statusCode !== 200) {
        expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
        break;
      }
      rounds += 1;
      const now = (await myBonuses(p.client))[0];
      if (!now) break;
      expect(BigInt(now.progressMinor)).toBeGreaterThanOrEqual(BigInt(last.progressMinor));
      last = now;
    }
    const history = (await p.client.get(`${BONUS_API}/my/history`)).json().bonuses;
    expect(history).toHaveLength(1);
    const done = history[0];
    expect(['completed', 'forfeited']).toContain(done.status);
    if (done.status === 'completed') {
      expect(done.progressMinor).toBe(done.requirementMinor);
      expect(await transfersWithKey(`bonus:convert:${done.id}`)).toBeLessThanOrEqual(1);
    } else expect(done.finishReason).toBe('depleted');
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
  });

  it('settled bets count once at odds ≥ 1.50; a resettlement does not count again; points are earned', async () => {
    await t.bonuses.createCampaign(
      campaign('sport-fixed', {
        category: 'bukmaker',
        reward: { kind: 'fixed', amountMinor: '1000' },
        wagering: { multiple: 3 },
      }),
      [{ code: 'SPORT10' }],
    );
    const p = await newPlayer(t);
    await p.client.post(`${BONUS_API}/promo/claim`, { code: 'SPORT10' }, key());
    // The wiring of app.ts and main.ts: hookBonuses wraps betting's settlement hooks.
    const recorded: bigint[] = [];
    const betting = {
      settlementHooks: {
        recordSettlement: async (_trx: unknown, o: { betId: bigint }) => {
          recorded.push(o.betId);
        },
        releaseStake: async () => {},
      },
    };
    hookBonuses(t.bonuses, { settlement: betting as never });
    const settle = (betId: bigint, stakeMinor: bigint, coefMilli: bigint) =>
      t.ledger.transaction((trx) =>
        betting.settlementHooks.recordSettlement(
          trx as never,
          {
            betId,
            userId: p.userId,
            currency: 'RUB',
            stakeMinor,
            payoutMinor: 0n,
            coefMilli,
          } as never,
        ),
      );
    await settle(9_000_001n, 1000n, 1400n); // below 1.50: nothing
    expect((await myBonuses(p.client))[0]!.progressMinor).toBe('0');
    await settle(9_000_002n, 1000n, 1500n);
    await settle(9_000_002n, 1000n, 1500n); // resettled: counted already
    expect((await myBonuses(p.client))[0]!.progressMinor).toBe('1000');
    await settle(9_000_003n, 5000n, 2000n); // completes: converted
    expect(await myBonuses(p.client)).toEqual([]);
    const [done] = (await p.client.get(`${BONUS_API}/my/history`)).json().bonuses;
    expect(done).toMatchObject({ status: 'completed', convertedMinor: '1000', progressMinor: '3000' });
    expect(recorded).toEqual([9_000_001n, 9_000_002n, 9_000_002n, 9_000_003n]);
    expect(await balanceOf(t, p.userId, 0)).toBe(1000n);
    const points = (await p.client.get(`${BONUS_API}/points`)).json();
    // 1 point per 1.00 staked: 10 + 10 + 50 (the resettlement earns nothing again).
    expect(points.balance).toBe('70');
  });

  it('conversion happens exactly once when completing wagers race, and a replay changes nothing', async () => {
    await t.bonuses.createCampaign(
      campaign('race-convert', {
        category: 'bukmaker',
        reward: { kind: 'fixed', amountMinor: '2000' },
        wagering: { multiple: 1, maxConversionMinor: '1500' },
      }),
      [{ code: 'CONVERT' }],
    );
    const p = await newPlayer(t);
    await p.client.post(`${BONUS_API}/promo/claim`, { code: 'CONVERT' }, key());
    const settle = (betId: bigint) =>
      t.ledger.transaction((trx) =>
        t.bonuses.betSettled(trx, {
          betId,
          userId: p.userId,
          currency: 'RUB',
          stakeMinor: 2000n,
          coefMilli: 2000n,
        }),
      );
    await Promise.all([settle(9_100_001n), settle(9_100_002n), settle(9_100_003n), settle(9_100_004n)]);
    await Promise.all([settle(9_100_001n), settle(9_100_002n)]);
    const [done] = (await p.client.get(`${BONUS_API}/my/history`)).json().bonuses;
    expect(done).toMatchObject({ status: 'completed', convertedMinor: '1500', forfeitedMinor: '500' });
    expect(await transfersWithKey(`bonus:convert:${done.id}`)).toBe(1);
    expect(await transfersWithKey(`bonus:convert-rest:${done.id}`)).toBe(1);
    expect(await balanceOf(t, p.userId, 0)).toBe(1500n);
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
  });
});

describe('forfeit', () => {
  it('an expired bonus is forfeited once by the workers, even with two passes at once', async () => {
    await t.bonuses.createCampaign(campaign('expiring', { wagering: { multiple: 5, expiryDays: 1 } }), [
      { code: 'EXPIRE' },
    ]);
    const p = await newPlayer(t);
    await p.client.post(`${BONUS_API}/promo/claim`, { code: 'EXPIRE' }, key());
    expect(await balanceOf(t, p.userId, 4)).toBe(10_000n);
    t.clock.advance(DAY + 1);
    const passes = await Promise.all([t.bonuses.runJobs(), t.bonuses.runJobs()]);
    expect(passes.reduce((s, x) => s + x.expired, 0)).toBeGreaterThanOrEqual(1);
    // (The player's session ended with the day: the service answers what /my/history would.)
    const [row] = await t.bonuses.playerBonuses(p.userId, true);
    const done = {
      id: row!.id.toString(),
      status: row!.status,
      forfeited: row!.forfeited_minor,
      reason: row!.finish_reason,
    };
    expect(done).toMatchObject({ status: 'expired', forfeited: 10_000n, reason: 'expiry' });
    expect(await transfersWithKey(`bonus:forfeit:${done.id}`)).toBe(1);
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
  });

  it('a withdrawal: the preview says what is forfeited, the confirmation forfeits it', async () => {
    await t.bonuses.createCampaign(campaign('withdraw-me'), [{ code: 'WITHDRAW' }]);
    const p = await newPlayer(t);
    await p.client.post(`${BONUS_API}/promo/claim`, { code: 'WITHDRAW' }, key());
    const preview = (await p.client.get(`${BONUS_API}/withdrawal-forfeit`)).json();
    expect(preview.forfeitMinorByCurrency).toEqual({ RUB: '10000' });
    const unconfirmed = await p.client.post(`${BONUS_API}/withdrawal-forfeit`, { confirm: false }, key());
    expect(unconfirmed.json().error.code).toBe('BONUS_CONFIRMATION_REQUIRED');
    expect(await balanceOf(t, p.userId, 4)).toBe(10_000n);
    const confirmed = await p.client.post(`${BONUS_API}/withdrawal-forfeit`, { confirm: true }, key());
    expect(confirmed.json().bonuses[0]).toMatchObject({ status: 'forfeited', finishReason: 'withdrawal' });
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
    expect((await p.client.get(`${BONUS_API}/withdrawal-forfeit`)).json().bonuses).toEqual([]);
    // Forfeiting a finished bonus is refused.
    const id = confirmed.json().bonuses[0].id;
    expect((await p.client.post(`${BONUS_API}/my/${id}/forfeit`, {}, key())).json().error.code).toBe(
      'BONUS_NOT_ACTIVE',
    );
  });
});

describe('free spins, points and the shop', () => {
  it('free spins: a count at a fixed stake; winnings become bonus money with their own wagering', async () => {
    await t.bonuses.createCampaign(
      campaign('spins', {
        trigger: 'opt_in',
        reward: { kind: 'free_spins', count: 3, games: ['slot-classic'], stakeMinor: '100' },
        wagering: { multiple: 4 },
      }),
    );
    const p = await newPlayer(t);
    const opted = await p.client.post(`${BONUS_API}/offers/spins/opt-in`, {}, key());
    expect(opted.json().bonus).toMatchObject({ kind: 'free_spins', spinsLeft: 3, spinStakeMinor: '100' });
    const bonusId = BigInt(opted.json().bonus.id);
    await t.bonuses.freeSpinPlayed({ userId: p.userId, bonusId, spinRef: 's1', winMinor: 250n });
    await t.bonuses.freeSpinPlayed({ userId: p.userId, bonusId, spinRef: 's1', winMinor: 250n }); // replay
    await t.bonuses.freeSpinPlayed({ userId: p.userId, bonusId, spinRef: 's2', winMinor: 0n });
    const last = await t.bonuses.freeSpinPlayed({ userId: p.userId, bonusId, spinRef: 's3', winMinor: 50n });
    expect(last).toMatchObject({
      kind: 'money',
      status: 'active',
      balance_minor: 300n,
      requirement_minor: 1200n,
    });
    expect(await balanceOf(t, p.userId, 4)).toBe(300n);
    expect(
      await errorCode(t.bonuses.freeSpinPlayed({ userId: p.userId, bonusId, spinRef: 's4', winMinor: 1n })),
    ).toBe('BONUS_NOT_FOUND');
    await p.client.post(`${BONUS_API}/my/${bonusId}/forfeit`, {}, key());
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
  });

  it('points buy a shop item (a free bet) once per key; too few points are refused', async () => {
    await t.bonuses.createCampaign(
      campaign('shop-freebet', {
        trigger: 'opt_in',
        reward: { kind: 'free_bet', amountMinor: '500' },
        limits: { perPlayer: 10 },
      }),
    );
    await t.bonuses.addShopItem({
      code: 'freebet-5',
      title: { en: 'Free bet 5.00' },
      costPoints: 30n,
      campaignCode: 'shop-freebet',
    });
    const p = await newPlayer(t);
    await t.ledger.transaction((trx) =>
      t.bonuses.betSettled(trx, { betId: 9_200_001n, userId: p.userId, currency: 'RUB', stakeMinor: 4000n }),
    );
    expect((await p.client.get(`${BONUS_API}/shop`)).json().items[0]).toMatchObject({
      code: 'freebet-5',
      costPoints: '30',
    });
    const k = key();
    const bought = await p.client.post(`${BONUS_API}/shop/freebet-5/buy`, {}, k);
    expect(bought.json().bonus).toMatchObject({ kind: 'free_bet', amountMinor: '500', status: 'active' });
    expect((await p.client.post(`${BONUS_API}/shop/freebet-5/buy`, {}, k)).json().bonus.id).toBe(
      bought.json().bonus.id,
    );
    expect((await p.client.get(`${BONUS_API}/points`)).json().balance).toBe('10');
    const poor = await p.client.post(`${BONUS_API}/shop/freebet-5/buy`, {}, key());
    expect(poor.json().error.code).toBe('BONUS_POINTS_INSUFFICIENT');
    const used = await t.bonuses.useFreeBet({
      userId: p.userId,
      bonusId: BigInt(bought.json().bonus.id),
      betId: 77n,
    });
    expect(used.status).toBe('used');
  });
});

describe('offers and the popup', () => {
  it('lists public offers by category and answers the first-deposit popup', async () => {
    const all = (await t.app.inject({ method: 'GET', url: `${BONUS_API}/offers` })).json().offers;
    expect(all.map((o: { code: string }) => o.code)).toContain('welcome-match');
    expect(all.map((o: { code: string }) => o.code)).not.toContain('promo-fixed');
    const first = (
      await t.app.inject({ method: 'GET', url: `${BONUS_API}/offers?category=first_deposit` })
    ).json();
    expect(first.offers.map((o: { code: string }) => o.code)).toEqual(['welcome-match']);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BONUS_API}/offers?category=lotto` })).statusCode,
    ).toBe(400);
    const one = (await t.app.inject({ method: 'GET', url: `${BONUS_API}/offers/welcome-match` })).json();
    expect(one.terms).toEqual({ ru: 'Условия', en: 'Terms' });
    const popup = (
      await t.app.inject({ method: 'GET', url: '/web-api/officeapi/v1/bonus-popup-information' })
    ).json();
    expect(popup.bonusPopupInformation).toMatchObject({
      isAvailable: true,
      offer: { code: 'welcome-match' },
    });
  });
});

describe('what conversion can pay (seeded property)', () => {
  it('never more than the bonus balance nor the maximum conversion, whatever the wagers', async () => {
    const rnd = new SimulationSource(2026_11_27);
    const pick = (n: number) => rnd.nextUint32() % n;
    for (let i = 0; i < 8; i++) {
      const amount = BigInt(100 + pick(5000));
      const maxConversion = pick(2) === 0 ? 0n : BigInt(1 + pick(6000));
      const multiple = pick(4);
      await t.bonuses.createCampaign(
        campaign(`prop-${i}`, {
          category: 'bukmaker',
          reward: { kind: 'fixed', amountMinor: amount.toString() },
          wagering: { multiple, maxConversionMinor: maxConversion.toString() },
        }),
        [{ code: `PROP${i}` }],
      );
      const p = await newPlayer(t);
      await p.client.post(`${BONUS_API}/promo/claim`, { code: `PROP${i}` }, key());
      for (let w = 0; w < 6; w++) {
        const betId = BigInt(9_300_000 + i * 100 + w);
        await t.ledger.transaction((trx) =>
          t.bonuses.betSettled(trx, {
            betId,
            userId: p.userId,
            currency: 'RUB',
            stakeMinor: BigInt(pick(4000)),
            coefMilli: BigInt(1000 + pick(2000)),
          }),
        );
      }
      const rows = await t.db
        .selectFrom('bonus_player_bonuses')
        .selectAll()
        .where('user_id', '=', p.userId)
        .execute();
      for (const b of rows) {
        expect(b.progress_minor).toBeLessThanOrEqual(b.requirement_minor);
        const paid = b.converted_minor ?? 0n;
        expect(paid).toBeLessThanOrEqual(amount);
        if (maxConversion > 0n) expect(paid).toBeLessThanOrEqual(maxConversion);
        expect(await balanceOf(t, p.userId, 0)).toBe(paid);
        if (b.status === 'completed') expect(paid + (b.forfeited_minor ?? 0n)).toBe(amount);
      }
    }
  });
});

describe('jurisdiction switches (config group bonuses)', () => {
  it('opt-in required refuses automatic grants; the wagering maximum applies only while set', async () => {
    await t.bonuses.createCampaign(
      campaign('reg-gift', {
        trigger: 'registration',
        category: 'bonuses',
        reward: { kind: 'fixed', amountMinor: '1000' },
        wagering: { multiple: 35 },
      }),
    );
    try {
      await t.siteConfig.set('bonuses.optInRequired', true);
      const refused = await newPlayer(t);
      expect(await myBonuses(refused.client)).toEqual([]);
      await t.siteConfig.reset('bonuses.optInRequired');
      const capped = await newPlayer(t);
      expect((await myBonuses(capped.client))[0]).toMatchObject({
        balanceMinor: '1000',
        requirementMinor: '10000',
      });
      await t.siteConfig.set('bonuses.maxWageringMultiple', 0);
      const uncapped = await newPlayer(t);
      expect((await myBonuses(uncapped.client))[0]).toMatchObject({ requirementMinor: '35000' });
      await t.siteConfig.reset('bonuses.maxWageringMultiple');
      // A paused campaign grants nothing more.
      await t.bonuses.setStatus('reg-gift', 'paused');
      expect(await myBonuses((await newPlayer(t)).client)).toEqual([]);
    } finally {
      await t.bonuses.setStatus('reg-gift', 'paused');
      await t.siteConfig.reset('bonuses.optInRequired');
      await t.siteConfig.reset('bonuses.maxWageringMultiple');
    }
  });
});

describe('parlay bonuses', () => {
  it('creates from a JSON file, lists, pauses and resumes; bad input is an error line and exit 1', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'bonuses-cli-'));
    const file = path.join(dir, 'campaign.json');
    await writeFile(
      file,
      JSON.stringify({ campaign: campaign('cli-made'), promoCodes: [{ code: 'CLIMADE', maxUses: 3 }] }),
    );
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) };
    expect(await runBonusesCommand(t.bonuses, ['create', file], out)).toBe(0);
    expect(await runBonusesCommand(t.bonuses, ['create', file], out)).toBe(1);
    expect(await runBonusesCommand(t.bonuses, ['pause', 'cli-made'], out)).toBe(0);
    expect((await t.bonuses.campaign('cli-made')).status).toBe('paused');
    expect((await t.app.inject({ method: 'GET', url: `${BONUS_API}/promo/CLIMADE` })).json().error.code).toBe(
      'BONUS_PROMO_EXPIRED',
    );
    expect(await runBonusesCommand(t.bonuses, ['resume', 'cli-made'], out)).toBe(0);
    expect(await runBonusesCommand(t.bonuses, ['list'], out)).toBe(0);
    await writeFile(file, JSON.stringify({ code: 'X', trigger: 'never' }));
    expect(await runBonusesCommand(t.bonuses, ['create', file], out)).toBe(1);
    expect(await runBonusesCommand(t.bonuses, ['create', path.join(dir, 'missing.json')], out)).toBe(1);
    expect(await runBonusesCommand(t.bonuses, ['frobnicate'], out)).toBe(1);
    expect(lines).toContain('campaign cli-made: paused');
    expect(lines.some((l) => l.startsWith('! BONUS_CAMPAIGN_EXISTS'))).toBe(true);
    expect(lines.some((l) => l.startsWith('! BONUS_CAMPAIGN_INVALID'))).toBe(true);
    expect(lines.some((l) => l.startsWith('cli-made\tactive\tpromo_code'))).toBe(true);
  });
});

describe('casino rounds racing to complete a bonus', () => {
  it('parallel rounds of one player convert the bonus once', async () => {
    await t.bonuses.createCampaign(
      campaign('casino-race', { reward: { kind: 'fixed', amountMinor: '3000' }, wagering: { multiple: 1 } }),
      [{ code: 'CASINORACE' }],
    );
    const p = await newPlayer(t);
    await t.ledger.move({
      idempotencyKey: `bonus-test-fund:${p.userId}`,
      reason: 'deposit',
      currency: 'RUB',
      from: { system: 'provider' },
      to: p.accountId,
      amountMinor: 10_000n,
      userId: p.userId,
    });
    await p.client.post(`${BONUS_API}/promo/claim`, { code: 'CASINORACE' }, key());
    const answers = await Promise.all(Array.from({ length: 6 }, () => dice(p.client, '1000')));
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    // Whatever order they ran in, the bonus ended once: converted when wagered, or depleted first.
    const rows = await t.db
      .selectFrom('bonus_player_bonuses')
      .selectAll()
      .where('user_id', '=', p.userId)
      .execute();
    expect(rows).toHaveLength(1);
    const b = rows[0]!;
    expect(b.status === 'completed' || b.status === 'forfeited' || b.status === 'active').toBe(true);
    expect(await transfersWithKey(`bonus:convert:${b.id}`)).toBeLessThanOrEqual(1);
    expect(b.progress_minor).toBeLessThanOrEqual(b.requirement_minor);
    if (b.status === 'completed') {
      expect(b.progress_minor).toBe(b.requirement_minor);
      expect(await transfersWithKey(`bonus:convert:${b.id}`)).toBe(b.converted_minor! > 0n ? 1 : 0);
    }
    expect(await balanceOf(t, p.userId, 4)).toBe(b.status === 'active' ? b.balance_minor : 0n);
  });
});
