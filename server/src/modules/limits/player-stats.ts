/**
 * What the responsible page shows beyond the limits: session time and net position (payouts minus
 * settled stakes) for today, this week and this month in the site's time zone, in the player's
 * currency (other currencies converted as counted; without a rate they are left out).
 */

import {
  dayStartSec,
  LIMITS_DAY_OFFSET_HOURS,
  monthStartSec,
  weekStartSec,
} from '@parlay/domain/limits/index.ts';
import { sql } from 'kysely';
import { usedMinor } from './check-usage.ts';
import type { Db } from './limit-records.ts';

export interface PeriodStats {
  sessionSeconds: number;
  /** Payouts minus stakes of settled bets, minor units as a string (negative: the player lost). */
  netMinor: string;
  depositsMinor: string;
}

async function period(
  db: Db,
  userId: bigint,
  currency: string,
  fromSec: number,
  nowMs: number,
): Promise<PeriodStats> {
  const from = new Date(fromSec * 1000);
  const session = await db
    .selectFrom('limit_session_days')
    .select(sql<bigint>`coalesce(sum(seconds), 0)::bigint`.as('seconds'))
    .where('user_id', '=', userId)
    .where('day_start', '>=', from)
    .executeTakeFirstOrThrow();
  const range = { from, fromInclusive: true, to: new Date(nowMs) };
  const loss = await usedMinor(db, userId, 'loss', currency, range, 'skip');
  // What was really deposited: deposits still waiting for the provider are not money yet.
  const deposits = await usedMinor(db, userId, 'deposit', currency, range, 'skip', 'none');
  return {
    sessionSeconds: Number(session.seconds),
    netMinor: (-loss).toString(),
    depositsMinor: deposits.toString(),
  };
}

export async function playerStats(db: Db, userId: bigint, currency: string, nowMs: number) {
  const nowSec = Math.floor(nowMs / 1000);
  const offset = LIMITS_DAY_OFFSET_HOURS;
  return {
    currency,
    today: await period(db, userId, currency, dayStartSec(nowSec, offset), nowMs),
    week: await period(db, userId, currency, weekStartSec(nowSec, offset), nowMs),
    month: await period(db, userId, currency, monthStartSec(nowSec, offset), nowMs),
  };
}
