/**
 * The signing rules and amounts of the provider API, without a server: canonical JSON, a known
 * HMAC vector, the ±60 s window at its edges, and the amount formats refused with BAD_AMOUNT.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amountText, minorOf } from './amounts.ts';
import { ProviderError } from './provider-errors.ts';
import { canonicalJson, checkSignature, SKEW_SECONDS, signBody } from './signature.ts';

describe('canonical JSON', () => {
  it('sorts keys at every depth, keeps array order, drops undefined, adds no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 'x' }], c: null }, e: undefined })).toBe(
      '{"a":{"c":null,"d":[3,{"y":"x","z":1}]},"b":1}',
    );
    expect(canonicalJson({ é: 1, Z: 2, a: 3 })).toBe('{"Z":2,"a":3,"é":1}');
    expect(canonicalJson('s"q')).toBe('"s\\"q"');
  });

  it('signs <timestamp>.<canonical body> with HMAC-SHA256 (the documented example)', () => {
    const body = { sessionToken: 'abc', amount: '1.00' };
    const expected = createHmac('sha256', 'k')
      .update('1780315200.{"amount":"1.00","sessionToken":"abc"}')
      .digest('hex');
    expect(signBody('k', 1780315200, body)).toBe(expected);
  });
});

describe('checkSignature', () => {
  const secret = 'provider-key-0123456789';
  const body = { launchToken: 't' };
  const at = 1_780_315_200;
  const signed = (ts: number) => ({ signature: signBody(secret, ts, body), timestamp: `${ts}` });

  it('accepts a signature within ±60 s, refuses the skew one second past it', () => {
    expect(checkSignature(secret, signed(at), body, at * 1000)).toBe('ok');
    expect(checkSignature(secret, signed(at - SKEW_SECONDS), body, at * 1000)).toBe('ok');
    expect(checkSignature(secret, signed(at + SKEW_SECONDS), body, at * 1000)).toBe('ok');
    expect(checkSignature(secret, signed(at - SKEW_SECONDS - 1), body, at * 1000)).toBe('CLOCK_SKEW');
    expect(checkSignature(secret, signed(at + SKEW_SECONDS + 1), body, at * 1000)).toBe('CLOCK_SKEW');
  });

  it('refuses a missing, malformed or wrong signature before looking at the clock', () => {
    const now = at * 1000;
    expect(checkSignature(secret, { signature: undefined, timestamp: `${at}` }, body, now)).toBe(
      'INVALID_SIGNATURE',
    );
    expect(checkSignature(secret, { signature: 'zz', timestamp: `${at}` }, body, now)).toBe(
      'INVALID_SIGNATURE',
    );
    expect(checkSignature(secret, { ...signed(at), timestamp: undefined }, body, now)).toBe(
      'INVALID_SIGNATURE',
    );
    expect(checkSignature(secret, { ...signed(at), timestamp: '1e9' }, body, now)).toBe('INVALID_SIGNATURE');
    expect(checkSignature('another-key-0123456', signed(at), body, now)).toBe('INVALID_SIGNATURE');
    expect(checkSignature(secret, signed(at), { launchToken: 'u' }, now)).toBe('INVALID_SIGNATURE');
    // A wrong key with a skewed clock says nothing about the window.
    expect(checkSignature('another-key-0123456', signed(at - 3600), body, now)).toBe('INVALID_SIGNATURE');
    const upper = { ...signed(at), signature: signed(at).signature.toUpperCase() };
    expect(checkSignature(secret, upper, body, now)).toBe('INVALID_SIGNATURE');
  });
});

describe('amounts', () => {
  it('reads decimal strings of major units within the currency’s decimals', () => {
    expect(minorOf('12.50', 'RUB')).toBe(1250n);
    expect(minorOf('12.5', 'RUB')).toBe(1250n);
    expect(minorOf('12', 'RUB')).toBe(1200n);
    expect(minorOf('0', 'RUB')).toBe(0n);
    expect(minorOf('0.01', 'USD')).toBe(1n);
    expect(minorOf('9999999999999.99', 'RUB')).toBe(999_999_999_999_999n);
    expect(amountText(1250n, 'RUB')).toBe('12.50');
    expect(amountText(5n, 'RUB')).toBe('0.05');
    expect(amountText(-150n, 'RUB')).toBe('-1.50');
  });

  it('refuses numbers, signs, exponents, separators, blanks and fractions of a minor unit', () => {
    for (const bad of [
      1.5,
      12,
      '-1.00',
      '+1.00',
      '1e3',
      '1,00',
      '',
      ' 1.00',
      '1.',
      '.5',
      '1.001',
      '12345678901234',
      null,
      {},
    ]) {
      expect(() => minorOf(bad, 'RUB'), JSON.stringify(bad)).toThrow(ProviderError);
      try {
        minorOf(bad, 'RUB');
      } catch (err) {
        expect((err as ProviderError).code).toBe('BAD_AMOUNT');
      }
    }
  });
});
