/** Request and answer schemas shared by the auth routes. */

import { PASSWORD_MAX_LENGTH } from '@parlay/domain/auth/credentials.ts';
import { Type } from '@sinclair/typebox';

/** Length is checked by the password rule (domain/auth/credentials.ts) to answer its own codes. */
export const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 });
export const PhoneCode = Type.String({
  minLength: 1,
  maxLength: 5,
  description: 'Country calling code, e.g. +7',
});
export const PhoneNumber = Type.String({ minLength: 4, maxLength: 20, description: 'National number' });
export const Email = Type.String({ minLength: 3, maxLength: 254 });
export const OneTimeCode = Type.String({ minLength: 4, maxLength: 12 });
export const Remember = Type.Boolean({
  default: false,
  description: 'Keep the session after the browser closes',
});
export const Lang = Type.String({ pattern: '^[a-z]{2}$', default: 'ru' });
export const Currency = Type.String({ pattern: '^[A-Z]{3}$' });
export const CountryId = Type.Integer({ minimum: 1, maximum: 100_000 });
export const CountryCode = Type.String({ pattern: '^[a-zA-Z]{2}$' });

export const SignInAnswerSchema = Type.Object({
  result: Type.Union([Type.Literal('ok'), Type.Literal('two_step_required')]),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  twoStepToken: Type.Union([Type.String(), Type.Null()]),
});

export const Ok = Type.Object({ result: Type.Boolean() });

export const strict = { additionalProperties: false } as const;

export const CAPTCHA_NOTE =
  ' After repeated failures answers 400 CAPTCHA_REQUIRED (details.errorCode 100, 111, 112 or 113); retry with the x-captcha header. 429 RATE_LIMITED beyond the burst limit.';
