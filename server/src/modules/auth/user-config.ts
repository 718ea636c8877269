/**
 * The user config (coupon-accounts §3 "User config"): contacts and identity, activation, protection
 * level and methods, personal data, ban and verification state, and sports the user may not bet on.
 */

import { ACTIVATION_TYPES, remainingDaysToActivate } from '@parlay/domain/auth/activation.ts';
import { type ProtectionMethods, protectionLevel } from '@parlay/domain/auth/protection-level.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';

const dateOnly = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const numberList = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The player's verification state as the verification service keeps it (verification_profiles,
 * written by the payments/verification module): a player without a profile is not verified
 * (verification_status 1), nothing pending.
 */
async function verificationOf(db: Kysely<Database>, userId: number) {
  const profile = await db
    .selectFrom('verification_profiles')
    .select([
      'verification_status',
      'user_status_id',
      'verification_status_group_code',
      'requested_additional_document',
    ])
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return {
    verification_status: profile?.verification_status ?? 1,
    user_status_id: profile?.user_status_id ?? 0,
    verification_status_group_code: profile?.verification_status_group_code ?? 'not_verified',
    requested_additional_document: profile?.requested_additional_document ?? false,
  };
}

export async function loadUserConfig(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  hasDeposit: (userId: number, stored: boolean) => Promise<boolean> = async (_id, stored) => stored,
  /** The verification types the site offers (identification.verificationTypes), e.g. documents, faceid. */
  siteVerificationTypes: () => Promise<string[]> = async () => [],
) {
  const [u, verification, siteTypes] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    verificationOf(db, userId),
    siteVerificationTypes(),
  ]);
  const ownTypes = stringList(u.verification_types);
  const methods: ProtectionMethods = {
    is_changed_password: u.password_changed_at !== null,
    enable_two_factor_auth: u.totp_enabled_at !== null,
    enable_phone_binding: u.phone_verified_at !== null,
    enable_security_question: u.has_security_question,
    enable_email_auth: u.email_verified_at !== null,
  };
  const activation = {
    activationType: u.activation_type,
    emailVerified: u.email_verified_at !== null,
    phoneVerified: u.phone_verified_at !== null,
  };
  // A one-click account has no contact to confirm yet (activation type 0): it counts down to its
  // conversion, which any confirmed contact, e-mail or phone, completes.
  const isConversion = u.registration_type === 'fast' && u.activation_type === ACTIVATION_TYPES.none;
  const countdown = isConversion
    ? {
        activationType: ACTIVATION_TYPES.email,
        emailVerified: activation.emailVerified || activation.phoneVerified,
        phoneVerified: false,
      }
    : activation;
  return {
    user_id: u.id,
    account_number: String(u.account_number),
    phone_number: u.phone_number,
    phone_code: u.phone_code === null ? null : `+${u.phone_code}`,
    user_email: u.email,
    user_name: [u.first_name, u.last_name].filter(Boolean).join(' '),
    user_country_code: u.country_code,
    user_country_id: u.country_id,
    user_currency: u.currency,
    activation_type: u.activation_type,
    is_email_confirmed: activation.emailVerified,
    is_phone_confirmed: activation.phoneVerified,
    remaining_days_to_activate: remainingDaysToActivate(
      countdown,
      u.activation_deadline?.getTime() ?? null,
      clock.nowMs(),
    ),
    user_ref_id: u.ref_id,
    user_msg_count: 0,
    user_hide_balance: u.hide_balance,
    protection_level: protectionLevel(methods),
    protection_methods: methods,
    user_data: {
      date_birthday: dateOnly(u.birth_date),
      document_type_id: u.document_type_id,
      inn: u.inn,
      name: u.first_name,
      passport: u.passport,
      passport_date: dateOnly(u.passport_date),
      passport_end_date: dateOnly(u.passport_end_date),
      registration_address: u.registration_address,
      surname: u.last_name,
    },
    ban_level: u.ban_level,
    ban_version: u.ban_version,
    ...verification,
    // A player may be asked for particular types; otherwise the ones the site offers apply.
    verification_types: ownTypes.length > 0 ? ownTypes : siteTypes,
    has_deposit: await hasDeposit(userId, u.has_deposit),
    is_identification_bonus: u.is_identification_bonus,
    is_need_identification: u.is_need_identification,
    disallow_line_sport: numberList(u.disallow_line_sport),
    disallow_live_sport: numberList(u.disallow_live_sport),
    is_two_step_enabled: methods.enable_two_factor_auth,
  };
}
