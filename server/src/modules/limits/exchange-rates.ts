/**
 * The exchange rates limits count with (migration 0060). One row per pair, read in both directions:
 * "USD RUB 92.5" also converts RUB into USD at 1/92.5; setting a pair replaces the opposite row, so
 * two contradicting rates never coexist. Conversions round up (domain/limits/exchange.ts).
 *
 * Errors: LIMIT_FX_RATE_MISSING (403) when no rate is known for a pair that must be converted.
 */
import { convertMinor, type ExchangeRate, invertRate, parseRate } from '@parlay/domain/limits/index.ts';
import { currency as currencyInfo, isCurrencyCode } from '@parlay/domain/money/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db } from './limit-records.ts';

export interface StoredRate {
  base: string;
  quote: string;
  rate: ExchangeRate;
  updatedAt: Date;
}

/** The rate from one currency into another (1/1 for the same one), or null when none is known. */
export async function findRate(db: Db, from: string, to: string): Promise<ExchangeRate | null> {
  if (from === to) return { num: 1n, den: 1n };
  const rows = await db
    .selectFrom('fx_rates')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('base', '=', from), eb('quote', '=', to)]),
        eb.and([eb('base', '=', to), eb('quote', '=', from)]),
      ]),
    )
    .execute();
  const direct = rows.find((r) => r.base === from);
  if (direct) return { num: BigInt(direct.rate_num), den: BigInt(direct.rate_den) };
  const inverse = rows[0];
  return inverse ? invertRate({ num: BigInt(inverse.rate_num), den: BigInt(inverse.rate_den) }) : null;
}

export function rateMissing(from: string, to: string): AppError {
  return new AppError(
    'LIMIT_FX_RATE_MISSING',
    `No exchange rate from ${from} to ${to} is known, so this cannot be counted against your limit`,
    { from, to },
  );
}

/** Minor units of `from` as minor units of `to`, rounded up; null when no rate is known. */
export async function convertOrNull(
  db: Db,
  amountMinor: bigint,
  from: string,
  to: string,
): Promise<bigint | null> {
  if (from === to) return amountMinor;
  const rate = await findRate(db, from, to);
  if (!rate) return null;
  return convertMinor(amountMinor, currencyInfo(from).scale, currencyInfo(to).scale, rate);
}

/** As convertOrNull, but throws LIMIT_FX_RATE_MISSING when no rate is known. */
export async function convert(db: Db, amountMinor: bigint, from: string, to: string): Promise<bigint> {
  const converted = await convertOrNull(db, amountMinor, from, to);
  if (converted === null) throw rateMissing(from, to);
  return converted;
}

function checkPair(base: string, quote: string): void {
  for (const code of [base, quote])
    if (!isCurrencyCode(code)) throw new AppError('VALIDATION_FAILED', `unknown currency ${code}`);
  if (base === quote) throw new AppError('VALIDATION_FAILED', 'a rate needs two different currencies');
}

/** Sets 1 base = `rateText` quote (a positive decimal such as 92.5); answers the stored fraction. */
export async function setRate(
  db: Db,
  base: string,
  quote: string,
  rateText: string,
  now: Date,
): Promise<ExchangeRate> {
  checkPair(base, quote);
  const rate = parseRate(rateText);
  if (!rate)
    throw new AppError('VALIDATION_FAILED', `rate must be a positive decimal like 92.5; got ${rateText}`);
  await db.deleteFrom('fx_rates').where('base', '=', quote).where('quote', '=', base).execute();
  const values = { rate_num: rate.num, rate_den: rate.den, updated_at: now };
  await db
    .insertInto('fx_rates')
    .values({ base, quote, ...values })
    .onConflict((oc) => oc.columns(['base', 'quote']).doUpdateSet(values))
    .execute();
  return rate;
}

/** Removes the rate of a pair (either direction); answers whether one was there. */
export async function removeRate(db: Db, base: string, quote: string): Promise<boolean> {
  checkPair(base, quote);
  const result = await db
    .deleteFrom('fx_rates')
    .where((eb) =>
      eb.or([
        eb.and([eb('base', '=', base), eb('quote', '=', quote)]),
        eb.and([eb('base', '=', quote), eb('quote', '=', base)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listRates(db: Db): Promise<StoredRate[]> {
  const rows = await db.selectFrom('fx_rates').selectAll().orderBy('base').orderBy('quote').execute();
  return rows.map((r) => ({
    base: r.base,
    quote: r.quote,
    rate: { num: BigInt(r.rate_num), den: BigInt(r.rate_den) },
    updatedAt: r.updated_at,
  }));
}
