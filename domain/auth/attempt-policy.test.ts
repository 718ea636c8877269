import { describe, expect, it } from 'vitest';
import {
  captchaRequiredCode,
  captchaSatisfies,
  hasLeadingZeroBits,
  isOverBurst,
  requiredCaptcha,
  windowStartMs,
} from './attempt-policy.ts';

describe('captcha after repeated failures', () => {
  it.each([
    ['login', 0, 0, null],
    ['login', 2, 9, null],
    ['login', 3, 0, 'image'],
    ['login', 0, 10, 'image'],
    ['login', 9, 49, 'image'],
    ['login', 10, 0, 'pow'],
    ['login', 0, 50, 'pow'],
    ['registration', 0, 2, null],
    ['registration', 0, 3, 'image'],
    ['registration', 0, 20, 'pow'],
    ['recovery', 1, 4, null],
    ['recovery', 2, 0, 'image'],
    ['recovery', 6, 0, 'pow'],
  ] as const)('%s with %i account and %i address failures → %s', (action, account, ip, captcha) => {
    expect(requiredCaptcha(action, { accountFailures: account, ipFailures: ip })).toBe(captcha);
  });

  it('maps the required type to the error code and lets a stronger captcha satisfy a weaker need', () => {
    expect(captchaRequiredCode('image')).toBe(100);
    expect(captchaRequiredCode('pow')).toBe(113);
    expect(captchaSatisfies('pow', 'image')).toBe(true);
    expect(captchaSatisfies('image', 'image')).toBe(true);
    expect(captchaSatisfies('image', 'pow')).toBe(false);
  });
});

describe('burst limit and windows', () => {
  it.each([
    ['login', 30, false],
    ['login', 31, true],
    ['registration', 10, false],
    ['registration', 11, true],
  ] as const)('%s with %i attempts a minute refused: %s', (action, attempts, refused) => {
    expect(isOverBurst(action, attempts)).toBe(refused);
  });
  it('starts fixed windows on their boundary', () => {
    expect(windowStartMs(125_000, 60_000)).toBe(120_000);
    expect(windowStartMs(120_000, 60_000)).toBe(120_000);
  });
});

describe('proof-of-work check', () => {
  it.each([
    [[0x00, 0x00, 0xff], 16, true],
    [[0x00, 0x01, 0xff], 16, false],
    [[0x00, 0x0f], 12, true],
    [[0x00, 0x1f], 12, false],
    [[0x7f], 1, true],
    [[0x80], 1, false],
    [[0xff], 0, true],
  ])('%j has %i leading zero bits: %s', (bytes, bits, ok) => {
    expect(hasLeadingZeroBits(Uint8Array.from(bytes), bits)).toBe(ok);
  });
});
