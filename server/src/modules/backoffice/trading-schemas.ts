/**
 * Request schemas and JSON shapes of the trading routes: bigint amounts and ids travel as strings
 * of digits, times as ISO 8601 (as everywhere in the back office's API).
 */
import { Type } from '@sinclair/typebox';
import { IdString, Int32Id } from '../../platform/request-schemas.ts';
import type { BetDetail, BetSummary } from '../betting/index.ts';

export const LangQuery = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('ru'), Type.Literal('en')])),
});

const BET_STATES = ['pending_delay', 'accepted', 'rejected', 'won', 'lost', 'void', 'cashed_out'] as const;

export const BetSearchQuery = Type.Object({
  userId: Type.Optional(IdString()),
  gameId: Type.Optional(Int32Id()),
  marketId: Type.Optional(IdString()),
  minStake: Type.Optional(IdString()),
  maxStake: Type.Optional(IdString()),
  status: Type.Optional(Type.Union(BET_STATES.map((s) => Type.Literal(s)))),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  before: Type.Optional(IdString()),
});

type Jsonable<T> = T extends bigint
  ? string
  : T extends Date
    ? string
    : T extends (infer U)[]
      ? Jsonable<U>[]
      : T extends Map<unknown, unknown>
        ? never
        : T extends object
          ? { [K in keyof T]: Jsonable<T[K]> }
          : T;

/** The value with bigints as decimal strings and dates as ISO 8601, ready for JSON. */
export function stringify<T>(value: T): Jsonable<T> {
  if (typeof value === 'bigint') return value.toString() as Jsonable<T>;
  if (value instanceof Date) return value.toISOString() as Jsonable<T>;
  if (Array.isArray(value)) return value.map((v) => stringify(v)) as Jsonable<T>;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringify(v)])) as Jsonable<T>;
  }
  return value as Jsonable<T>;
}

export const betSummaryJson = (bet: BetSummary) => stringify(bet);
export const betDetailJson = (detail: BetDetail) => stringify(detail);
