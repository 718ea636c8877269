/**
 * Stake factors (issue 24): a trader or risk operator scales the normal maximum stake of a player,
 * a market or a sport (0.1: a tenth of it; 0: no betting). The factors of a leg multiply, and the
 * leg's maximum is ⌊normal maximum × factor⌋, where the normal maximum is the smaller of the site's
 * maximum bet for the currency and the market's own maximum stake. A stake above it is refused with
 * STAKE_TOO_HIGH (limitKind stake_factor, maxMinor: the player's effective maximum), as the
 * market maximum is. The full placement reads the rows FOR SHARE in its transaction; the batched
 * path's call (betting_place_batch, migration 0360) answers 'factors' for any coupon a factor
 * applies to, after taking its markets FOR SHARE, and that coupon is placed by the full path
 * (place-in-batch.ts), so a factor changed while placements run either waits for those that read
 * it or is seen by them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { RejectionDetails } from './price-coupon.ts';

export const STAKE_FACTOR_SCOPES = ['player', 'market', 'sport'] as const;
export type StakeFactorScope = (typeof STAKE_FACTOR_SCOPES)[number];
/** A factor in thousandths: 1000 is the normal maximum. */
export const FACTOR_ONE_MILLI = 1000;

export interface StakeFactors {
  playerMilli: number | null;
  marketMilli: Map<bigint, number>;
  sportMilli: Map<number, number>;
}

export interface FactorLeg {
  marketId: bigint;
  sportId: number;
  marketMaxStakeMinor: bigint | null;
}

const NONE: StakeFactors = { playerMilli: null, marketMilli: new Map(), sportMilli: new Map() };

/** The factors that apply to a coupon of these legs by this player (none: empty maps and null). */
export async function readStakeFactors(
  db: Kysely<Database>,
  userId: bigint | null,
  legs: readonly FactorLeg[],
  options: { lock?: boolean } = {},
): Promise<StakeFactors> {
  const markets = [...new Set(legs.map((l) => l.marketId))];
  const sports = [...new Set(legs.map((l) => BigInt(l.sportId)))];
  if (userId === null && markets.length === 0) return NONE;
  let q = db
    .selectFrom('betting_stake_factors')
    .select(['scope', 'target_id', 'factor_milli'])
    .where((eb) =>
      eb.or([
        ...(userId === null ? [] : [eb.and([eb('scope', '=', 'player'), eb('target_id', '=', userId)])]),
        ...(markets.length ? [eb.and([eb('scope', '=', 'market'), eb('target_id', 'in', markets)])] : []),
        ...(sports.length ? [eb.and([eb('scope', '=', 'sport'), eb('target_id', 'in', sports)])] : []),
      ]),
    )
    .orderBy('scope')
    .orderBy('target_id');
  if (options.lock) q = q.forShare();
  const rows = await q.execute();
  const factors: StakeFactors = { playerMilli: null, marketMilli: new Map(), sportMilli: new Map() };
  for (const row of rows) {
    if (row.scope === 'player') factors.playerMilli = row.factor_milli;
    else if (row.scope === 'market') factors.marketMilli.set(BigInt(row.target_id), row.factor_milli);
    else factors.sportMilli.set(Number(row.target_id), row.factor_milli);
  }
  return factors;
}

export function hasFactors(factors: StakeFactors): boolean {
  return factors.playerMilli !== null || factors.marketMilli.size > 0 || factors.sportMilli.size > 0;
}

/** The leg's factor in thousandths: the product of its player, market and sport factors (1000: none). */
function legFactor(factors: StakeFactors, leg: FactorLeg): bigint {
  const parts = [
    factors.playerMilli,
    factors.marketMilli.get(leg.marketId) ?? null,
    factors.sportMilli.get(leg.sportId) ?? null,
  ];
  let product = 1n;
  let scale = 1n;
  for (const part of parts) {
    if (part === null) continue;
    product *= BigInt(part);
    scale *= BigInt(FACTOR_ONE_MILLI);
  }
  return scale === 1n ? BigInt(FACTOR_ONE_MILLI) : (product * BigInt(FACTOR_ONE_MILLI)) / scale;
}

/**
 * The leg's maximum stake after its factors, or null when no factor applies or no normal maximum
 * exists to scale (then only a factor of 0 limits: to 0).
 * @example legMaxStakeMinor(5_000_000n, leg, { playerMilli: 100, … }) === 500_000n
 */
export function legMaxStakeMinor(
  siteMaxMinor: bigint | null,
  leg: FactorLeg,
  factors: StakeFactors,
): bigint | null {
  if (!hasFactors(factors)) return null;
  const factor = legFactor(factors, leg);
  if (factor >= BigInt(FACTOR_ONE_MILLI)) return null;
  const market = leg.marketMaxStakeMinor;
  const base =
    siteMaxMinor === null
      ? market
      : market === null
        ? siteMaxMinor
        : market < siteMaxMinor
          ? market
          : siteMaxMinor;
  if (base === null) return factor === 0n ? 0n : null;
  return (base * factor) / BigInt(FACTOR_ONE_MILLI);
}

/** The coupon's maximum amount after the factors of its legs (the smallest leg's), or null when none limits. */
export function couponMaxStakeMinor(
  siteMaxMinor: bigint | null,
  legs: readonly FactorLeg[],
  factors: StakeFactors,
): bigint | null {
  let max: bigint | null = null;
  for (const leg of legs) {
    const legMax = legMaxStakeMinor(siteMaxMinor, leg, factors);
    if (legMax !== null && (max === null || legMax < max)) max = legMax;
  }
  return max;
}

/**
 * The refusal of a priced coupon whose amount (or a single's own amount) is above its legs' factor
 * maximum, or null. Multiple singles: each bet against its own leg; any other type: the coupon's
 * amount against every leg.
 */
export function stakeFactorRefusal(
  amountMinor: bigint | null,
  legs: readonly { amountMinor: bigint | null; selection: FactorLeg }[],
  siteMaxMinor: bigint | null,
  factors: StakeFactors,
): { legIndex: number; details: RejectionDetails } | null {
  if (!hasFactors(factors)) return null;
  for (const [legIndex, leg] of legs.entries()) {
    const max = legMaxStakeMinor(siteMaxMinor, leg.selection, factors);
    if (max !== null && (leg.amountMinor ?? amountMinor ?? 0n) > max) {
      return { legIndex, details: { limitKind: 'stake_factor', maxMinor: max.toString() } };
    }
  }
  return null;
}

export interface StakeFactorRow {
  scope: StakeFactorScope;
  targetId: bigint;
  factorMilli: number;
  reason: string;
  setBy: string;
  updatedAt: Date;
}

/**
 * Sets (or with null removes) one factor; answers the previous one. The row's write waits for the
 * placements holding it FOR SHARE; a factor set where none was applies to placements that read the
 * factors after it committed.
 */
export async function setStakeFactor(
  db: Kysely<Database>,
  input: {
    scope: StakeFactorScope;
    targetId: bigint;
    factorMilli: number | null;
    reason: string;
    setBy: string;
    now: Date;
  },
): Promise<{ previousMilli: number | null }> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('betting_stake_factors')
      .select('factor_milli')
      .where('scope', '=', input.scope)
      .where('target_id', '=', input.targetId)
      .forUpdate()
      .executeTakeFirst();
    if (input.factorMilli === null) {
      await trx
        .deleteFrom('betting_stake_factors')
        .where('scope', '=', input.scope)
        .where('target_id', '=', input.targetId)
        .execute();
    } else {
      const values = {
        factor_milli: input.factorMilli,
        reason: input.reason,
        set_by: input.setBy,
        updated_at: input.now,
      };
      await trx
        .insertInto('betting_stake_factors')
        .values({ scope: input.scope, target_id: input.targetId, ...values })
        .onConflict((oc) => oc.columns(['scope', 'target_id']).doUpdateSet(values))
        .execute();
    }
    return { previousMilli: previous?.factor_milli ?? null };
  });
}

/** Factors of one scope (or every scope), newest first, at most `limit`. */
export async function listStakeFactors(
  db: Kysely<Database>,
  filter: { scope?: StakeFactorScope; targetId?: bigint; limit: number },
): Promise<StakeFactorRow[]> {
  let q = db.selectFrom('betting_stake_factors').selectAll();
  if (filter.scope) q = q.where('scope', '=', filter.scope);
  if (filter.targetId !== undefined) q = q.where('target_id', '=', filter.targetId);
  const rows = await q.orderBy('updated_at', 'desc').limit(filter.limit).execute();
  return rows.map((r) => ({
    scope: r.scope,
    targetId: BigInt(r.target_id),
    factorMilli: r.factor_milli,
    reason: r.reason,
    setBy: r.set_by,
    updatedAt: r.updated_at,
  }));
}
