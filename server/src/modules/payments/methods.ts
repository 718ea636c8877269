/** The payment-method catalogue shown on the recharge and withdrawal pages. */

import type { PaymentDirection } from '@parlay/domain/money/index.ts';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export interface PaymentMethod {
  id: number;
  code: string;
  direction: PaymentDirection;
  provider: string;
  name: string;
  countries: string[];
  currency: string;
  minMinor: bigint;
  maxMinor: bigint;
  feeBasisPoints: number;
  feeFixedMinor: bigint;
}

type Row = Selectable<Database['payment_methods']>;

function toMethod(r: Row): PaymentMethod {
  return {
    id: r.id,
    code: r.code,
    direction: r.direction,
    provider: r.provider,
    name: r.name,
    countries: r.countries,
    currency: r.currency,
    minMinor: r.min_minor,
    maxMinor: r.max_minor,
    feeBasisPoints: r.fee_basis_points,
    feeFixedMinor: r.fee_fixed_minor,
  };
}

export interface MethodFilter {
  direction: PaymentDirection;
  currency?: string;
  /** ISO 3166 alpha-2, any case; methods without countries are offered everywhere. */
  country?: string;
}

export async function listMethods(db: Kysely<Database>, filter: MethodFilter): Promise<PaymentMethod[]> {
  const rows = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('is_enabled', '=', true)
    .where('direction', '=', filter.direction)
    .$if(filter.currency !== undefined, (q) => q.where('currency', '=', filter.currency as string))
    .orderBy('position')
    .orderBy('code')
    .orderBy('currency')
    .execute();
  const country = filter.country?.toLowerCase();
  return rows
    .filter((r) => !country || r.countries.length === 0 || r.countries.includes(country))
    .map(toMethod);
}

export async function getMethod(
  db: Kysely<Database>,
  id: number,
  direction: PaymentDirection,
): Promise<PaymentMethod> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('direction', '=', direction)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  return toMethod(row);
}
