/**
 * Referral cookies (coupon-accounts §9 "Referral cookie lifetimes"): a landing address carrying
 * partner parameters leaves cookies that a later registration stores on the new user.
 *
 * | cookie     | landing parameter                | lifetime                                   |
 * | refererid  | refererid                        | 60 days                                    |
 * | bf_id      | bf_id                            | 1 day                                      |
 * | reflinkid  | reflinkid, or tag (a plain tag)  | 60 days; 1 hour for the plain tag          |
 * | partner_id | partner_id (+ click_id)          | 60 days; 30 days when click-based          |
 * | postback   | pb                               | 30 days; 4 s (emptied) on a partner landing without pb |
 * | subid      | subid                            | 60 days                                    |
 */

const DAY_S = 86_400;

export const REFERRAL_LIFETIMES_S = {
  refererid: 60 * DAY_S,
  bf_id: DAY_S,
  reflinkid: 60 * DAY_S,
  reflinkidPlainTag: 3_600,
  partner_id: 60 * DAY_S,
  partnerIdClickBased: 30 * DAY_S,
  postback: 30 * DAY_S,
  postbackWithoutPb: 4,
  subid: 60 * DAY_S,
} as const;

export const REFERRAL_COOKIES = [
  'refererid',
  'bf_id',
  'reflinkid',
  'partner_id',
  'postback',
  'subid',
] as const;
export type ReferralCookie = (typeof REFERRAL_COOKIES)[number];

export interface ReferralCookieWrite {
  name: ReferralCookie;
  value: string;
  maxAgeSeconds: number;
}

/** Stored referral values: ids and tags of partner links, never free text. */
const VALUE = /^[A-Za-z0-9_.:-]{1,100}$/;
/** refererid is the referring player's id (users.ref_id). */
const REFERER_ID = /^[1-9]\d{0,9}$/;

function valid(name: ReferralCookie, value: string | null): value is string {
  if (value === null) return false;
  return name === 'refererid' ? REFERER_ID.test(value) : VALUE.test(value);
}

/**
 * The cookies a landing query sets; parameters with a malformed value are ignored.
 * @example referralCookiesFor(new URLSearchParams('tag=abc')) // [{ name: 'reflinkid', value: 'abc', maxAgeSeconds: 3600 }]
 */
export function referralCookiesFor(query: URLSearchParams): ReferralCookieWrite[] {
  const out: ReferralCookieWrite[] = [];
  const take = (name: ReferralCookie, param: string, maxAgeSeconds: number): boolean => {
    const value = query.get(param);
    if (!valid(name, value)) return false;
    out.push({ name, value, maxAgeSeconds });
    return true;
  };
  take('refererid', 'refererid', REFERRAL_LIFETIMES_S.refererid);
  take('bf_id', 'bf_id', REFERRAL_LIFETIMES_S.bf_id);
  if (!take('reflinkid', 'reflinkid', REFERRAL_LIFETIMES_S.reflinkid))
    take('reflinkid', 'tag', REFERRAL_LIFETIMES_S.reflinkidPlainTag);
  const clickBased = valid('partner_id', query.get('click_id'));
  const partner = take(
    'partner_id',
    'partner_id',
    clickBased ? REFERRAL_LIFETIMES_S.partnerIdClickBased : REFERRAL_LIFETIMES_S.partner_id,
  );
  // A partner landing without pb ends an earlier campaign's postback within seconds.
  if (!take('postback', 'pb', REFERRAL_LIFETIMES_S.postback) && partner)
    out.push({ name: 'postback', value: '', maxAgeSeconds: REFERRAL_LIFETIMES_S.postbackWithoutPb });
  take('subid', 'subid', REFERRAL_LIFETIMES_S.subid);
  return out;
}

/** The Set-Cookie header value of one referral cookie (readable by the site's scripts, Lax). */
export function referralSetCookie(write: ReferralCookieWrite): string {
  return `${write.name}=${write.value}; Path=/; Max-Age=${write.maxAgeSeconds}; SameSite=Lax`;
}

export type ReferralValues = Partial<Record<ReferralCookie, string>>;

/** The referral values a request's cookies carry (malformed or empty ones left out). */
export function referralValuesFrom(cookies: Record<string, string | undefined>): ReferralValues {
  const out: ReferralValues = {};
  for (const name of REFERRAL_COOKIES) {
    const value = cookies[name] ?? null;
    if (valid(name, value)) out[name] = value;
  }
  return out;
}
