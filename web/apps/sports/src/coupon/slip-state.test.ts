import type { CouponSettings } from '@parlay/domain/coupon/index.ts';
import type { CouponSelection } from '@parlay/mf/coupon-store.ts';
import { applyCouponCommand } from '@parlay/mf/coupon-store.ts';
import { describe, expect, it } from 'vitest';
import type { Quote } from './coupon-api.ts';
import { parsePlaceAnswer, parseQuote } from './coupon-api.ts';
import { oneClickRequest, placeRequest } from './place-request.ts';
import { type LegLive, minorText, slipFigures } from './slip-figures.ts';
import {
  effectiveKind,
  INITIAL_SLIP,
  kindsFor,
  reduceSlip,
  type SlipState,
  settingsFromJson,
  settingsPatch,
  slipFromJson,
  slipToJson,
  typeIdOf,
  withUnsaved,
} from './slip-state.ts';
import { liveFromMessage } from './use-live-legs.ts';

const sel = (id: number, oddsMilli: number): CouponSelection => ({
  outcomeId: id,
  gameId: id * 10,
  marketId: id * 100,
  oddsMilli,
  outcomeLabel: `O${id}`,
});

const open = (oddsMilli: number, extra: Partial<LegLive> = {}): LegLive => ({
  oddsMilli,
  status: 'open',
  isLive: false,
  isDisabledBanker: false,
  marketKind: 1,
  score: null,
  move: null,
  ...extra,
});

const quote = (patch: Partial<Quote> = {}): Quote => ({
  currency: 'RUB',
  typeId: 1,
  systemValue: 2,
  bets: [],
  coefMilli: null,
  minAmountMinor: 1000n,
  maxAmountMinor: 50_000_000n,
  maxPayoutMinor: 500_000_000n,
  initialAmountMinor: 15000n,
  amountStepMinor: 10000n,
  systemValues: [],
  expressBonus: { available: true, coefMilli: null },
  isVipBetAvailable: false,
  isPromoCodeAllowed: true,
  promo: null,
  ...patch,
});

const account = { iso: 'RUB', isBonus: false, balanceMinor: 1_000_000n };

describe('type switcher', () => {
  it.each([
    [0, []],
    [1, ['single']],
    [2, ['express', 'multiple']],
    [3, ['express', 'system', 'multiple']],
  ] as const)('%i selections enable %j', (count, kinds) => {
    expect(kindsFor(count)).toEqual(kinds);
  });

  it('falls back to single or express when the chosen kind does not fit', () => {
    expect(effectiveKind('system', 2)).toBe('express');
    expect(effectiveKind('single', 3)).toBe('express');
    expect(effectiveKind('express', 1)).toBe('single');
    expect(effectiveKind('multiple', 2)).toBe('multiple');
  });

  it('maps kinds to coupon typeIds, system with a banker being type 2', () => {
    expect([typeIdOf('single', 0), typeIdOf('express', 0), typeIdOf('multiple', 0)]).toEqual([0, 1, 10001]);
    expect(typeIdOf('system', 0)).toBe(4);
    expect(typeIdOf('system', 1)).toBe(2);
  });
});

describe('slip reducer', () => {
  it('toggles bankers and forgets bankers, amounts and prices of removed selections', () => {
    let s = reduceSlip(INITIAL_SLIP, { type: 'bankerToggled', outcomeId: 1 });
    s = reduceSlip(s, { type: 'betAmountTyped', outcomeId: 2, text: '50' });
    s = reduceSlip(s, { type: 'pricesArrived', oddsByBetId: { 1: 1500, 2: 2000 } });
    expect(s.bankers).toEqual([1]);
    s = reduceSlip(s, { type: 'selectionsKept', outcomeIds: [2] });
    expect(s.bankers).toEqual([]);
    expect(s.amountTextByBetId).toEqual({ 2: '50' });
    expect(s.seenOddsByBetId).toEqual({ 2: 2000 });
    expect(reduceSlip(s, { type: 'selectionsKept', outcomeIds: [2] })).toBe(s);
  });

  it('takes new prices as seen only when the changeCoefAction accepts them', () => {
    const base = reduceSlip(INITIAL_SLIP, { type: 'pricesArrived', oddsByBetId: { 1: 1900 } });
    const none = reduceSlip(base, {
      type: 'settingsRuled',
      action: { type: 'changeCoefActionSet', value: 0 },
    });
    expect(reduceSlip(none, { type: 'pricesArrived', oddsByBetId: { 1: 1850 } }).seenOddsByBetId[1]).toBe(
      1900,
    );
    const higher = reduceSlip(base, {
      type: 'settingsRuled',
      action: { type: 'changeCoefActionSet', value: 1 },
    });
    expect(reduceSlip(higher, { type: 'pricesArrived', oddsByBetId: { 1: 1850 } }).seenOddsByBetId[1]).toBe(
      1900,
    );
    expect(reduceSlip(higher, { type: 'pricesArrived', oddsByBetId: { 1: 1950 } }).seenOddsByBetId[1]).toBe(
      1950,
    );
    expect(reduceSlip(base, { type: 'pricesArrived', oddsByBetId: { 1: 1850 } }).seenOddsByBetId[1]).toBe(
      1850,
    );
    expect(reduceSlip(none, { type: 'pricesAccepted', oddsByBetId: { 1: 1850 } }).seenOddsByBetId[1]).toBe(
      1850,
    );
  });

  it('applies the one-click rules of the domain', () => {
    let s = reduceSlip(INITIAL_SLIP, {
      type: 'settingsRuled',
      action: { type: 'oneClickRequested', isAllowedBySite: true },
    });
    expect(s.isOneClickConfirmOpen).toBe(true);
    expect(s.settings.isActiveOneClick).toBe(false);
    s = reduceSlip(s, { type: 'settingsRuled', action: { type: 'oneClickConfirmed' } });
    expect(s.settings.isActiveOneClick).toBe(true);
    s = reduceSlip(s, { type: 'settingsRuled', action: { type: 'dropOnScoreChangeSet', value: true } });
    expect([s.settings.isDropOnScoreChange, s.settings.isActiveOneClick]).toEqual([true, false]);
    s = reduceSlip(s, { type: 'settingsRuled', action: { type: 'exactCoefSet', valueMilli: 1850 } });
    expect(s.settings.isDropOnScoreChange).toBe(true);
    s = reduceSlip(s, { type: 'settingsRuled', action: { type: 'exactCoefSet', valueMilli: null } });
    expect([s.settings.exactCoefMilli, s.settings.isDropOnScoreChange]).toEqual([null, false]);
  });

  it('survives a reload through its stored form, dropping what is malformed', () => {
    let s: SlipState = reduceSlip(INITIAL_SLIP, { type: 'kindSelected', kind: 'system' });
    s = reduceSlip(s, { type: 'systemValueSelected', value: 3 });
    s = reduceSlip(s, { type: 'bankerToggled', outcomeId: 7 });
    s = reduceSlip(s, { type: 'amountTyped', text: '250' });
    s = reduceSlip(s, {
      type: 'settingsChanged',
      patch: { oneClickAmountMinor: 5000n, changeCoefAction: 1 },
    });
    const back = slipFromJson(slipToJson(s));
    expect(back.kind).toBe('system');
    expect(back.systemValue).toBe(3);
    expect(back.bankers).toEqual([7]);
    expect(back.amountText).toBe('250');
    expect(back.settings.oneClickAmountMinor).toBe(5000n);
    expect(back.settings.changeCoefAction).toBe(1);
    expect(slipFromJson('{"kind":"nonsense","systemValue":1,"bankers":["x"]}')).toMatchObject({
      kind: 'single',
      systemValue: 2,
      bankers: [],
    });
    expect(slipFromJson('not json')).toBe(INITIAL_SLIP);
  });

  it('sends only the changed settings, in the API field names', () => {
    const after = { ...INITIAL_SLIP.settings, exactCoefMilli: 2100, oneClickAmountMinor: 10000n };
    expect(settingsPatch(INITIAL_SLIP.settings, after)).toEqual({
      exactCoefMilli: 2100,
      oneClickAmountMinor: '10000',
    });
    expect(settingsFromJson({ oneClickAmountMinor: '700', changeCoefAction: 9 }).oneClickAmountMinor).toBe(
      700n,
    );
    expect(settingsFromJson({ changeCoefAction: 9 }).changeCoefAction).toBe(2);
  });
});

describe('slip figures', () => {
  it('an express of three legs at 1.1 or more shows the express bonus and the possible win', () => {
    const selections = [sel(1, 1500), sel(2, 2000), sel(3, 1800)];
    const state = reduceSlip(INITIAL_SLIP, { type: 'amountTyped', text: '100' });
    const f = slipFigures({ selections, state, quote: quote(), live: {}, account });
    expect(f.kind).toBe('express');
    expect(f.coefMilli).toBe(5400n);
    expect(f.expressBonusCoefMilli).toBe(1030);
    // 100.00 × 5.4 × 1.03 = 556.20
    expect(f.possibleWinMinor).toBe(55620n);
    expect(f.blocker).toBeNull();
  });

  it('with an exact coefficient set, the possible win is what the accepted prices pay (the exact one is a floor)', () => {
    const selections = [sel(1, 2500)];
    let state = reduceSlip(INITIAL_SLIP, { type: 'amountTyped', text: '100' });
    state = reduceSlip(state, { type: 'settingsRuled', action: { type: 'exactCoefSet', valueMilli: 2000 } });
    const f = slipFigures({ selections, state, quote: quote({ typeId: 0 }), live: {}, account });
    // 100.00 × 2.50 = 250.00, as the server accepts and settles it; never 100.00 × the exact 2.00.
    expect(f.possibleWinMinor).toBe(25000n);
  });

  it('no express bonus when a leg is under 1.1', () => {
    const selections = [sel(1, 1050), sel(2, 2000), sel(3, 1800)];
    const f = slipFigures({ selections, state: INITIAL_SLIP, quote: quote(), live: {}, account });
    expect(f.expressBonusCoefMilli).toBeNull();
  });

  it('a system lists values with combinations and minimums; a banker makes it type 2', () => {
    const selections = [sel(1, 2000), sel(2, 2000), sel(3, 2000), sel(4, 2000)];
    let state = reduceSlip(INITIAL_SLIP, { type: 'kindSelected', kind: 'system' });
    let f = slipFigures({ selections, state, quote: quote({ typeId: 4 }), live: {}, account });
    expect(f.typeId).toBe(4);
    expect(f.systemValues.map((v) => [v.value, v.combo, v.minBetAmountMinor])).toEqual([
      [2, 6, 6000n],
      [3, 4, 4000n],
    ]);
    state = reduceSlip(state, { type: 'bankerToggled', outcomeId: 1 });
    f = slipFigures({ selections, state, quote: quote({ typeId: 2 }), live: {}, account });
    expect(f.typeId).toBe(2);
    expect(f.bankerCount).toBe(1);
    expect(f.systemValues.map((v) => [v.value, v.combo])).toEqual([
      [2, 3],
      [3, 3],
    ]);
    const request = placeRequest(f, state, '42');
    expect(request?.bets[0]).toEqual({ outcomeId: 1, coef: 2, isBanker: true });
    expect(request?.systemValue).toBe(2);
  });

  it('marks and leaves out locked, finished and unavailable selections', () => {
    const selections = [sel(1, 1500), sel(2, 2000), sel(3, 1800)];
    const live = { 2: open(2000, { status: 'locked' as const }) };
    const f = slipFigures({ selections, state: INITIAL_SLIP, quote: quote(), live, account });
    expect(f.excludedCount).toBe(1);
    expect(f.placeable.map((l) => l.selection.outcomeId)).toEqual([1, 3]);
    expect(placeRequest(f, INITIAL_SLIP, '1')?.bets.map((b) => b.outcomeId)).toEqual([1, 3]);
  });

  it('checks the stake against the limits before placing', () => {
    const selections = [sel(1, 1500)];
    const low = reduceSlip(INITIAL_SLIP, { type: 'amountTyped', text: '5' });
    expect(slipFigures({ selections, state: low, quote: quote(), live: {}, account }).amountProblem).toBe(
      'BELOW_MIN',
    );
    const high = reduceSlip(INITIAL_SLIP, { type: 'amountTyped', text: '600000' });
    const f = slipFigures({ selections, state: high, quote: quote(), live: {}, account });
    expect([f.amountProblem, f.blocker]).toEqual(['ABOVE_MAX', 'AMOUNT']);
    expect(placeRequest(f, high, '1')).toBeNull();
    const bonus = slipFigures({
      selections,
      state: high,
      quote: quote(),
      live: {},
      account: { ...account, isBonus: true },
    });
    expect(bonus.amountProblem).toBeNull();
    const bad = reduceSlip(INITIAL_SLIP, { type: 'amountTyped', text: '1.234' });
    expect(slipFigures({ selections, state: bad, quote: quote(), live: {}, account }).amountProblem).toBe(
      'INVALID',
    );
  });

  it('starts from the initial amount and auto-max stakes the maximum up to the balance', () => {
    const selections = [sel(1, 1500)];
    const f = slipFigures({ selections, state: INITIAL_SLIP, quote: quote(), live: {}, account });
    expect([f.amountMinor, f.amountText, f.stepMinor]).toEqual([15000n, '150', 10000n]);
    const auto = reduceSlip(INITIAL_SLIP, { type: 'settingsChanged', patch: { isAutoMax: true } });
    expect(slipFigures({ selections, state: auto, quote: quote(), live: {}, account }).amountMinor).toBe(
      1_000_000n,
    );
  });

  it('multiple singles carry their own amounts', () => {
    const selections = [sel(1, 1500), sel(2, 2000)];
    let state = reduceSlip(INITIAL_SLIP, { type: 'kindSelected', kind: 'multiple' });
    state = reduceSlip(state, { type: 'betAmountTyped', outcomeId: 1, text: '100' });
    state = reduceSlip(state, { type: 'betAmountTyped', outcomeId: 2, text: '50' });
    const f = slipFigures({ selections, state, quote: quote({ typeId: 10001 }), live: {}, account });
    expect(f.stakeMinor).toBe(15000n);
    // 100 × 1.5 + 50 × 2 = 250
    expect(f.possibleWinMinor).toBe(25000n);
    const request = placeRequest(f, state, '9');
    expect(request?.amountByBetId).toEqual({ 1: '10000', 2: '5000' });
    expect(request?.amount).toBeUndefined();
    expect(request?.promoCode).toBeNull();
  });

  it('a price moved beyond the action blocks placement until accepted', () => {
    const selections = [sel(1, 1900)];
    let state = reduceSlip(INITIAL_SLIP, {
      type: 'settingsRuled',
      action: { type: 'changeCoefActionSet', value: 0 },
    });
    state = reduceSlip(state, { type: 'pricesArrived', oddsByBetId: { 1: 1900 } });
    state = reduceSlip(state, { type: 'pricesArrived', oddsByBetId: { 1: 1850 } });
    const live = { 1: open(1850) };
    const f = slipFigures({ selections, state, quote: quote(), live, account });
    expect(f.oddsChange).toEqual({ outcomeId: 1, fromMilli: 1900, toMilli: 1850, label: 'O1' });
    expect(f.blocker).toBe('ODDS_CHANGED');
    const accepted = reduceSlip(state, { type: 'pricesAccepted', oddsByBetId: { 1: 1850 } });
    const g = slipFigures({ selections, state: accepted, quote: quote(), live, account });
    expect(g.blocker).toBeNull();
    expect(placeRequest(g, accepted, '1')?.bets[0]?.coef).toBe(1.85);
  });

  it('writes amounts in the currency scale', () => {
    expect(minorText(15000n, 'RUB')).toBe('150');
    expect(minorText(250n, 'USD')).toBe('2.5');
  });
});

describe('one-click and wire answers', () => {
  it('a one-click bet is a single at the one-click amount, none without one', () => {
    const state = reduceSlip(INITIAL_SLIP, {
      type: 'settingsChanged',
      patch: { oneClickAmountMinor: 20000n },
    });
    expect(oneClickRequest(sel(5, 1850), state, { id: '3', isBonus: false })).toMatchObject({
      typeId: 0,
      amount: '20000',
      accountId: '3',
      bets: [{ outcomeId: 5, coef: 1.85 }],
    });
    expect(oneClickRequest(sel(5, 1850), state, { id: '3', isBonus: true })).toBeNull();
  });

  it('parses quotes and placement answers, refusing malformed ones', () => {
    const q = parseQuote({
      currency: 'USD',
      typeId: 1,
      bets: [
        { outcomeId: 1, gameId: 2, marketId: 3, oddsMilli: 1500 },
        { outcomeId: 4, isUnavailable: true },
      ],
      coefMilli: '1500',
      minAmountMinor: '20',
      maxAmountMinor: null,
    });
    expect(q?.coefMilli).toBe(1500n);
    expect(q?.minAmountMinor).toBe(20n);
    expect(q?.maxAmountMinor).toBeNull();
    expect(q?.bets[1]).toEqual({ outcomeId: 4, isUnavailable: true });
    expect(parseQuote({ bets: [{ outcomeId: 'x' }] })).toBeNull();
    expect(parsePlaceAnswer({ status: 'pending', betId: '7', delayMs: 5000 })).toEqual({
      status: 'pending',
      betId: '7',
      delayMs: 5000,
    });
    expect(parsePlaceAnswer({ status: 'rejected', code: 'ODDS_CHANGED', betId: null })).toMatchObject({
      status: 'rejected',
      code: 'ODDS_CHANGED',
    });
    expect(parsePlaceAnswer({ status: 'maybe' })).toBeNull();
  });

  it('live messages move prices, lock markets and report score changes', () => {
    const selections = [sel(1, 1500)];
    const live = { 1: open(1500, { score: '0:0' }) };
    const odds = liveFromMessage(
      live,
      selections,
      { type: 'odds', gameId: 10, outcomes: [{ id: 1, oddsMilli: 1400, state: 'open' }] },
      5,
    );
    expect(odds.live[1]).toMatchObject({ oddsMilli: 1400, move: { dir: 'down', atMs: 5 } });
    const locked = liveFromMessage(
      live,
      selections,
      { type: 'state', gameId: 10, markets: [{ id: 100, state: 'suspended' }] },
      5,
    );
    expect(locked.live[1]?.status).toBe('locked');
    const score = liveFromMessage(
      live,
      selections,
      { type: 'score', gameId: 10, score: { home: 1, away: 0 } },
      5,
    );
    expect(score.scoreChangedOutcomeIds).toEqual([1]);
    expect(liveFromMessage(live, selections, { type: 'odds', gameId: 99, outcomes: [] }, 5).live).toBe(live);
  });

  it('the coupon store replaces the selections of a loaded coupon, one per game', () => {
    const next = applyCouponCommand([sel(1, 1500)], {
      type: 'replace',
      selections: [sel(2, 2000), { ...sel(3, 1700), gameId: 20 }, sel(4, 1800)],
    });
    expect(next.map((s) => s.outcomeId)).toEqual([2, 4]);
  });
});

describe('settings changed on this device and not saved yet', () => {
  const server: CouponSettings = {
    ...INITIAL_SLIP.settings,
    isAutoMax: false,
    isPossibleWinShown: false,
    changeCoefAction: 1,
  };
  const local: CouponSettings = {
    ...INITIAL_SLIP.settings,
    isAutoMax: true,
    isPossibleWinShown: true,
    changeCoefAction: 2,
  };

  it("keeps this device's value of an unsaved setting and takes the server's for the rest", () => {
    const merged = withUnsaved(server, local, new Set(['isAutoMax']));
    expect(merged.isAutoMax).toBe(true);
    expect(merged.isPossibleWinShown).toBe(false);
    expect(merged.changeCoefAction).toBe(1);
    // What a save then sends: only the unsaved setting differs from the server's.
    expect(settingsPatch(server, merged)).toEqual({ isAutoMax: true });
  });

  it("takes the server's settings whole when nothing is unsaved, and ignores names that are not settings", () => {
    expect(withUnsaved(server, local, new Set())).toEqual(server);
    expect(withUnsaved(server, local, new Set(['constructor', 'nope', '__proto__']))).toEqual(server);
  });
});
