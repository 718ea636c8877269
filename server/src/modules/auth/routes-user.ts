/** The signed-in user's config (no cache) and stored global settings (coupon-accounts §3). */

import { ODDS_FORMAT_IDS } from '@parlay/domain/odds/formats.ts';
import { DEFAULT_GLOBAL_SETTINGS, FONT_SIZES } from '@parlay/domain/session/global-settings.ts';
import { type TSchema, Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { changeGlobalSettings } from './change-global-settings.ts';
import { rejectUnknownFields } from './http-request.ts';
import { requireUser } from './http-session.ts';
import { readGlobalSettings } from './read-global-settings.ts';
import { strict } from './schemas.ts';
import { loadUserConfig } from './user-config.ts';

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const FLAG_KEYS = Object.entries(DEFAULT_GLOBAL_SETTINGS)
  .filter(
    ([key, value]) =>
      (value === 0 || value === 1) &&
      !['appViewType', 'appTheme', 'coefViewId', 'coefIndicationType', 'marketsNameType'].includes(key),
  )
  .map(([key]) => key);

const SettingsFields = {
  language: Type.String({ pattern: '^[a-z]{2}$' }),
  timeZone: Type.Integer({ minimum: -12, maximum: 14 }),
  appViewType: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 European, 1 Asian' }),
  appTheme: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 light, 1 dark' }),
  appFontSize: Type.Integer({ minimum: FONT_SIZES.min, maximum: FONT_SIZES.max }),
  coefViewId: Type.Union(ODDS_FORMAT_IDS.map((id) => Type.Literal(id))),
  coefIndicationType: Type.Integer({ minimum: 0, maximum: 9 }),
  marketsNameType: Type.Integer({ minimum: 0, maximum: 9 }),
  cookiesAgreeType: Nullable(
    Type.Union(['all', 'functionality', 'marketing', 'disabled'].map((t) => Type.Literal(t))),
  ),
  ...Object.fromEntries(FLAG_KEYS.map((key) => [key, Flag])),
};

const SettingsSchema = Type.Object({
  ...SettingsFields,
  userId: Type.Integer(),
  isUserTermsChanged: Type.Boolean(),
  updatedAt: Nullable(Type.String({ description: 'When the current terms were published' })),
  partnerHasTaxes: Type.Boolean(),
  isRegistrationProcess: Type.Boolean(),
  storedKeys: Type.Array(Type.String(), {
    description:
      'The settings the player set; the others are defaults (the browser keeps its cookies for those)',
  }),
});

const UserConfigSchema = Type.Object({
  result: Type.Object(
    {
      user_id: Type.Integer(),
      phone_number: Nullable(Type.String()),
      phone_code: Nullable(Type.String()),
      user_email: Nullable(Type.String()),
      user_name: Type.String(),
      user_country_code: Nullable(Type.String()),
      user_country_id: Nullable(Type.Integer()),
      activation_type: Type.Integer({ description: '0 none, 1 email, 2 both, 3 phone only' }),
      remaining_days_to_activate: Nullable(Type.Integer()),
      user_ref_id: Nullable(Type.Integer()),
      user_msg_count: Type.Integer(),
      user_hide_balance: Type.Boolean(),
      protection_level: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
      protection_methods: Type.Object({
        is_changed_password: Type.Boolean(),
        enable_two_factor_auth: Type.Boolean(),
        enable_phone_binding: Type.Boolean(),
        enable_security_question: Type.Boolean(),
        enable_email_auth: Type.Boolean(),
      }),
      user_data: Type.Object({
        date_birthday: Nullable(Type.String()),
        document_type_id: Nullable(Type.Integer()),
        inn: Nullable(Type.String()),
        name: Type.String(),
        passport: Nullable(Type.String()),
        passport_date: Nullable(Type.String()),
        passport_end_date: Nullable(Type.String()),
        registration_address: Nullable(Type.String()),
        surname: Type.String(),
      }),
      ban_level: Type.Integer(),
      ban_version: Type.Integer(),
      user_status_id: Type.Integer(),
      verification_status: Type.Integer(),
      verification_types: Type.Array(Type.String()),
      verification_status_group_code: Nullable(Type.String()),
      requested_additional_document: Type.Boolean(),
      has_deposit: Type.Boolean(),
      is_identification_bonus: Type.Boolean(),
      is_need_identification: Type.Boolean(),
      disallow_line_sport: Type.Array(Type.Integer()),
      disallow_live_sport: Type.Array(Type.Integer()),
    },
    { additionalProperties: true },
  ),
});

export async function userRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);
  const tags = ['auth'];

  app.get(
    '/web-api/user/config',
    {
      schema: {
        tags,
        summary: 'User config',
        description:
          'Everything the site needs about the signed-in user (coupon-accounts §3): contacts, activation and remaining_days_to_activate, protection level (0-100) and methods, personal data, ban, verification and identification state. Never cached. 401 NOT_AUTHENTICATED.',
        response: { 200: UserConfigSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(ctx.auth, request);
      return {
        result: await loadUserConfig(
          ctx.db,
          ctx.clock,
          user.userId,
          (id, stored) => ctx.auth.hasDeposit(id, stored),
          async () => {
            const { identification } = await ctx.siteConfig.groups(['identification'], 'ru');
            const types = identification?.verificationTypes;
            return Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : [];
          },
        ),
      };
    },
  );

  app.get(
    '/web-api/user/settings',
    {
      schema: {
        tags,
        summary: 'Global settings',
        description:
          "The signed-in user's display settings (coupon-accounts §3 global settings; flags are 0 or 1), defaults filled in. 401 NOT_AUTHENTICATED.",
        response: { 200: Type.Object({ result: SettingsSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { result: await readGlobalSettings(ctx, await requireUser(ctx.auth, request)) };
    },
  );

  app.put(
    '/web-api/user/settings',
    {
      schema: {
        tags,
        summary: 'Change global settings',
        description:
          'Changes the given settings (any subset) and answers all of them. An unknown key or a bad value answers 400 VALIDATION_FAILED naming it and changes nothing.',
        body: Type.Partial(Type.Object(SettingsFields), { ...strict, minProperties: 1 }),
        response: { 200: Type.Object({ result: SettingsSchema }) },
      },
    },
    async (request) => ({
      result: await changeGlobalSettings(ctx, await requireUser(ctx.auth, request), request.body),
    }),
  );
}
