/**
 * A bonus campaign (issue 20) as pure data, and its validation: what triggers it, who may have it,
 * what it gives, how it is wagered and its limits. The server stores the checked definition as JSON
 * (bonus_campaigns.definition); the back office and `parlay bonuses create` write it from the same
 * shape. Amounts are bigint minor units written as decimal strings in JSON; percentages are basis
 * points (10 000 = 100 %); odds are thousandths (1500 = 1.50).
 */

export const TRIGGERS = [
  'registration',
  'first_deposit',
  'nth_deposit',
  'promo_code',
  'opt_in',
  'bet_settled',
  'schedule',
] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** The bonus category names of coupon-accounts §9 (all_bonuses is "every category"). */
export const CATEGORIES = [
  'poker',
  'casino',
  'bukmaker',
  'redeposit',
  'shares',
  'cashback',
  'first_deposit',
  'bonuses',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Products whose wagers count for wagering (contribution per product). */
export const PRODUCTS = ['sports', 'slots', 'table', 'instant'] as const;
export type Product = (typeof PRODUCTS)[number];

export type Reward =
  /** percent of the deposit (basis points) up to capMinor. */
  | { kind: 'match'; percentBp: number; capMinor: bigint }
  | { kind: 'fixed'; amountMinor: bigint }
  /** a free bet: its stake is not returned with a win. */
  | { kind: 'free_bet'; amountMinor: bigint }
  /** count spins on one of the named games at a fixed stake; winnings become bonus money. */
  | { kind: 'free_spins'; count: number; games: string[]; stakeMinor: bigint }
  /** percent of the net loss since the previous cashback, paid as bonus money. */
  | { kind: 'cashback'; percentBp: number; capMinor: bigint }
  | { kind: 'points'; points: bigint }
  /**
   * A one-use odds boost for the bet slip: a winning bet gets percentBp of its profit on top, at
   * most capMinor (domain/bonus/odds-boost.ts); its bet needs odds ≥ wagering.minOddsMilli.
   */
  | { kind: 'odds_boost'; percentBp: number; capMinor: bigint };

export interface Wagering {
  /** The requirement is multiple × the bonus ('bonus') or × the bonus and the deposit ('bonus_deposit'). */
  multiple: number;
  basis: 'bonus' | 'bonus_deposit';
  /** Contribution per product in basis points; a product not listed contributes nothing. */
  contributionBp: Partial<Record<Product, number>>;
  /** Sports bets count only at this coefficient or above (thousandths). */
  minOddsMilli: number;
  /** The largest stake allowed while wagering (0 = no maximum). */
  maxBetMinor: bigint;
  /** The most the bonus can turn into real money (0 = no maximum beyond the bonus balance). */
  maxConversionMinor: bigint;
  /** Days the player has to complete it; then it is forfeited. */
  expiryDays: number;
}

export interface Conditions {
  /** Lower-case ISO country codes; empty = any. */
  countries: string[];
  currencies: string[];
  /** Segment names a player must be in (empty = any). */
  segments: string[];
  minDepositMinor: bigint;
  products: Product[];
  /** For trigger bet_settled: the smallest stake that qualifies (0 = any). */
  minStakeMinor: bigint;
  /** For trigger bet_settled: which settled bets qualify — any, won only, or lost only. */
  betResult: BetResult;
}

export const BET_RESULTS = ['any', 'won', 'lost'] as const;
export type BetResult = (typeof BET_RESULTS)[number];

export interface Limits {
  perPlayer: number;
  /** The most the campaign may grant in total (minor units, any currency summed), null = no budget. */
  budgetMinor: bigint | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface CampaignDefinition {
  code: string;
  category: Category;
  trigger: Trigger;
  /** For nth_deposit: which deposit (2 = the second). */
  nth: number;
  /** Names and terms by language (the UI shows them; ru and en expected). */
  title: Record<string, string>;
  terms: Record<string, string>;
  conditions: Conditions;
  reward: Reward;
  wagering: Wagering;
  limits: Limits;
  /** For trigger schedule: when it grants (domain/bonus/schedule.ts); null for other triggers. */
  schedule: Schedule | null;
}

import { parseSchedule, type Schedule, scheduleJson } from './schedule.ts';

export type DefinitionProblem = { path: string; problem: string };

const CODE = /^[a-z0-9][a-z0-9_-]{1,59}$/;
const DIGITS = /^\d{1,16}$/;

/** The default contribution table (issue 20): sports at odds ≥ 1.5 and slots 100 %, table games 10 %. */
export const DEFAULT_CONTRIBUTION_BP: Record<Product, number> = {
  sports: 10_000,
  slots: 10_000,
  table: 1_000,
  instant: 10_000,
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks a campaign written as JSON (amounts as decimal strings of minor units, dates as ISO
 * strings) and answers the definition or every problem found.
 */
export function parseCampaign(
  input: unknown,
): { ok: true; value: CampaignDefinition } | { ok: false; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const bad = (path: string, problem: string) => {
    problems.push({ path, problem });
  };
  const o = isRecord(input) ? input : {};
  if (!isRecord(input)) bad('', 'must be an object');
  const str = (v: unknown, path: string, re?: RegExp): string => {
    if (typeof v !== 'string' || (re && !re.test(v))) {
      bad(path, 'invalid text');
      return '';
    }
    return v;
  };
  const int = (v: unknown, path: string, min: number, max: number, dflt?: number): number => {
    if (v === undefined && dflt !== undefined) return dflt;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      bad(path, `must be an integer from ${min} to ${max}`);
      return min;
    }
    return v;
  };
  const minor = (v: unknown, path: string, dflt?: bigint): bigint => {
    if (v === undefined && dflt !== undefined) return dflt;
    if (typeof v !== 'string' || !DIGITS.test(v)) {
      bad(path, 'must be minor units as a decimal string');
      return 0n;
    }
    return BigInt(v);
  };
  const list = (v: unknown, path: string, allowed?: readonly string[]): string[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || (allowed && !allowed.includes(x)))) {
      bad(path, allowed ? `must list some of ${allowed.join(', ')}` : 'must be a list of text');
      return [];
    }
    return v as string[];
  };
  const texts = (v: unknown, path: string): Record<string, string> => {
    if (v === undefined) return {};
    if (!isRecord(v) || Object.values(v).some((x) => typeof x !== 'string' || x.length > 5000)) {
      bad(path, 'must map languages to text');
      return {};
    }
    return v as Record<string, string>;
  };
  const date = (v: unknown, path: string): Date | null => {
    if (v === undefined || v === null) return null;
    const d = typeof v === 'string' ? new Date(v) : null;
    if (!d || Number.isNaN(d.getTime())) {
      bad(path, 'must be an ISO date');
      return null;
    }
    return d;
  };

  const code = str(o.code, 'code', CODE);
  const category = str(o.category, 'category') as Category;
  if (!CATEGORIES.includes(category)) bad('category', `must be one of ${CATEGORIES.join(', ')}`);
  const trigger = str(o.trigger, 'trigger') as Trigger;
  if (!TRIGGERS.includes(trigger)) bad('trigger', `must be one of ${TRIGGERS.join(', ')}`);
  const nth = int(o.nth, 'nth', 1, 100, trigger === 'first_deposit' ? 1 : 2);

  const c = isRecord(o.conditions) ? o.conditions : {};
  const conditions: Conditions = {
    countries: list(c.countries, 'conditions.countries').map((x) => x.toLowerCase()),
    currencies: list(c.currencies, 'conditions.currencies'),
    segments: list(c.segments, 'conditions.segments'),
    minDepositMinor: minor(c.minDepositMinor, 'conditions.minDepositMinor', 0n),
    products: list(c.products, 'conditions.products', PRODUCTS) as Product[],
    minStakeMinor: minor(c.minStakeMinor, 'conditions.minStakeMinor', 0n),
    betResult: 'any',
  };
  if (c.betResult !== undefined) {
    if (BET_RESULTS.includes(c.betResult as BetResult)) conditions.betResult = c.betResult as BetResult;
    else bad('conditions.betResult', `must be one of ${BET_RESULTS.join(', ')}`);
  }

  const r = isRecord(o.reward) ? o.reward : {};
  let reward: Reward;
  switch (r.kind) {
    case 'match':
      reward = {
        kind: 'match',
        percentBp: int(r.percentBp, 'reward.percentBp', 1, 100_000),
        capMinor: minor(r.capMinor, 'reward.capMinor'),
      };
      break;
    case 'fixed':
    case 'free_bet':
      {
        const amountMinor = minor(r.amountMinor, 'reward.amountMinor');
        if (amountMinor <= 0n) bad('reward.amountMinor', 'must be positive');
        reward = { kind: r.kind, amountMinor };
      }
      break;
    case 'free_spins':
      reward = {
        kind: 'free_spins',
        count: int(r.count, 'reward.count', 1, 1000),
        games: list(r.games, 'reward.games'),
        stakeMinor: minor(r.stakeMinor, 'reward.stakeMinor'),
      };
      if (reward.games.length === 0) bad('reward.games', 'must name at least one game');
      if (reward.stakeMinor <= 0n) bad('reward.stakeMinor', 'must be positive');
      break;
    case 'cashback':
      reward = {
        kind: 'cashback',
        percentBp: int(r.percentBp, 'reward.percentBp', 1, 10_000),
        capMinor: minor(r.capMinor, 'reward.capMinor'),
      };
      break;
    case 'points':
      reward = { kind: 'points', points: minor(r.points, 'reward.points') };
      break;
    case 'odds_boost':
      reward = {
        kind: 'odds_boost',
        percentBp: int(r.percentBp, 'reward.percentBp', 1, 10_000),
        capMinor: minor(r.capMinor, 'reward.capMinor'),
      };
      if (reward.capMinor <= 0n) bad('reward.capMinor', 'must be positive');
      break;
    default:
      bad('reward.kind', 'must be match, fixed, free_bet, free_spins, cashback, points or odds_boost');
      reward = { kind: 'fixed', amountMinor: 0n };
  }

  const w = isRecord(o.wagering) ? o.wagering : {};
  const contribution: Partial<Record<Product, number>> = { ...DEFAULT_CONTRIBUTION_BP };
  if (w.contributionBp !== undefined) {
    if (!isRecord(w.contributionBp)) bad('wagering.contributionBp', 'must map products to basis points');
    else
      for (const [k, v] of Object.entries(w.contributionBp)) {
        if (!PRODUCTS.includes(k as Product)) bad(`wagering.contributionBp.${k}`, 'unknown product');
        else contribution[k as Product] = int(v, `wagering.contributionBp.${k}`, 0, 10_000);
      }
  }
  const basis = w.basis === undefined ? 'bonus' : w.basis;
  if (basis !== 'bonus' && basis !== 'bonus_deposit') bad('wagering.basis', 'must be bonus or bonus_deposit');
  const wagering: Wagering = {
    multiple: int(w.multiple, 'wagering.multiple', 0, 100, 0),
    basis: basis === 'bonus_deposit' ? 'bonus_deposit' : 'bonus',
    contributionBp: contribution,
    minOddsMilli: int(w.minOddsMilli, 'wagering.minOddsMilli', 1000, 1_000_000, 1500),
    maxBetMinor: minor(w.maxBetMinor, 'wagering.maxBetMinor', 0n),
    maxConversionMinor: minor(w.maxConversionMinor, 'wagering.maxConversionMinor', 0n),
    expiryDays: int(w.expiryDays, 'wagering.expiryDays', 1, 365, 30),
  };

  const l = isRecord(o.limits) ? o.limits : {};
  const limits: Limits = {
    perPlayer: int(l.perPlayer, 'limits.perPlayer', 1, 1000, 1),
    budgetMinor:
      l.budgetMinor === undefined || l.budgetMinor === null
        ? null
        : minor(l.budgetMinor, 'limits.budgetMinor'),
    startsAt: date(l.startsAt, 'limits.startsAt'),
    endsAt: date(l.endsAt, 'limits.endsAt'),
  };
  if (limits.startsAt && limits.endsAt && limits.endsAt <= limits.startsAt)
    bad('limits.endsAt', 'must be after startsAt');

  let schedule: Schedule | null = null;
  if (trigger === 'schedule') {
    schedule = parseSchedule(o.schedule, bad);
    // A scheduled grant has no deposit to match and no loss to pay back.
    if (reward.kind === 'match' || reward.kind === 'cashback')
      bad('reward.kind', 'a schedule campaign gives fixed, free_bet, free_spins, points or odds_boost');
  } else if (o.schedule !== undefined && o.schedule !== null) bad('schedule', 'only for trigger schedule');

  const value: CampaignDefinition = {
    code,
    category,
    trigger,
    nth: trigger === 'first_deposit' ? 1 : nth,
    title: texts(o.title, 'title'),
    terms: texts(o.terms, 'terms'),
    conditions,
    reward,
    wagering,
    limits,
    schedule,
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}

/** The definition as JSON (bigints as decimal strings, dates as ISO strings): parseCampaign's input. */
export function campaignJson(d: CampaignDefinition): Record<string, unknown> {
  if (d.schedule) return { ...campaignJson({ ...d, schedule: null }), schedule: scheduleJson(d.schedule) };
  return JSON.parse(JSON.stringify(d, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))) as Record<
    string,
    unknown
  >;
}
