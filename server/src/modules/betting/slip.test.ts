import { describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/test-client.ts';
import { COUPON_CODE_TTL_MS } from './coupon-codes.ts';
import {
  type BettingTestApp,
  createNamedGame,
  fundedPlayer,
  resultMarket,
  setUpBettingTestApp,
  suspendMarket,
} from './test-support.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

const QUOTE = '/web-api/betting/v1/coupons/quote';
const CODES = '/web-api/betting/v1/coupon-codes';
const SETTINGS = '/web-api/betting/v1/coupon-settings';
let nextGuest = 1;
const guest = () => new TestClient(t.app, `10.9.0.${nextGuest++}`);
const ids = (outcomeIds: bigint[]) => outcomeIds.map((id) => ({ outcomeId: id.toString() }));

describe('quote', () => {
  it('answers an express for a guest: bets with labels, coefficient, limits, steps and express bonus', async () => {
    const games = [
      await createNamedGame(t, [2000, 3000, 4000]),
      await createNamedGame(t, [1500, 3000, 5000]),
      await createNamedGame(t, [3000, 3000, 2500]),
    ];
    const bets = games.map((g) => ({ outcomeId: g.outcomeIds[0]!.toString() }));
    const res = await guest().post(QUOTE, { typeId: 1, bets, lng: 'ru' });
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({
      currency: 'RUB',
      typeId: 1,
      systemValue: 2,
      coefMilli: '9000',
      minAmountMinor: '1000',
      maxAmountMinor: '50000000',
      maxPayoutMinor: '500000000',
      initialAmountMinor: '15000',
      amountStepMinor: '10000',
      systemValues: [],
      expressBonus: { available: true, coefMilli: 1030 },
      isVipBetAvailable: true,
      isPromoCodeAllowed: true,
      promo: null,
    });
    expect(quote.bets).toHaveLength(3);
    expect(quote.bets[0]).toEqual({
      outcomeId: bets[0]!.outcomeId,
      gameId: games[0]!.gameId,
      marketId: games[0]!.marketId.toString(),
      sportId: 1,
      oddsMilli: 2000,
      marketKind: 1,
      isLive: false,
      isLocked: false,
      isFinished: false,
      isDisabledBanker: false,
      gameLabel: 'Home — Away',
      marketLabel: '1X2',
      outcomeLabel: 'Home',
      startsAt: expect.stringMatching(/^2026-/),
      score: null,
    });
    const en = (await guest().post(QUOTE, { typeId: 1, bets, lng: 'en' })).json();
    expect(en.bets[0].outcomeLabel).toBe('Home');
  });

  it('lists system values with combinations and minimum bets, bankers included', async () => {
    const games = [];
    for (let i = 0; i < 4; i++) games.push(await createNamedGame(t, [2000, 3000, 4000]));
    const bets = games.map((g) => ({ outcomeId: g.outcomeIds[0]!.toString() }));
    const system = (await guest().post(QUOTE, { typeId: 4, systemValue: 3, bets })).json();
    expect(system.systemValues).toEqual([
      { value: 2, combo: 6, offset: 4, minBetAmountMinor: '6000' },
      { value: 3, combo: 4, offset: 4, minBetAmountMinor: '4000' },
    ]);
    // System 3 of four bets at 2.0: four trebles at 8.0 = 32.0 for four stakes → 8.000 per unit.
    expect(system).toMatchObject({
      coefMilli: '8000',
      minAmountMinor: '4000',
      expressBonus: { available: false },
    });
    const banker = (
      await guest().post(QUOTE, {
        typeId: 2,
        systemValue: 2,
        bets: bets.map((b, i) => ({ ...b, isBanker: i === 0 })),
      })
    ).json();
    expect(banker.systemValues).toEqual([
      { value: 2, combo: 3, offset: 4, minBetAmountMinor: '3000' },
      { value: 3, combo: 3, offset: 4, minBetAmountMinor: '3000' },
    ]);
    expect(banker.minAmountMinor).toBe('3000');
  });

  it('uses the currency asked by a guest and the account’s for a player', async () => {
    const g = await createNamedGame(t, [1850, 3400, 4200]);
    const usd = (
      await guest().post(QUOTE, { typeId: 0, currency: 'USD', bets: ids([g.outcomeIds[0]!]) })
    ).json();
    expect(usd).toMatchObject({
      currency: 'USD',
      minAmountMinor: '20',
      maxAmountMinor: '500000',
      maxPayoutMinor: '5000000',
      initialAmountMinor: '500',
      amountStepMinor: '250',
      coefMilli: '1850',
    });
    const p = await fundedPlayer(t, 0n);
    const own = (
      await p.client.post(QUOTE, {
        typeId: 0,
        currency: 'USD',
        accountId: p.accountId.toString(),
        bets: ids([g.outcomeIds[0]!]),
      })
    ).json();
    expect(own.currency).toBe('RUB');
    const unknown = await guest().post(QUOTE, { typeId: 0, currency: 'XXX', bets: ids([g.outcomeIds[0]!]) });
    expect(unknown.statusCode).toBe(400);
  });

  it('marks unavailable, locked, live and dependent bets; VIP and promo availability follow the rules', async () => {
    const line = await createNamedGame(t, [2000, 3000, 4000]);
    const live = await createNamedGame(t, [2100, 3000, 3300], { live: true });
    const suspended = await createNamedGame(t, [2000, 3000, 4000]);
    await suspendMarket(t, suspended.marketId);
    const quote = (
      await guest().post(QUOTE, {
        typeId: 1,
        bets: ids([line.outcomeIds[0]!, 999_999n, live.outcomeIds[0]!, suspended.outcomeIds[0]!]),
      })
    ).json();
    expect(quote.bets[1]).toEqual({ outcomeId: '999999', isUnavailable: true });
    expect(quote.bets[2]).toMatchObject({ isLive: true, score: '0:0', isLocked: false });
    expect(quote.bets[3]).toMatchObject({ isLocked: true, isDisabledBanker: true });
    // Priced as the slip places it, on the open bets: 2.0 × 2.1; one is live, so no VIP; two bets, no bonus.
    expect(quote).toMatchObject({
      coefMilli: '4200',
      isVipBetAvailable: false,
      expressBonus: { available: false, coefMilli: 1020 },
    });
    const liveOnly = (await guest().post(QUOTE, { typeId: 0, bets: ids([live.outcomeIds[0]!]) })).json();
    expect(liveOnly).toMatchObject({ coefMilli: '2100', isVipBetAvailable: false });
    const dependent = (
      await guest().post(QUOTE, { typeId: 1, bets: ids(line.outcomeIds.slice(0, 2)) })
    ).json();
    expect(dependent.bets.map((b: { isLocked: boolean }) => b.isLocked)).toEqual([true, true]);
    const singles = (
      await guest().post(QUOTE, { typeId: 10001, bets: ids(line.outcomeIds.slice(0, 2)), promoCode: 'ANY' })
    ).json();
    expect(singles).toMatchObject({
      coefMilli: null,
      isVipBetAvailable: false,
      isPromoCodeAllowed: false,
      promo: { code: 'ANY', valid: false, reason: 'PROMO_CODE_NOT_ALLOWED' },
    });
    expect(singles.bets.every((b: { isLocked: boolean }) => !b.isLocked)).toBe(true);
    const bad = await guest().post(QUOTE, { typeId: 3, bets: ids([line.outcomeIds[0]!]) });
    expect(bad.statusCode).toBe(400);
    const tooMany = await guest().post(QUOTE, {
      typeId: 1,
      bets: Array.from({ length: 51 }, (_, i) => ({ outcomeId: String(i + 1) })),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('coupon codes', () => {
  it('saves a coupon and loads it by code, case-insensitively, from another client', async () => {
    const games = [
      await createNamedGame(t, [2000, 3000, 4000]),
      await createNamedGame(t, [1500, 3000, 5000]),
      await createNamedGame(t, [3000, 3000, 2500]),
    ];
    const bets = games.map((g, i) => ({ outcomeId: g.outcomeIds[0]!.toString(), isBanker: i === 1 }));
    const saved = await guest().post(CODES, { typeId: 2, systemValue: 2, bets });
    expect(saved.statusCode).toBe(200);
    const { code } = saved.json();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const loaded = (await guest().get(`${CODES}/${code.toLowerCase()}?lng=en`)).json();
    expect(loaded).toMatchObject({ code, typeId: 2, systemValue: 2 });
    expect(
      loaded.bets.map((b: { outcomeId: string; isBanker: boolean }) => [b.outcomeId, b.isBanker]),
    ).toEqual(bets.map((b) => [b.outcomeId, b.isBanker]));
    expect(loaded.bets[0]).toMatchObject({
      oddsMilli: 2000,
      outcomeLabel: 'Home',
      gameLabel: 'Home — Away',
    });
    await resultMarket(t, games[2]!.marketId, [[games[2]!.outcomeIds[0]!, 'win']]);
    const later = (await guest().get(`${CODES}/${code}`)).json();
    expect(later.bets[2]).toEqual({ outcomeId: bets[2]!.outcomeId, isUnavailable: true, isBanker: false });
    const missing = await guest().get(`${CODES}/ZZZZZZZZ`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('COUPON_CODE_NOT_FOUND');
  });

  it('forgets a code after 30 days', async () => {
    const g = await createNamedGame(t, [2000, 3000, 4000]);
    const { code } = (await guest().post(CODES, { typeId: 0, bets: ids([g.outcomeIds[0]!]) })).json();
    t.clock.advance(COUPON_CODE_TTL_MS - 1);
    expect((await guest().get(`${CODES}/${code}`)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await guest().get(`${CODES}/${code}`)).json().error.code).toBe('COUPON_CODE_NOT_FOUND');
  });

  it('creates at most 20 codes an hour per IP address and per player', async () => {
    const g = await createNamedGame(t, [2000, 3000, 4000]);
    const body = { typeId: 0, bets: ids([g.outcomeIds[0]!]) };
    const client = guest();
    for (let i = 0; i < 20; i++) expect((await client.post(CODES, body)).statusCode).toBe(200);
    const limited = await client.post(CODES, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await guest().post(CODES, body)).statusCode).toBe(200);
    t.clock.advance(3_600_001);
    expect((await client.post(CODES, body)).statusCode).toBe(200);
    // A player is counted across addresses.
    const p = await fundedPlayer(t, 0n);
    for (let i = 0; i < 20; i++) expect((await p.client.post(CODES, body)).statusCode).toBe(200);
    const elsewhere = new TestClient(t.app, '10.9.9.9');
    elsewhere.token = p.client.token;
    expect((await elsewhere.post(CODES, body)).statusCode).toBe(429);
  });

  it('names in Retry-After the wait until the hour lets one more code in', async () => {
    const g = await createNamedGame(t, [2000, 3000, 4000]);
    const body = { typeId: 0, bets: ids([g.outcomeIds[0]!]) };
    const client = guest();
    for (let i = 0; i < 10; i++) expect((await client.post(CODES, body)).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    for (let i = 0; i < 10; i++) expect((await client.post(CODES, body)).statusCode).toBe(200);
    const limited = await client.post(CODES, body);
    expect(limited.statusCode).toBe(429);
    // The first ten leave the hour 50 minutes from now, not in the default minute.
    expect(limited.headers['retry-after']).toBe('3000');
    t.clock.advance(2_999_000);
    expect((await client.post(CODES, body)).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await client.post(CODES, body)).statusCode).toBe(200);
  });
});

describe('coupon settings', () => {
  it('are private, start at the defaults and keep a partial change', async () => {
    expect((await guest().get(SETTINGS)).statusCode).toBe(401);
    const p = await fundedPlayer(t, 0n);
    const initial = (await p.client.get(SETTINGS)).json();
    expect(initial).toEqual({
      amountStepByCurrencyIso: {},
      isManualAmountStep: false,
      changeCoefAction: 2,
      isAutoMax: false,
      isVipBet: false,
      isBalanceShown: false,
      isPossibleWinShown: false,
      isSelectAccountShown: false,
      isCouponFixed: false,
      oneClickAmountMinor: '0',
      isActiveOneClick: false,
      exactCoefMilli: null,
      isDropOnScoreChange: false,
      bonusAccountOneClickAmountMinor: '0',
      isOneTapCashout: false,
    });
    const put = (body: unknown) => p.client.call('PUT', SETTINGS, body);
    const changed = await put({
      changeCoefAction: 1,
      amountStepByCurrencyIso: { RUB: '5000' },
      isManualAmountStep: true,
      oneClickAmountMinor: '20000',
      isActiveOneClick: true,
      exactCoefMilli: 2500,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      changeCoefAction: 1,
      isActiveOneClick: true,
      exactCoefMilli: 2500,
    });
    expect((await p.client.get(SETTINGS)).json()).toEqual(changed.json());
    // The amount step of the quote follows the player's manual step.
    const g = await createNamedGame(t, [2000, 3000, 4000]);
    const quote = (await p.client.post(QUOTE, { typeId: 0, bets: ids([g.outcomeIds[0]!]) })).json();
    expect(quote.amountStepMinor).toBe('5000');
    // §4: drop-on-score-change turns one-click off; clearing the exact coefficient turns it off.
    expect((await put({ isDropOnScoreChange: true })).json()).toMatchObject({
      isDropOnScoreChange: true,
      isActiveOneClick: false,
    });
    expect((await put({ exactCoefMilli: null })).json()).toMatchObject({
      exactCoefMilli: null,
      isDropOnScoreChange: false,
      changeCoefAction: 1,
    });
  });

  it('refuses values of the wrong type or range and unknown fields', async () => {
    const p = await fundedPlayer(t, 0n);
    const put = async (body: unknown) => {
      const res = await p.client.call('PUT', SETTINGS, body);
      return [res.statusCode, res.json().error?.code];
    };
    expect(await put({ changeCoefAction: 3 })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await put({ isAutoMax: 'true' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await put({ isAutoMax: 1 })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await put({ oneClickAmountMinor: 100 })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await put({ oneClickAmountMinor: '1.5' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await put({ amountStepByCurrencyIso: { rub: '100' } })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await put({ colour: 'red' })).toEqual([400, 'VALIDATION_FAILED']);
    expect((await p.client.get(SETTINGS)).json().changeCoefAction).toBe(2);
  });
});
