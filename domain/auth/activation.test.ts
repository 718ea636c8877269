import { describe, expect, it } from 'vitest';
import { activationTypeFor, isActivated, remainingDaysToActivate } from './activation.ts';

const DAY = 86_400_000;

describe('activation by activation_type', () => {
  it.each([
    [0, false, false, true],
    [1, false, true, false],
    [1, true, false, true],
    [2, true, false, false],
    [2, true, true, true],
    [3, true, false, false],
    [3, false, true, true],
  ])('type %i, e-mail %s, phone %s → activated %s', (type, email, phone, activated) => {
    expect(isActivated({ activationType: type, emailVerified: email, phoneVerified: phone })).toBe(activated);
  });

  it.each([
    [30 * DAY, 30],
    [29 * DAY + 1, 30],
    [DAY / 2, 1],
    [0, 0],
    [-DAY, 0],
  ])('%i ms before the deadline → %i days', (left, days) => {
    const state = { activationType: 1, emailVerified: false, phoneVerified: false };
    expect(remainingDaysToActivate(state, 1_000 * DAY + left, 1_000 * DAY)).toBe(days);
  });

  it('has nothing left once activated or without a deadline', () => {
    expect(
      remainingDaysToActivate({ activationType: 1, emailVerified: true, phoneVerified: false }, DAY, 0),
    ).toBe(null);
    expect(
      remainingDaysToActivate({ activationType: 1, emailVerified: false, phoneVerified: false }, null, 0),
    ).toBe(null);
  });

  it.each([
    [true, true, 2],
    [true, false, 1],
    [false, true, 3],
    [false, false, 0],
  ])('registration with e-mail %s and phone %s starts with type %i', (email, phone, type) => {
    expect(activationTypeFor(email, phone)).toBe(type);
  });
});
