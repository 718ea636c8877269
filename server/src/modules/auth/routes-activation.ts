/**
 * The activation-link route (site-shell §2 /user/activatefast/activate and /user/accountverify):
 * confirm-email-by-link.ts confirms the address, signed in or not.
 */
import { Type } from '@sinclair/typebox';
import { Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { confirmEmailByLink } from './confirm-email-by-link.ts';
import { callerOf, rejectUnknownFields } from './http-request.ts';
import { strict } from './schemas.ts';

const PREFIX = '/web-api/auth/v1';

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
    async (request) => confirmEmailByLink(ctx, callerOf(request), request.body),
  );
}
