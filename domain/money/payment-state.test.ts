import { describe, expect, it } from 'vitest';
import { canMove, isCancellable, isEndState, type PaymentState, returnPath } from './payment-state.ts';

describe('deposit moves', () => {
  const table: [PaymentState, PaymentState, boolean][] = [
    ['created', 'pending', true],
    ['created', 'success', true],
    ['created', 'failed', true],
    ['created', 'cancelled', true],
    ['pending', 'success', true],
    ['pending', 'failed', true],
    ['pending', 'cancelled', true],
    ['pending', 'pending', false],
    ['success', 'pending', false],
    ['success', 'failed', false],
    ['success', 'success', false],
    ['failed', 'success', false],
    ['cancelled', 'success', false],
    ['created', 'approved', false],
    ['created', 'expired', true],
    ['pending', 'expired', true],
    ['expired', 'success', true],
    ['expired', 'failed', false],
    ['expired', 'pending', false],
    ['success', 'expired', false],
  ];
  for (const [from, to, allowed] of table) {
    it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () =>
      expect(canMove('deposit', from, to)).toBe(allowed));
  }
});

describe('withdrawal moves', () => {
  const table: [PaymentState, PaymentState, boolean][] = [
    ['requested', 'approved', true],
    ['requested', 'cancelled', true],
    ['requested', 'rejected', true],
    ['requested', 'processing', false],
    ['approved', 'processing', true],
    ['approved', 'cancelled', true],
    ['approved', 'rejected', false],
    ['processing', 'success', true],
    ['processing', 'failed', true],
    ['processing', 'cancelled', false],
    ['success', 'failed', false],
    ['rejected', 'approved', false],
  ];
  for (const [from, to, allowed] of table) {
    it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () =>
      expect(canMove('withdrawal', from, to)).toBe(allowed));
  }

  it('is cancellable by the player only before it is sent', () => {
    expect(isCancellable('withdrawal', 'requested')).toBe(true);
    expect(isCancellable('withdrawal', 'approved')).toBe(true);
    expect(isCancellable('withdrawal', 'processing')).toBe(false);
    expect(isCancellable('deposit', 'pending')).toBe(false);
  });
});

describe('end states and return pages', () => {
  it('knows the end states', () => {
    expect(['success', 'failed', 'cancelled', 'rejected'].every((s) => isEndState(s as PaymentState))).toBe(
      true,
    );
    expect(isEndState('pending')).toBe(false);
    expect(isEndState('expired')).toBe(false);
  });

  const table: [string, 'deposit' | 'withdrawal', PaymentState, string][] = [
    ['ru', 'deposit', 'success', '/ru/onpay/success'],
    ['en', 'deposit', 'failed', '/en/onpay/fail'],
    ['ru', 'deposit', 'pending', '/ru/onpay/pending'],
    ['ru', 'deposit', 'created', '/ru/onpay/pending'],
    ['ru', 'deposit', 'cancelled', '/ru/onpay/cancel'],
    ['en', 'deposit', 'expired', '/en/onpay/fail'],
    ['ru', 'withdrawal', 'success', '/ru/onpay/withdraw/success'],
    ['en', 'withdrawal', 'rejected', '/en/onpay/withdraw/fail'],
    ['ru', 'withdrawal', 'requested', '/ru/onpay/withdraw/pending'],
    ['ru', 'withdrawal', 'cancelled', '/ru/onpay/withdraw/cancel'],
  ];
  for (const [lng, direction, state, path] of table) {
    it(`${direction} ${state} returns to ${path}`, () =>
      expect(returnPath(lng, direction, state)).toBe(path));
  }
});
