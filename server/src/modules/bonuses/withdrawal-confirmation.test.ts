/**
 * A withdrawal with an active bonus through the payments route (the app's own payments, hooked by
 * app.ts): without `forfeitBonuses` it is refused with BONUS_FORFEIT_CONFIRMATION_REQUIRED and the
 * bonuses in its details, and nothing moves; with it the withdrawal is reserved and the bonuses in
 * that currency are forfeited in the same transaction. A player without a bonus needs no flag.
 * The ledger's invariants are checked after each test (setUpBonusTestApp).
 */
import { describe, expect, it } from 'vitest';
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

const WITHDRAWALS = '/web-api/payments/v1/withdrawals';

async function cardMethodId(): Promise<number> {
  const card = (await t.payments.methods({ direction: 'withdrawal', currency: 'RUB' })).find(
    (m) => m.code === 'card',
  );
  if (!card) throw new Error('no card withdrawal method');
  return card.id;
}

async function withdrawalCount(userId: bigint): Promise<number> {
  const rows = await t.db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('direction', '=', 'withdrawal')
    .execute();
  return rows.length;
}

describe('a withdrawal with an active bonus', () => {
  it('is refused without the confirmation (nothing moves) and forfeits the bonus with it', async () => {
    await t.bonuses.createCampaign(
      {
        code: 'wd-confirm',
        category: 'casino',
        trigger: 'promo_code',
        title: { ru: 'Бонус на вывод', en: 'Withdrawal bonus' },
        terms: { ru: 'Условия', en: 'Terms' },
        reward: { kind: 'fixed', amountMinor: '12345' },
        wagering: { multiple: 5, basis: 'bonus', expiryDays: 3 },
      },
      [{ code: 'WDCONFIRM' }],
    );
    const p = await newPlayer(t);
    const claimed = await p.client.post(
      `${BONUS_API}/promo/claim`,
      { code: 'WDCONFIRM' },
      { 'idempotency-key': newKey() },
    );
    expect(claimed.statusCode).toBe(200);
    const bonusId = claimed.json().bonus.id as string;
    await deposit(t, p, 50_000n);
    const body = {
      accountId: p.accountId.toString(),
      methodId: await cardMethodId(),
      amount: '200',
      lng: 'en',
      destination: '4111111111111111',
    };

    const refused = await p.client.post(WITHDRAWALS, body, { 'idempotency-key': newKey() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'BONUS_FORFEIT_CONFIRMATION_REQUIRED',
      details: {
        bonuses: [
          {
            id: bonusId,
            campaign: 'wd-confirm',
            currency: 'RUB',
            balanceMinor: '12345',
            title: { ru: 'Бонус на вывод', en: 'Withdrawal bonus' },
          },
        ],
      },
    });
    // Nothing moved: no withdrawal, the real money and the bonus as they were.
    expect(await withdrawalCount(p.userId)).toBe(0);
    expect(await balanceOf(t, p.userId, 0)).toBe(50_000n);
    expect(await balanceOf(t, p.userId, 4)).toBe(12_345n);
    expect((await p.client.get(`${BONUS_API}/my`)).json().bonuses).toHaveLength(1);

    // `forfeitBonuses: false` is no confirmation either.
    const no = await p.client.post(
      WITHDRAWALS,
      { ...body, forfeitBonuses: false },
      { 'idempotency-key': newKey() },
    );
    expect(no.json().error?.code).toBe('BONUS_FORFEIT_CONFIRMATION_REQUIRED');
    expect(await withdrawalCount(p.userId)).toBe(0);

    const confirmed = await p.client.post(
      WITHDRAWALS,
      { ...body, forfeitBonuses: true },
      { 'idempotency-key': newKey() },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(await withdrawalCount(p.userId)).toBe(1);
    expect(await balanceOf(t, p.userId, 0)).toBe(30_000n);
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);
    expect((await p.client.get(`${BONUS_API}/my`)).json().bonuses).toEqual([]);
    const history = (await p.client.get(`${BONUS_API}/my/history`)).json().bonuses;
    expect(history[0]).toMatchObject({
      id: bonusId,
      status: 'forfeited',
      finishReason: 'withdrawal',
      forfeitedMinor: '12345',
    });
  });

  it('a player without an active bonus withdraws without the flag', async () => {
    const p = await newPlayer(t);
    await deposit(t, p, 30_000n);
    const res = await p.client.post(
      WITHDRAWALS,
      {
        accountId: p.accountId.toString(),
        methodId: await cardMethodId(),
        amount: '100',
        lng: 'en',
        destination: '4111111111111111',
      },
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t, p.userId, 0)).toBe(20_000n);
  });
});
