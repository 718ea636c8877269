/**
 * The pure rules of bring-a-friend: when a friend qualifies, what a referrer is paid for one under
 * the per-referrer cap, and how a friend's name is shown to the referrer. No I/O, no clock.
 */
import type { ReferralStatus } from './tables.ts';

export interface ReferralRule {
  currency: string;
  depositMinMinor: bigint;
  wagerMinMinor: bigint;
  rewardMinor: bigint;
  capMinor: bigint;
  isEnabled: boolean;
}

/** Status after the friend's totals changed: registered → deposited → qualified (never back). */
export function progressedStatus(
  status: ReferralStatus,
  totals: { depositedMinor: bigint; wageredMinor: bigint },
  rule: Pick<ReferralRule, 'depositMinMinor' | 'wagerMinMinor' | 'isEnabled'> | null,
): ReferralStatus {
  if (status !== 'registered' && status !== 'deposited') return status;
  const qualified =
    rule?.isEnabled === true &&
    totals.depositedMinor >= rule.depositMinMinor &&
    totals.wageredMinor >= rule.wagerMinMinor;
  if (qualified) return 'qualified';
  return totals.depositedMinor > 0n ? 'deposited' : 'registered';
}

/**
 * What one qualified friend pays the referrer: the rule's reward, cut to what the cap leaves.
 * @example rewardFor({ rewardMinor: 500n, capMinor: 1200n }, 1000n) // 200n
 */
export function rewardFor(rule: Pick<ReferralRule, 'rewardMinor' | 'capMinor'>, paidMinor: bigint): bigint {
  const left = rule.capMinor - paidMinor;
  if (left <= 0n) return 0n;
  return rule.rewardMinor < left ? rule.rewardMinor : left;
}

/**
 * A friend's name as the referrer sees it: first letter, stars, last letter (never the whole name).
 * @example maskName('Anastasia') // 'A*******a'
 */
export function maskName(name: string | null): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 8))}${chars[chars.length - 1]}`;
}

/** Referral codes: upper-case letters and digits without look-alikes (0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;
export const CODE_PATTERN = '^[A-Za-z0-9]{6,16}$';

/** A code from random bytes (one byte per character; the modulo bias is irrelevant for a link). */
export function codeFromBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) out += CODE_ALPHABET[(bytes[i] ?? 0) % CODE_ALPHABET.length];
  return out;
}
