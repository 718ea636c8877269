/**
 * Password recovery by e-mail or SMS code. Asking for a code answers the same whether or not the
 * account exists; setting the new password tells a wrong code (WRONG_CODE) from an expired one
 * (CODE_TIME_UP), and ends every session of the account.
 */

import { normalizeEmail, normalizePhone } from '@parlay/domain/auth/credentials.ts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { type AuthContext, captchaHeaderOf, subjectOf } from './auth-context.ts';
import { hashPassword } from './password-hash.ts';
import { assertPassword } from './register-user.ts';
import { findByLogin, findByPhone, phoneTarget } from './users.ts';

export interface RecoveryTarget {
  channel: 'email' | 'sms';
  email?: string;
  phoneCode?: string;
  phoneNumber?: string;
}

function targetOf(body: RecoveryTarget): {
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

export async function requestRecovery(ctx: AuthContext, request: FastifyRequest, body: RecoveryTarget) {
  const { target, find } = targetOf(body);
  const subject = subjectOf(request, target);
  await ctx.guard.before('recovery', subject, captchaHeaderOf(request));
  await ctx.guard.fail('recovery', subject);
  const user = await find(ctx);
  if (!user) return { result: true };
  await ctx.db.transaction().execute(async (trx) => {
    const code = await ctx.codes.issue('recovery', target, user.id, trx);
    await ctx.outbox.enqueue(
      {
        channel: body.channel,
        recipient: target,
        subject: body.channel === 'email' ? 'Password recovery' : '',
        body: `Parlay: your password recovery code is ${code}. It works for 15 minutes. If you did not ask for it, ignore this message.`,
        template: 'recovery_code',
      },
      trx,
    );
  });
  return { result: true };
}

export async function resetPassword(
  ctx: AuthContext,
  body: RecoveryTarget & { code: string; newPassword: string },
): Promise<{ result: true }> {
  const { target } = targetOf(body);
  assertPassword(body.newPassword);
  const { userId } = await ctx.codes.consume('recovery', target, body.code);
  if (userId === null) throw new AppError('WRONG_CODE');
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await ctx.auth.sessions.revokeAllExcept(userId, null, 'password_reset', trx);
  });
  return { result: true };
}
