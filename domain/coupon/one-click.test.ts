import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHANGE_COEF_ACTION,
  decideOddsChange,
  isChangeCoefAction,
  type LegPrice,
} from './odds-change.ts';
import {
  DEFAULT_COUPON_SETTINGS,
  isOneClickActive,
  type OneClickState,
  reduceCouponSettings,
} from './one-click.ts';

const start: OneClickState<string> = {
  settings: DEFAULT_COUPON_SETTINGS,
  bets: ['a', 'b'],
  isOneClickConfirmOpen: false,
};

describe('one-click (coupon-accounts §4)', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('site allows %s, player turned it on %s → active %s', (allowed, on, expected) => {
    expect(isOneClickActive(allowed, { isActiveOneClick: on })).toBe(expected);
  });

  it('enabling asks for confirmation; confirming clears the coupon and turns one-click on', () => {
    const asked = reduceCouponSettings(start, { type: 'oneClickRequested', isAllowedBySite: true });
    expect(asked).toEqual({ ...start, isOneClickConfirmOpen: true });
    const confirmed = reduceCouponSettings(asked, { type: 'oneClickConfirmed' });
    expect(confirmed.bets).toEqual([]);
    expect(confirmed.settings.isActiveOneClick).toBe(true);
    expect(confirmed.isOneClickConfirmOpen).toBe(false);
  });

  it('cancelling keeps the bets and leaves one-click off', () => {
    const asked = reduceCouponSettings(start, { type: 'oneClickRequested', isAllowedBySite: true });
    expect(reduceCouponSettings(asked, { type: 'oneClickCancelled' })).toEqual(start);
  });

  it('nothing happens when the site does not allow it, or on a confirmation nobody asked for', () => {
    expect(reduceCouponSettings(start, { type: 'oneClickRequested', isAllowedBySite: false })).toBe(start);
    expect(reduceCouponSettings(start, { type: 'oneClickConfirmed' })).toBe(start);
    expect(reduceCouponSettings(start, { type: 'oneClickCancelled' })).toBe(start);
  });

  it('setting drop-on-score-change turns one-click off; unsetting it leaves one-click alone', () => {
    const on = { ...start, settings: { ...start.settings, isActiveOneClick: true } };
    const dropped = reduceCouponSettings(on, { type: 'dropOnScoreChangeSet', value: true });
    expect(dropped.settings).toMatchObject({ isDropOnScoreChange: true, isActiveOneClick: false });
    expect(dropped.bets).toEqual(['a', 'b']);
    const unset = reduceCouponSettings(on, { type: 'dropOnScoreChangeSet', value: false });
    expect(unset.settings).toMatchObject({ isDropOnScoreChange: false, isActiveOneClick: true });
  });

  it.each([
    ['cleared (null)', null],
    ['empty (0)', 0],
    ['not a number', Number.NaN],
  ])('exact coefficient %s turns drop-on-score-change off', (_, valueMilli) => {
    const state = {
      ...start,
      settings: { ...start.settings, exactCoefMilli: 1850, isDropOnScoreChange: true },
    };
    const next = reduceCouponSettings(state, { type: 'exactCoefSet', valueMilli });
    expect(next.settings).toMatchObject({ exactCoefMilli: null, isDropOnScoreChange: false });
  });

  it('setting an exact coefficient keeps drop-on-score-change', () => {
    const state = { ...start, settings: { ...start.settings, isDropOnScoreChange: true } };
    const next = reduceCouponSettings(state, { type: 'exactCoefSet', valueMilli: 2100 });
    expect(next.settings).toMatchObject({ exactCoefMilli: 2100, isDropOnScoreChange: true });
  });

  it('turning one-click off and choosing the odds-change action', () => {
    const on = { ...start, settings: { ...start.settings, isActiveOneClick: true } };
    expect(reduceCouponSettings(on, { type: 'oneClickTurnedOff' }).settings.isActiveOneClick).toBe(false);
    expect(
      reduceCouponSettings(start, { type: 'changeCoefActionSet', value: 0 }).settings.changeCoefAction,
    ).toBe(0);
  });
});

describe('changeCoefAction (default 2): 0 accept no change, 1 accept higher odds, 2 accept any change', () => {
  it('defaults to 2', () => {
    expect(DEFAULT_CHANGE_COEF_ACTION).toBe(2);
    expect(DEFAULT_COUPON_SETTINGS.changeCoefAction).toBe(2);
    expect([0, 1, 2].every(isChangeCoefAction)).toBe(true);
    expect([-1, 3, 1.5].some(isChangeCoefAction)).toBe(false);
  });

  const same: LegPrice[] = [
    { seenOddsMilli: 1850, currentOddsMilli: 1850 },
    { seenOddsMilli: 2100, currentOddsMilli: 2100 },
  ];
  const up: LegPrice[] = [same[0]!, { seenOddsMilli: 2100, currentOddsMilli: 2200 }];
  const down: LegPrice[] = [same[0]!, { seenOddsMilli: 2100, currentOddsMilli: 2000 }];
  const mixed: LegPrice[] = [
    { seenOddsMilli: 1850, currentOddsMilli: 1800 },
    { seenOddsMilli: 2100, currentOddsMilli: 3000 },
  ];
  const gone: LegPrice[] = [same[0]!, { seenOddsMilli: 2100, currentOddsMilli: null }];

  it.each([
    [0, same, { accepted: true, oddsMilli: [1850, 2100], isChanged: false }],
    [1, same, { accepted: true, oddsMilli: [1850, 2100], isChanged: false }],
    [2, same, { accepted: true, oddsMilli: [1850, 2100], isChanged: false }],
    [0, up, { accepted: false, reason: 'ODDS_CHANGED', legIndex: 1 }],
    [1, up, { accepted: true, oddsMilli: [1850, 2200], isChanged: true }],
    [2, up, { accepted: true, oddsMilli: [1850, 2200], isChanged: true }],
    [0, down, { accepted: false, reason: 'ODDS_CHANGED', legIndex: 1 }],
    [1, down, { accepted: false, reason: 'ODDS_LOWERED', legIndex: 1 }],
    [2, down, { accepted: true, oddsMilli: [1850, 2000], isChanged: true }],
    [1, mixed, { accepted: false, reason: 'ODDS_LOWERED', legIndex: 0 }],
    [2, mixed, { accepted: true, oddsMilli: [1800, 3000], isChanged: true }],
    [2, gone, { accepted: false, reason: 'MARKET_UNAVAILABLE', legIndex: 1 }],
    [0, gone, { accepted: false, reason: 'MARKET_UNAVAILABLE', legIndex: 1 }],
  ] as const)('action %i, %j → %j', (action, legs, expected) => {
    expect(decideOddsChange(action, legs)).toEqual(expected);
  });
});
