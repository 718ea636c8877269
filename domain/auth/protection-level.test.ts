import { describe, expect, it } from 'vitest';
import { type ProtectionMethods, protectionLevel, protectionStatus } from './protection-level.ts';

const none: ProtectionMethods = {
  is_changed_password: false,
  enable_two_factor_auth: false,
  enable_phone_binding: false,
  enable_security_question: false,
  enable_email_auth: false,
};

describe('protection level status (coupon-accounts §4)', () => {
  it.each([
    [null, null],
    [0, 'bad'],
    [30, 'bad'],
    [31, 'normal'],
    [69, 'normal'],
    [70, 'good'],
    [99, 'good'],
    [100, 'full'],
  ] as const)('level %s is %s', (level, status) => {
    expect(protectionStatus(level)).toBe(status);
  });
});

describe('protection level from methods', () => {
  it.each([
    [{}, 0, 'bad'],
    [{ is_changed_password: true }, 10, 'bad'],
    [{ enable_email_auth: true, enable_phone_binding: true }, 40, 'normal'],
    [{ enable_two_factor_auth: true, enable_email_auth: true, is_changed_password: true }, 70, 'good'],
    [
      {
        enable_two_factor_auth: true,
        enable_email_auth: true,
        enable_phone_binding: true,
        is_changed_password: true,
        enable_security_question: true,
      },
      100,
      'full',
    ],
  ] as const)('%o scores %i (%s)', (on, level, status) => {
    const methods = { ...none, ...on };
    expect(protectionLevel(methods)).toBe(level);
    expect(protectionStatus(protectionLevel(methods))).toBe(status);
  });
});
