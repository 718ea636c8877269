/**
 * Security routes of the office: password change and recovery, re-authentication, two-step
 * sign-in (setup, confirm, disable, backup codes), and confirming or changing e-mail and phone.
 * Changing e-mail, phone or two-step settings needs a sign-in or re-authentication within the last
 * 5 minutes (403 REAUTH_REQUIRED); a password or two-step change ends the other sessions.
 */

import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { changePassword } from './change-password.ts';
import { confirmContact } from './confirm-contact.ts';
import { disableTwoStep } from './disable-two-step.ts';
import { enableTwoStep } from './enable-two-step.ts';
import { callerOf, rejectUnknownFields } from './http-request.ts';
import { requireUser } from './http-session.ts';
import { reauthenticate } from './reauthenticate.ts';
import { renewBackupCodes } from './renew-backup-codes.ts';
import { requestPasswordRecovery } from './request-password-recovery.ts';
import { resetPassword } from './reset-password.ts';
import { CAPTCHA_NOTE, Email, Ok, OneTimeCode, Password, PhoneCode, PhoneNumber, strict } from './schemas.ts';
import { sendEmailConfirmation } from './send-email-confirmation.ts';
import { sendPhoneConfirmation } from './send-phone-confirmation.ts';
import { startTwoStepSetup } from './start-two-step-setup.ts';

const PREFIX = '/web-api/auth/v1';
const tags = ['auth'];

const RecoveryBody = {
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  email: Type.Optional(Email),
  phoneCode: Type.Optional(PhoneCode),
  phoneNumber: Type.Optional(PhoneNumber),
};

export async function securityRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);
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
    async (request) =>
      changePassword(ctx, callerOf(request), await requireUser(ctx.auth, request), request.body),
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
    async (request) =>
      reauthenticate(ctx, callerOf(request), await requireUser(ctx.auth, request), request.body),
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
    async (request) => startTwoStepSetup(ctx, await requireUser(ctx.auth, request)),
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
    async (request) => enableTwoStep(ctx, await requireUser(ctx.auth, request), request.body.code),
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
    async (request) => disableTwoStep(ctx, await requireUser(ctx.auth, request), request.body.code),
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
    async (request) => renewBackupCodes(ctx, await requireUser(ctx.auth, request)),
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
    async (request) => sendEmailConfirmation(ctx, await requireUser(ctx.auth, request), request.body),
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
    async (request) => sendPhoneConfirmation(ctx, await requireUser(ctx.auth, request), request.body),
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
    async (request) => confirmContact(ctx, await requireUser(ctx.auth, request), request.body),
  );
}
