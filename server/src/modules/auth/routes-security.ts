/**
 * Security routes of the office: password change and recovery, re-authentication, two-step
 * sign-in (setup, confirm, disable, backup codes), and confirming or changing e-mail and phone.
 * Changing e-mail, phone or two-step settings needs a sign-in or re-authentication within the last
 * 5 minutes (403 REAUTH_REQUIRED); a password or two-step change ends the other sessions.
 */

import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import { normalizeEmail, normalizePhone } from '@parlay/domain/auth/credentials.ts';
import { isRecentlyAuthenticated } from '@parlay/domain/session/session-token.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { subjectOf } from './caller.ts';
import { callerOf, rejectUnknownFields } from './http-request.ts';
import { requireUser } from './http-session.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertPassword, confirmLink } from './registration.ts';
import { requestPasswordRecovery } from './request-password-recovery.ts';
import { resetPassword } from './reset-password.ts';
import { CAPTCHA_NOTE, Email, Ok, OneTimeCode, Password, PhoneCode, PhoneNumber, strict } from './schemas.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';
import { checkSecondFactor, replaceBackupCodes } from './two-step.ts';
import { isEmailTaken, isPhoneTaken, phoneTarget } from './users.ts';

const PREFIX = '/web-api/auth/v1';
const tags = ['auth'];
const TOTP_ISSUER = 'Parlay';
const CONTACT_CODES_PER_HOUR = 5;

const RecoveryBody = {
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  email: Type.Optional(Email),
  phoneCode: Type.Optional(PhoneCode),
  phoneNumber: Type.Optional(PhoneNumber),
};

export async function securityRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);
  const requireRecent = async (request: FastifyRequest): Promise<SessionUser> => {
    const user = await requireUser(ctx.auth, request);
    if (!isRecentlyAuthenticated(user.reauthAt?.getTime() ?? null, ctx.clock.nowMs())) {
      throw new AppError('REAUTH_REQUIRED');
    }
    return user;
  };
  const userRow = (userId: number) =>
    ctx.db
      .selectFrom('users')
      .select([
        'password_hash',
        'totp_enabled_at',
        'totp_pending_secret',
        'email',
        'phone_code',
        'phone_number',
        'account_number',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  app.post(
    `${PREFIX}/password/forgot`,
    {
      schema: {
        tags,
        summary: 'Ask for a recovery code',
        description: `Sends a recovery code by e-mail (channel email) or SMS (channel sms) when the account exists; the answer is the same either way.${CAPTCHA_NOTE}`,
        body: Type.Object(RecoveryBody, strict),
        response: { 200: Ok },
      },
    },
    async (request) => requestPasswordRecovery(ctx, callerOf(request), request.body),
  );

  app.post(
    `${PREFIX}/password/reset`,
    {
      schema: {
        tags,
        summary: 'Set a new password with a recovery code',
        description:
          'Sets the new password and ends every session. 400 WRONG_CODE (wrong_code), CODE_TIME_UP (time_up), CODE_ATTEMPTS_EXCEEDED, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG.',
        body: Type.Object({ ...RecoveryBody, code: OneTimeCode, newPassword: Password }, strict),
        response: { 200: Ok },
      },
    },
    async (request) => resetPassword(ctx, request.body),
  );

  app.post(
    `${PREFIX}/password/change`,
    {
      schema: {
        tags,
        summary: 'Change the password',
        description:
          'Needs the current password (400 INVALID_CREDENTIALS); ends every other session and answers how many ended.',
        body: Type.Object({ currentPassword: Password, newPassword: Password }, strict),
        response: { 200: Type.Object({ result: Type.Boolean(), endedSessions: Type.Integer() }) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const body = request.body;
      assertPassword(body.newPassword);
      const caller = callerOf(request);
      const subject = subjectOf(caller, `uid:${user.userId}`);
      await ctx.guard.before('login', subject, caller.captcha);
      const row = await userRow(user.userId);
      if (row.password_hash && !(await verifyPassword(body.currentPassword, row.password_hash))) {
        await ctx.guard.fail('login', subject);
        throw new AppError('INVALID_CREDENTIALS');
      }
      const now = ctx.clock.now();
      const passwordHash = await hashPassword(body.newPassword);
      // One transaction: no sign-in sees the new password in the old session epoch, or the reverse.
      const ended = await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
          .where('id', '=', user.userId)
          .execute();
        return ctx.auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'password_changed', trx);
      });
      await ctx.auth.sessions.markReauthenticated(user.sessionId);
      return { result: true, endedSessions: ended };
    },
  );

  app.post(
    `${PREFIX}/reauth`,
    {
      schema: {
        tags,
        summary: 'Re-authenticate',
        description:
          'Confirms the signed-in person with the password, or with a two-step code when two-step is on, before changing e-mail, phone or two-step settings (valid 5 minutes). 400 INVALID_CREDENTIALS or TWO_STEP_INVALID.',
        body: Type.Object(
          {
            password: Type.Optional(Password),
            code: Type.Optional(Type.String({ minLength: 6, maxLength: 12 })),
          },
          strict,
        ),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const body = request.body;
      const caller = callerOf(request);
      const subject = subjectOf(caller, `uid:${user.userId}`);
      await ctx.guard.before('login', subject, caller.captcha);
      const row = await userRow(user.userId);
      let ok = false;
      if (body.code !== undefined && row.totp_enabled_at) {
        ok = await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, user.userId, body.code);
        if (!ok) {
          await ctx.guard.fail('login', subject);
          throw new AppError('TWO_STEP_INVALID');
        }
      } else if (body.password !== undefined && row.password_hash) {
        ok = await verifyPassword(body.password, row.password_hash);
      }
      if (!ok) {
        await ctx.guard.fail('login', subject);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await ctx.auth.sessions.markReauthenticated(user.sessionId);
      return { result: true };
    },
  );

  app.post(
    `${PREFIX}/two-step/setup`,
    {
      schema: {
        tags,
        summary: 'Start two-step setup',
        description:
          'A new TOTP secret (base32) and its otpauth:// URI for the authenticator app (show as a QR code); confirm with a code to turn two-step on. 409 TWO_STEP_ALREADY_ENABLED; 403 REAUTH_REQUIRED.',
        response: { 200: Type.Object({ secret: Type.String(), otpauthUri: Type.String() }) },
      },
    },
    async (request) => {
      const user = await requireRecent(request);
      const row = await userRow(user.userId);
      if (row.totp_enabled_at) throw new AppError('TWO_STEP_ALREADY_ENABLED');
      const secret = newTotpSecret();
      await ctx.db
        .updateTable('users')
        .set({ totp_pending_secret: secret })
        .where('id', '=', user.userId)
        .execute();
      const account = row.email ?? String(row.account_number);
      return { secret, otpauthUri: otpauthUri(secret, account, TOTP_ISSUER) };
    },
  );

  app.post(
    `${PREFIX}/two-step/confirm`,
    {
      schema: {
        tags,
        summary: 'Turn two-step on',
        description:
          'Confirms setup with a code from the authenticator; answers 10 single-use backup codes (shown once) and ends every other session. 400 TWO_STEP_INVALID; 409 TWO_STEP_NOT_STARTED; 403 REAUTH_REQUIRED.',
        body: Type.Object({ code: Type.String({ pattern: '^\\d{6}$' }) }, strict),
        response: { 200: Type.Object({ result: Type.Boolean(), backupCodes: Type.Array(Type.String()) }) },
      },
    },
    async (request) => {
      const user = await requireRecent(request);
      const row = await userRow(user.userId);
      if (row.totp_enabled_at) throw new AppError('TWO_STEP_ALREADY_ENABLED');
      if (!row.totp_pending_secret || !decodeBase32(row.totp_pending_secret))
        throw new AppError('TWO_STEP_NOT_STARTED');
      const { code } = request.body;
      if (
        !(await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, user.userId, code, 'totp_pending_secret'))
      ) {
        throw new AppError('TWO_STEP_INVALID');
      }
      const now = ctx.clock.now();
      await ctx.db
        .updateTable('users')
        .set({
          totp_secret: row.totp_pending_secret,
          totp_pending_secret: null,
          totp_enabled_at: now,
          updated_at: now,
        })
        .where('id', '=', user.userId)
        .execute();
      const backupCodes = await replaceBackupCodes(ctx.db, ctx.auth.keys, user.userId);
      await ctx.auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'two_step_changed');
      return { result: true, backupCodes };
    },
  );

  app.post(
    `${PREFIX}/two-step/disable`,
    {
      schema: {
        tags,
        summary: 'Turn two-step off',
        description:
          'Needs a current code or a backup code; ends every other session. 400 TWO_STEP_INVALID; 409 TWO_STEP_NOT_ENABLED; 403 REAUTH_REQUIRED.',
        body: Type.Object({ code: Type.String({ minLength: 6, maxLength: 12 }) }, strict),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireRecent(request);
      const row = await userRow(user.userId);
      if (!row.totp_enabled_at) throw new AppError('TWO_STEP_NOT_ENABLED');
      const { code } = request.body;
      if (!(await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, user.userId, code))) {
        throw new AppError('TWO_STEP_INVALID');
      }
      await ctx.db
        .updateTable('users')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: ctx.clock.now() })
        .where('id', '=', user.userId)
        .execute();
      await ctx.db.deleteFrom('auth_backup_codes').where('user_id', '=', user.userId).execute();
      await ctx.auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'two_step_changed');
      return { result: true };
    },
  );

  app.post(
    `${PREFIX}/two-step/backup-codes`,
    {
      schema: {
        tags,
        summary: 'New backup codes',
        description:
          'Replaces the backup codes with 10 new ones (shown once). 409 TWO_STEP_NOT_ENABLED; 403 REAUTH_REQUIRED.',
        response: { 200: Type.Object({ backupCodes: Type.Array(Type.String()) }) },
      },
    },
    async (request) => {
      const user = await requireRecent(request);
      if (!(await userRow(user.userId)).totp_enabled_at) throw new AppError('TWO_STEP_NOT_ENABLED');
      return { backupCodes: await replaceBackupCodes(ctx.db, ctx.auth.keys, user.userId) };
    },
  );

  app.post(
    `${PREFIX}/contacts/email`,
    {
      schema: {
        tags,
        summary: 'Confirm or change the e-mail',
        description:
          'Sends a confirmation code to the address (the current one to activate it, or a new one to change it; a new address needs re-authentication). Confirm with /contacts/confirm. 409 EMAIL_TAKEN; 403 REAUTH_REQUIRED; 429 RATE_LIMITED beyond 5 an hour.',
        body: Type.Object(
          { email: Email, lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })) },
          strict,
        ),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { lang = 'ru', ...body } = request.body;
      const email = normalizeEmail(body.email);
      if (!email) throw new AppError('VALIDATION_FAILED', 'email: not an e-mail address');
      const row = await userRow(user.userId);
      if (row.email !== email) {
        await requireRecent(request);
        if (await isEmailTaken(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
      }
      await ctx.guard.limit(`contact-code:${user.userId}`, 3_600_000, CONTACT_CODES_PER_HOUR);
      await ctx.db.transaction().execute(async (trx) => {
        const code = await ctx.codes.issue('confirm_email', email, user.userId, trx);
        await ctx.outbox.enqueue(
          {
            channel: 'email',
            recipient: email,
            subject: 'Confirm your e-mail',
            body: `Parlay: your e-mail confirmation code is ${code}.\nOr open ${confirmLink(ctx, lang, user.userId, code)}`,
            template: 'confirm_email',
          },
          trx,
        );
      });
      return { result: true };
    },
  );

  app.post(
    `${PREFIX}/contacts/phone`,
    {
      schema: {
        tags,
        summary: 'Confirm or change the phone',
        description:
          'Sends an SMS code to the phone (the current one to activate it, or a new one to change it; a new phone needs re-authentication). Confirm with /contacts/confirm. 409 PHONE_TAKEN; 403 REAUTH_REQUIRED; 429 RATE_LIMITED.',
        body: Type.Object({ phoneCode: PhoneCode, phoneNumber: PhoneNumber }, strict),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const body = request.body;
      const phone = normalizePhone(body.phoneCode, body.phoneNumber);
      if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
      const row = await userRow(user.userId);
      if (row.phone_code !== phone.code || row.phone_number !== phone.number) {
        await requireRecent(request);
        if (await isPhoneTaken(ctx.db, phone)) throw new AppError('PHONE_TAKEN');
      }
      await ctx.guard.limit(`contact-code:${user.userId}`, 3_600_000, CONTACT_CODES_PER_HOUR);
      await ctx.db.transaction().execute(async (trx) => {
        // The code remembers code and number apart, to store them apart on confirmation.
        const code = await ctx.codes.issue(
          'confirm_phone',
          `${phone.code}|${phone.number}`,
          user.userId,
          trx,
        );
        await ctx.outbox.enqueue(
          {
            channel: 'sms',
            recipient: phoneTarget(phone),
            body: `Parlay: your phone confirmation code is ${code}.`,
            template: 'confirm_phone',
          },
          trx,
        );
      });
      return { result: true };
    },
  );

  app.post(
    `${PREFIX}/contacts/confirm`,
    {
      schema: {
        tags,
        summary: 'Confirm a contact',
        description:
          "Confirms the e-mail or phone the last code went to: it becomes the account's, confirmed (activation). 400 WRONG_CODE, CODE_TIME_UP, CODE_ATTEMPTS_EXCEEDED; 409 EMAIL_TAKEN, PHONE_TAKEN.",
        body: Type.Object(
          { channel: Type.Union([Type.Literal('email'), Type.Literal('phone')]), code: OneTimeCode },
          strict,
        ),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { channel, code } = request.body;
      const purpose = channel === 'email' ? 'confirm_email' : 'confirm_phone';
      const { target } = await ctx.codes.consumeForUser(purpose, user.userId, code);
      const now = ctx.clock.now();
      try {
        if (channel === 'email') {
          await ctx.db
            .updateTable('users')
            .set({ email: target, email_verified_at: now, updated_at: now })
            .where('id', '=', user.userId)
            .execute();
        } else {
          const [phoneCode, phoneNumber] = target.split('|') as [string, string];
          await ctx.db
            .updateTable('users')
            .set({
              phone_code: phoneCode,
              phone_number: phoneNumber,
              phone_verified_at: now,
              updated_at: now,
            })
            .where('id', '=', user.userId)
            .execute();
        }
      } catch (err) {
        const text = (err as Error).message;
        if (text.includes('users_email')) throw new AppError('EMAIL_TAKEN');
        if (text.includes('users_phone')) throw new AppError('PHONE_TAKEN');
        throw err;
      }
      return { result: true };
    },
  );
}
