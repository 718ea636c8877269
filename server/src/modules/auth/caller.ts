/**
 * Who asks, as the auth use cases see it: plain values a route reads from the HTTP request
 * (http-request.ts), so that no use case takes a request or a reply.
 */
import type { ReferralValues } from '@parlay/domain/auth/referral.ts';
import type { AttemptSubject } from './attempt-guard.ts';
import type { FingerprintReading } from './device-fingerprint.ts';

export interface Caller {
  /** The client's address (as the trusted proxies report it). */
  ip: string;
  /** The User-Agent header, '' without one; kept on the session row. */
  userAgent: string;
  /** The x-captcha header: the answer to a captcha challenge, when one is sent. */
  captcha: string | undefined;
  /** What the device-fingerprint check found ("missing" where the route does not check). */
  fingerprint: FingerprintReading;
}

/** A caller who may become a user: with the referral values of the cookies it carries. */
export interface Registrant extends Caller {
  referral: ReferralValues;
}

/** The attempt-guard subject of a caller acting on an account (null when there is none yet). */
export function subjectOf(caller: Caller, account: string | null): AttemptSubject {
  return { ip: caller.ip, account };
}
