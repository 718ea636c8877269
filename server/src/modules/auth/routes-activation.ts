/**
 * Activation by link (site-shell §2 /user/activatefast/activate and /user/accountverify): the e-mail
 * confirmation message carries the user id and the code, so the link confirms the address on any
 * device, signed in or not. The code is the same single-use, five-try code the office form takes.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import { Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { rejectUnknownFields } from './http-request.ts';
import { strict } from './schemas.ts';

const PREFIX = '/web-api/auth/v1';
const LINK_TRIES_PER_HOUR = 30;

export async function activationRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);

  app.post(
    `${PREFIX}/activation/link`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail by link',
        description:
          'Confirms the e-mail the latest confirmation code of the user went to (the link of the confirmation message: ?user=&code=). No sign-in needed. Answers whether the account is now activated. 400 WRONG_CODE, CODE_TIME_UP, CODE_ATTEMPTS_EXCEEDED; 409 EMAIL_TAKEN; 429 RATE_LIMITED beyond 30 an hour from one address.',
        body: Type.Object({ userId: Int32Id(), code: Type.String({ pattern: '^\\d{6}$' }) }, strict),
        response: { 200: Type.Object({ result: Type.Boolean(), email: Type.String() }) },
      },
    },
    async (request) => {
      const { userId, code } = request.body;
      await ctx.guard.limit(`activation-link:${request.ip}`, 3_600_000, LINK_TRIES_PER_HOUR);
      const { target } = await ctx.codes.consumeForUser('confirm_email', userId, code);
      const now = ctx.clock.now();
      try {
        await ctx.db
          .updateTable('users')
          .set({ email: target, email_verified_at: now, updated_at: now })
          .where('id', '=', userId)
          .execute();
      } catch (err) {
        if ((err as Error).message.includes('users_email')) throw new AppError('EMAIL_TAKEN');
        throw err;
      }
      return { result: true, email: target };
    },
  );
}
