/**
 * Route parameter rules (site-shell §5): a path whose parameter breaks its rule matches no route and
 * answers 404. `segment` is the default for parameters a route does not constrain.
 */

export const PARAM_RULES = {
  /** Any one path segment of a slug or id: letters, digits, "_", "-", ".", "~", percent escapes. */
  segment: /^[A-Za-z0-9%][A-Za-z0-9_.~%-]{0,199}$/,
  /** Spec: couponId digits only; also numeric ids (team, game, transaction). */
  digits: /^\d{1,18}$/,
  /** Spec: lng two lower-case letters. */
  lng: /^[a-z]{2}$/,
  /** Spec: section only line or live. */
  section: /^(line|live)$/,
  /** Sports page types of site-shell §2. */
  pageType: /^(home|betsonyour|topgame|marble|team|top-events|top-sports)$/,
  esportsRoot: /^(cyber|esports)$/,
  /** Spec: type only real, virtual or stream. */
  esportsType: /^(real|virtual|stream)$/,
  /** Spec: results type live or zone. */
  resultsType: /^(live|zone)$/,
  /** Spec: casino sections keno, slots, casino. */
  casinoSection: /^(keno|slots|casino)$/,
  /** Headless casino landings are named landing-*. */
  casinoLanding: /^landing-[a-z0-9][a-z0-9-]{0,60}$/,
  activateType: /^(activatefast|activate)$/,
  registrationType: /^socialregistration$/,
  /** A lotto id goes with the results or view section. */
  lottoSection: /^(results|view)$/,
  totoPage: /^(draw|next|coupons|draws|nonimees)$/,
  /**
   * A root-level link token ({token} of the sports routes): 20-128 URL-safe characters, so an ordinary
   * mistyped word ("/en/nope") stays a 404 instead of becoming a token page.
   */
  token: /^[A-Za-z0-9_-]{20,128}$/,
} as const satisfies Record<string, RegExp>;

export type ParamRule = keyof typeof PARAM_RULES;

/** True when `value` satisfies `rule`: paramAllows('digits', '123') === true, paramAllows('digits', '12a') === false. */
export function paramAllows(rule: ParamRule, value: string): boolean {
  return PARAM_RULES[rule].test(value);
}

/**
 * How specific a rule is, for ranking two patterns that match the same path: a static segment ranks 5,
 * a fixed list of words 4, a shaped value 3 (digits, landing-*), a token 2, a free segment 1.
 */
export const PARAM_RANK: Readonly<Record<ParamRule, number>> = {
  segment: 1,
  token: 2,
  digits: 3,
  lng: 3,
  casinoLanding: 3,
  section: 4,
  pageType: 4,
  esportsRoot: 4,
  esportsType: 4,
  resultsType: 4,
  casinoSection: 4,
  activateType: 4,
  registrationType: 4,
  lottoSection: 4,
  totoPage: 4,
};
export const STATIC_RANK = 5;
