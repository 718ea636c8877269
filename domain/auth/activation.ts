/**
 * Account activation (coupon-accounts §3 user config): activation_type says which contacts must be
 * confirmed (0 none, 1 e-mail, 2 both, 3 phone only); remaining_days_to_activate counts down from
 * the deadline set at registration.
 */

export const ACTIVATION_TYPES = { none: 0, email: 1, both: 2, phone: 3 } as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[keyof typeof ACTIVATION_TYPES];
export const ACTIVATION_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ActivationState {
  activationType: number;
  emailVerified: boolean;
  phoneVerified: boolean;
}

/** Whether every contact the activation type asks for is confirmed. */
export function isActivated(state: ActivationState): boolean {
  switch (state.activationType) {
    case ACTIVATION_TYPES.email:
      return state.emailVerified;
    case ACTIVATION_TYPES.both:
      return state.emailVerified && state.phoneVerified;
    case ACTIVATION_TYPES.phone:
      return state.phoneVerified;
    default:
      return true;
  }
}

/**
 * Whole days left to activate (rounded up, never below 0), or null when nothing is left to do.
 * @example remainingDaysToActivate({ activationType: 1, emailVerified: false, phoneVerified: false }, deadline, deadline - 36e5) // 1
 */
export function remainingDaysToActivate(
  state: ActivationState,
  deadlineMs: number | null,
  nowMs: number,
): number | null {
  if (isActivated(state) || deadlineMs === null) return null;
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / DAY_MS));
}

/** The activation type a registration starts with: what the person gave must be confirmed. */
export function activationTypeFor(hasEmail: boolean, hasPhone: boolean): ActivationType {
  if (hasEmail && hasPhone) return ACTIVATION_TYPES.both;
  if (hasEmail) return ACTIVATION_TYPES.email;
  if (hasPhone) return ACTIVATION_TYPES.phone;
  return ACTIVATION_TYPES.none;
}
