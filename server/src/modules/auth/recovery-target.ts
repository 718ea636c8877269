/**
 * Password recovery by e-mail or SMS code (request-password-recovery.ts, reset-password.ts): where
 * the code goes, and the account it recovers.
 */

import { normalizeEmail, normalizePhone } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { findByLogin, findByPhone, phoneTarget } from './users.ts';

export interface RecoveryTarget {
  channel: 'email' | 'sms';
  email?: string;
  phoneCode?: string;
  phoneNumber?: string;
}

/** The normalised address or phone the code goes to, and how to find its account. */
export function targetOf(body: RecoveryTarget): {
  target: string;
  find: (ctx: AuthContext) => Promise<{ id: number } | null>;
} {
  if (body.channel === 'email') {
    const email = normalizeEmail(body.email ?? '');
    if (!email) throw new AppError('VALIDATION_FAILED', 'email: not an e-mail address');
    return { target: email, find: (ctx) => findByLogin(ctx.db, { kind: 'email', email }) };
  }
  const phone = normalizePhone(body.phoneCode ?? '', body.phoneNumber ?? '');
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  return { target: phoneTarget(phone), find: (ctx) => findByPhone(ctx.db, phone) };
}
