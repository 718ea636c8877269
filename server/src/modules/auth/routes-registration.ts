/** Registration routes: fast, phone and full registration and the e-mail save-credentials option. */

import { Type } from '@sinclair/typebox';
import { Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { registrantOf, rejectUnknownFields } from './http-request.ts';
import { answerSettingCookie, requireUser } from './http-session.ts';
import { registerFast } from './register-fast.ts';
import { registerFull } from './register-full.ts';
import { registerPhone } from './register-phone.ts';
import { requireFingerprintCheck } from './routes-fingerprint.ts';
import {
  CAPTCHA_NOTE,
  CountryCode,
  CountryId,
  Currency,
  Email,
  Lang,
  Ok,
  OneTimeCode,
  Password,
  PhoneCode,
  PhoneNumber,
  strict,
} from './schemas.ts';
import { sendCredentials } from './send-credentials.ts';

const PREFIX = '/web-api/auth/v1/registration';
const tags = ['auth'];

const Basics = {
  countryId: CountryId,
  countryCode: Type.Optional(CountryCode),
  currency: Currency,
  lang: Type.Optional(Lang),
  promoCode: Type.Optional(Type.String({ maxLength: 50 })),
  bonusChoice: Type.Optional(Type.String({ maxLength: 50, description: 'Chosen welcome bonus' })),
  refId: Type.Optional(Int32Id({ description: 'Referrer (from the refererid cookie)' })),
};

const Registered = Type.Object({ userId: Type.Integer(), accountNumber: Type.String() });
const GATE =
  ' 403 REGISTRATION_DISABLED when registration.isRegistrationAllowed is off, REGISTRATION_TYPE_DISABLED when the type is not offered.';

export async function registrationRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);
  requireFingerprintCheck(app, ctx);
  app.post(
    `${PREFIX}/fast`,
    {
      schema: {
        tags,
        summary: 'One-click registration',
        description: `Creates an account from a country and a currency and signs in; answers the generated account number and password (shown once: offer to save them as a file, an image or by e-mail).${GATE}${CAPTCHA_NOTE}`,
        body: Type.Object(Basics, strict),
        response: { 200: Type.Object({ ...Registered.properties, password: Type.String() }) },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await registerFast(ctx, registrantOf(request), request.body)),
  );

  app.post(
    `${PREFIX}/phone`,
    {
      schema: {
        tags,
        summary: 'Registration by phone',
        description: `Creates an account for a phone confirmed with the code from /sms/send (purpose registration) and signs in. 409 PHONE_TAKEN; 400 WRONG_CODE, CODE_TIME_UP, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG.${GATE}${CAPTCHA_NOTE}`,
        body: Type.Object(
          {
            ...Basics,
            phoneCode: PhoneCode,
            phoneNumber: PhoneNumber,
            code: OneTimeCode,
            password: Password,
          },
          strict,
        ),
        response: { 200: Registered },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await registerPhone(ctx, registrantOf(request), request.body)),
  );

  app.post(
    `${PREFIX}/full`,
    {
      schema: {
        tags,
        summary: 'Full registration',
        description: `Creates an account with e-mail, password, name, birth date (18 or older), country, currency and optional phone, promo code and bonus choice; signs in and e-mails a confirmation code (activation_type 1, or 2 with a phone). 409 EMAIL_TAKEN, PHONE_TAKEN; 400 UNDERAGE, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG.${GATE}${CAPTCHA_NOTE}`,
        body: Type.Object(
          {
            ...Basics,
            email: Email,
            password: Password,
            firstName: Type.String({ minLength: 1, maxLength: 100 }),
            lastName: Type.String({ minLength: 1, maxLength: 100 }),
            birthDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
            phoneCode: Type.Optional(PhoneCode),
            phoneNumber: Type.Optional(PhoneNumber),
          },
          strict,
        ),
        response: { 200: Registered },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await registerFull(ctx, registrantOf(request), request.body)),
  );

  app.post(
    `${PREFIX}/credentials/email`,
    {
      schema: {
        tags,
        summary: 'E-mail my credentials',
        description:
          'Save-credentials option "email" after a one-click registration: e-mails the account number and password to the address given. The password must be the account\'s (so only its holder can send it). At most 3 an hour: 429 RATE_LIMITED.',
        body: Type.Object({ email: Email, password: Password }, strict),
        response: { 200: Ok },
      },
    },
    async (request) => sendCredentials(ctx, await requireUser(ctx.auth, request), request.body),
  );
}
