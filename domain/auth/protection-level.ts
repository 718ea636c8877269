/**
 * Protection level of an account (coupon-accounts §3 user config, §4 "Protection level status"):
 * a score 0-100 computed from the protection methods the user has turned on, and its status.
 */

export interface ProtectionMethods {
  is_changed_password: boolean;
  enable_two_factor_auth: boolean;
  enable_phone_binding: boolean;
  enable_security_question: boolean;
  enable_email_auth: boolean;
}

export type ProtectionStatus = 'bad' | 'normal' | 'good' | 'full';

/** Points each method adds; they sum to 100, so every method on is "full". */
export const PROTECTION_POINTS: Readonly<Record<keyof ProtectionMethods, number>> = {
  enable_two_factor_auth: 40,
  enable_phone_binding: 20,
  enable_email_auth: 20,
  is_changed_password: 10,
  enable_security_question: 10,
};

/**
 * The score of a set of methods.
 * @example protectionLevel({ ...none, enable_two_factor_auth: true, enable_email_auth: true }) // 60
 */
export function protectionLevel(methods: ProtectionMethods): number {
  let level = 0;
  for (const [method, points] of Object.entries(PROTECTION_POINTS)) {
    if (methods[method as keyof ProtectionMethods]) level += points;
  }
  return Math.min(100, level);
}

/**
 * The status shown for a level: null stays null, 30 or less bad, 31-69 normal, 70-99 good, 100 full.
 * @example protectionStatus(70) // 'good'
 */
export function protectionStatus(level: number | null): ProtectionStatus | null {
  if (level === null) return null;
  if (level <= 30) return 'bad';
  if (level < 70) return 'normal';
  if (level < 100) return 'good';
  return 'full';
}
