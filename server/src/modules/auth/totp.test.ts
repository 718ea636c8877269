import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import { describe, expect, it } from 'vitest';
import { hotp, matchTotp, newTotpSecret, otpauthUri, totp } from './totp.ts';

const ascii = (s: string) => new TextEncoder().encode(s);
const SHA1_SEED = ascii('12345678901234567890');
const SHA256_SEED = ascii('12345678901234567890123456789012');
const SHA512_SEED = ascii('1234567890123456789012345678901234567890123456789012345678901234');

describe('HOTP (RFC 4226 appendix D)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [4, '338314'],
    [5, '254676'],
    [6, '287922'],
    [7, '162583'],
    [8, '399871'],
    [9, '520489'],
  ])('counter %i → %s', (counter, code) => {
    expect(hotp(SHA1_SEED, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('at %i s: SHA1 %s, SHA256 %s, SHA512 %s', (seconds, sha1, sha256, sha512) => {
    expect(totp(SHA1_SEED, seconds * 1000, 8, 'sha1')).toBe(sha1);
    expect(totp(SHA256_SEED, seconds * 1000, 8, 'sha256')).toBe(sha256);
    expect(totp(SHA512_SEED, seconds * 1000, 8, 'sha512')).toBe(sha512);
  });
});

describe('code matching', () => {
  const nowMs = 1_700_000_000_000;
  it('accepts the current step and one step of drift either way, nothing further', () => {
    const secret = decodeBase32(newTotpSecret())!;
    expect(matchTotp(secret, totp(secret, nowMs), nowMs)).toBe(Math.floor(nowMs / 30_000));
    expect(matchTotp(secret, totp(secret, nowMs - 30_000), nowMs)).not.toBeNull();
    expect(matchTotp(secret, totp(secret, nowMs + 30_000), nowMs)).not.toBeNull();
    expect(matchTotp(secret, totp(secret, nowMs - 90_000), nowMs)).toBeNull();
    expect(matchTotp(secret, 'abcdef', nowMs)).toBeNull();
  });
  it('writes an otpauth URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'alice@example.com', 'Parlay')).toBe(
      'otpauth://totp/Parlay%3Aalice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Parlay&algorithm=SHA1&digits=6&period=30',
    );
  });
});
