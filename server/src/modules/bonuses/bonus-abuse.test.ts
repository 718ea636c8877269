/**
 * Red-team regression tests of the bonus engine (PGlite, ManualClock): a round staked with bonus
 * money whose bonus ends (forfeit, expiry) before the round finishes must not turn the win of that
 * bonus money into real money. The casino's purse calls coverStake when a stake is made and
 * roundFinished when a multi-step round (blackjack, video poker) ends; the test drives the same port
 * inside ledger transactions, the payout credited to the real account as the seamless wallet does.
 */
import { describe, expect, it } from 'vitest';
import { hookBonuses } from './index.ts';
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

const DAY = 86_400_000;
let nextRound = 9_700_000_000n;

async function campaignWithCode(code: string, wagering: Record<string, unknown> = {}) {
  await t.bonuses.createCampaign(
    {
      code,
      category: 'casino',
      trigger: 'promo_code',
      title: { ru: `Бонус ${code}`, en: `Bonus ${code}` },
      terms: { ru: 'Условия', en: 'Terms' },
      reward: { kind: 'fixed', amountMinor: '10000' },
      wagering: { multiple: 5, basis: 'bonus', expiryDays: 1, ...wagering },
    },
    [{ code: code.toUpperCase() }],
  );
}

async function claim(p: { userId: bigint }, code: string): Promise<bigint> {
  const bonus = await t.bonuses.claimPromo({
    userId: p.userId,
    currency: 'RUB',
    country: null,
    code: code.toUpperCase(),
    idempotencyKey: newKey(),
  });
  return bonus!.id;
}

async function bonusPlayer(code: string, wagering: Record<string, unknown> = {}) {
  await campaignWithCode(code, wagering);
  const p = await newPlayer(t);
  return { ...p, bonusId: await claim(p, code) };
}

/** A stake step of a round, covered by the active bonus; answers what it covered. */
function cover(p: { userId: bigint }, roundId: bigint, step: string, amountMinor: bigint) {
  return t.ledger.transaction((trx) =>
    t.bonuses.casinoWallet.coverStake(
      { userId: p.userId, currency: 'RUB', roundId, step, amountMinor, engineId: 'blackjack' },
      trx,
    ),
  );
}

/** Opens a blackjack-like round whose whole stake is bonus money; answers the round id. */
async function stakeAllBonus(p: { userId: bigint }, stakeMinor = 10_000n): Promise<bigint> {
  const roundId = nextRound++;
  const covered = await t.ledger.transaction((trx) =>
    t.bonuses.casinoWallet.coverStake(
      {
        userId: p.userId,
        currency: 'RUB',
        roundId,
        step: 'stake',
        amountMinor: stakeMinor,
        engineId: 'blackjack',
      },
      trx,
    ),
  );
  expect(covered).toBe(stakeMinor);
  return roundId;
}

/** Finishes the round with a payout of 2× (credited to the real account, then the bonus hook). */
async function finishWinning(
  p: { userId: bigint; accountId: bigint },
  roundId: bigint,
  stakedMinor = 10_000n,
): Promise<void> {
  await t.ledger.transaction(async (trx, ledger) => {
    await ledger.move({
      idempotencyKey: `casino:${roundId}:win`,
      reason: 'casino_win',
      currency: 'RUB',
      from: { system: 'house' },
      to: p.accountId,
      amountMinor: 20_000n,
      userId: p.userId,
    });
    await t.bonuses.casinoWallet.roundFinished(
      { userId: p.userId, roundId, stakedMinor, payoutMinor: 20_000n, engineId: 'blackjack' },
      trx,
    );
  });
}

describe('a bonus ended while its money is in play', () => {
  it('forfeited mid-round: the win of the bonus stake is not real money', async () => {
    const p = await bonusPlayer('abuse-forfeit');
    const realBefore = await balanceOf(t, p.userId, 0);
    const roundId = await stakeAllBonus(p);
    await t.bonuses.forfeit(p.userId, p.bonusId);
    await finishWinning(p, roundId);
    expect(await balanceOf(t, p.userId, 0)).toBe(realBefore);
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
    const row = await t.db
      .selectFrom('bonus_player_bonuses')
      .select(['status', 'forfeited_minor'])
      .where('id', '=', p.bonusId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'forfeited', forfeited_minor: 20_000n });
  });

  it('expired mid-round: the same, and a replayed finish moves nothing more', async () => {
    const p = await bonusPlayer('abuse-expire');
    const realBefore = await balanceOf(t, p.userId, 0);
    const roundId = await stakeAllBonus(p);
    t.clock.advance(2 * DAY);
    await t.bonuses.runJobs();
    await finishWinning(p, roundId);
    expect(await balanceOf(t, p.userId, 0)).toBe(realBefore);
    // The finish is one transaction; the payout's own key makes a replay a no-op.
    await t.ledger.transaction((trx) =>
      t.bonuses.casinoWallet.roundFinished(
        { userId: p.userId, roundId, stakedMinor: 10_000n, payoutMinor: 20_000n, engineId: 'blackjack' },
        trx,
      ),
    );
    expect(await balanceOf(t, p.userId, 0)).toBe(realBefore);
  });

  it('converted mid-round by other wagering: the win of the bonus stake stays within the maximum conversion', async () => {
    const p = await bonusPlayer('abuse-convert', { multiple: 1, maxConversionMinor: '10000' });
    const realBefore = await balanceOf(t, p.userId, 0);
    const roundId = await stakeAllBonus(p, 5_000n);
    // A settled sports bet completes the wagering: the 5000 left converts while the round is open.
    await t.ledger.transaction((trx) =>
      t.bonuses.betSettled(trx, {
        betId: nextRound++,
        userId: p.userId,
        currency: 'RUB',
        stakeMinor: 10_000n,
        coefMilli: 2000,
      }),
    );
    expect(await balanceOf(t, p.userId, 0)).toBe(realBefore + 5_000n);
    await finishWinning(p, roundId, 5_000n);
    // 5000 converted + 20000 won with bonus money, of which only 5000 more fits under the 10000 cap.
    expect(await balanceOf(t, p.userId, 0)).toBe(realBefore + 10_000n);
    const row = await t.db
      .selectFrom('bonus_player_bonuses')
      .select(['status', 'converted_minor', 'forfeited_minor'])
      .where('id', '=', p.bonusId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', converted_minor: 10_000n, forfeited_minor: 15_000n });
  });

  it('a round whose steps two bonuses covered (the first forfeited, a second claimed): each share goes to its own bonus', async () => {
    const p = await bonusPlayer('abuse-two-a');
    await campaignWithCode('abuse-two-b');
    const realBefore = await balanceOf(t, p.userId, 0);
    const roundId = nextRound++;
    expect(await cover(p, roundId, 'stake', 10_000n)).toBe(10_000n);
    await t.bonuses.forfeit(p.userId, p.bonusId);
    const second = await claim(p, 'abuse-two-b');
    expect(await cover(p, roundId, 'stake:2', 10_000n)).toBe(10_000n);
    await t.ledger.transaction(async (trx, ledger) => {
      await ledger.move({
        idempotencyKey: `casino:${roundId}:win`,
        reason: 'casino_win',
        currency: 'RUB',
        from: { system: 'house' },
        to: p.accountId,
        amountMinor: 40_000n,
        userId: p.userId,
      });
      await t.bonuses.casinoWallet.roundFinished(
        { userId: p.userId, roundId, stakedMinor: 20_000n, payoutMinor: 40_000n, engineId: 'blackjack' },
        trx,
      );
    });
    // Half the payout was won with the forfeited bonus (to the house), half with the second (bonus money).
    expect(await balanceOf(t, p.userId, 0)).toBe(realBefore);
    expect(await balanceOf(t, p.userId, 4)).toBe(20_000n);
    const row = await t.db
      .selectFrom('bonus_player_bonuses')
      .select(['status', 'balance_minor'])
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', balance_minor: 20_000n });
  });
});

describe('country-bound campaigns', () => {
  it('read the geo header the site is configured with, not a header the player can add', async () => {
    await t.bonuses.createCampaign(
      {
        code: 'abuse-geo',
        category: 'casino',
        trigger: 'promo_code',
        title: { ru: 'Бонус', en: 'Bonus' },
        terms: { ru: 'Условия', en: 'Terms' },
        reward: { kind: 'fixed', amountMinor: '10000' },
        wagering: { multiple: 5, basis: 'bonus', expiryDays: 7 },
        conditions: { countries: ['kz'] },
      },
      [{ code: 'ABUSEGEO' }],
    );
    const p = await newPlayer(t);
    try {
      await t.siteConfig.set('main.geoCountryHeader', 'cf-ipcountry');
      const spoofed = await p.client.post(
        `${BONUS_API}/promo/claim`,
        { code: 'ABUSEGEO' },
        { 'idempotency-key': newKey(), 'cf-ipcountry': 'RU', 'x-geo-country': 'KZ' },
      );
      expect(spoofed.json().error?.code).toBe('BONUS_COUNTRY_NOT_ALLOWED');
      expect(await balanceOf(t, p.userId, 4)).toBe(0n);
      const real = await p.client.post(
        `${BONUS_API}/promo/claim`,
        { code: 'ABUSEGEO' },
        { 'idempotency-key': newKey(), 'cf-ipcountry': 'KZ' },
      );
      expect(real.statusCode).toBe(200);
      expect(await balanceOf(t, p.userId, 4)).toBe(10_000n);
    } finally {
      await t.siteConfig.reset('main.geoCountryHeader');
    }
  });
});

describe('a withdrawal', () => {
  it('is refused while a bonus is active unless it confirms the forfeit, which it then does itself', async () => {
    // The test's own payments service, hooked as app.ts hooks the app's.
    hookBonuses(t.bonuses, { payments: t.payments });
    const p = await bonusPlayer('abuse-withdraw');
    await deposit(t, p, 50_000n);
    const card = (await t.payments.methods({ direction: 'withdrawal', currency: 'RUB' })).find(
      (m) => m.code === 'card',
    );
    const request = {
      userId: p.userId,
      accountId: p.accountId,
      methodId: card!.id,
      amountMinor: 50_000n,
      lng: 'ru',
      destination: '4111111111111111',
    };
    // A client that skips the warning: refused, nothing reserved, the bonus still active.
    await expect(
      t.payments.requestWithdrawal({ ...request, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      code: 'BONUS_FORFEIT_CONFIRMATION_REQUIRED',
    });
    expect(await balanceOf(t, p.userId, 0)).toBe(50_000n);
    expect(await balanceOf(t, p.userId, 4)).toBe(10_000n);
    await t.payments.requestWithdrawal({ ...request, idempotencyKey: newKey(), forfeitBonuses: true });
    const row = await t.db
      .selectFrom('bonus_player_bonuses')
      .select(['status', 'finish_reason', 'forfeited_minor'])
      .where('id', '=', p.bonusId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'forfeited', finish_reason: 'withdrawal', forfeited_minor: 10_000n });
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
  });
});
