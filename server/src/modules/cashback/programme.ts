/**
 * The cashback programme's rules as the operator set them (`parlay cashback`): the VIP levels
 * (threshold, rate, cap), the programme's currency and the premium tier (rate, cap, the level from
 * which a player may join). A change of the level table is checked whole (domain levelTableProblem)
 * inside the transaction that makes it, so the table is never left unusable.
 */
import { type CashbackLevel, levelTableProblem, MAX_RATE_BP } from '@parlay/domain/cashback/cashback.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface Programme {
  currency: string;
  premiumRateBp: number;
  premiumCapMinor: bigint;
  premiumMinLevel: number;
  levels: CashbackLevel[];
}

export class ProgrammeError extends Error {}

export async function readProgramme(db: Kysely<Database>): Promise<Programme> {
  const [row, levels] = await Promise.all([
    db.selectFrom('cashback_programme').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('cashback_levels').selectAll().orderBy('level').execute(),
  ]);
  return {
    currency: row.currency,
    premiumRateBp: row.premium_rate_bp,
    premiumCapMinor: BigInt(row.premium_cap_minor),
    premiumMinLevel: row.premium_min_level,
    levels: levels.map((l) => ({
      level: l.level,
      name: l.name,
      thresholdMinor: BigInt(l.threshold_minor),
      rateBp: l.rate_bp,
      capMinor: BigInt(l.cap_minor),
    })),
  };
}

async function checkedLevels(trx: Kysely<Database>): Promise<void> {
  const problem = levelTableProblem((await readProgramme(trx)).levels);
  if (problem) throw new ProgrammeError(problem);
}

/** Adds a level or changes one; ProgrammeError (nothing changed) when the table would be unusable. */
export async function setLevel(db: Kysely<Database>, level: CashbackLevel): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cashback_levels')
      .values({
        level: level.level,
        name: level.name,
        threshold_minor: level.thresholdMinor,
        rate_bp: level.rateBp,
        cap_minor: level.capMinor,
      })
      .onConflict((oc) =>
        oc.column('level').doUpdateSet({
          name: level.name,
          threshold_minor: level.thresholdMinor,
          rate_bp: level.rateBp,
          cap_minor: level.capMinor,
        }),
      )
      .execute();
    await checkedLevels(trx);
  });
}

/** Removes the top level (only the top one, so levels stay 1…n). */
export async function removeLevel(db: Kysely<Database>, level: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const top = await trx
      .selectFrom('cashback_levels')
      .select((eb) => eb.fn.max('level').as('top'))
      .executeTakeFirst();
    if (top?.top !== level)
      throw new ProgrammeError(`only the top level (${top?.top ?? 'none'}) can be removed`);
    await trx.deleteFrom('cashback_levels').where('level', '=', level).execute();
    await checkedLevels(trx);
  });
}

/** Changes the premium tier and, optionally, the programme's currency. */
export async function setPremium(
  db: Kysely<Database>,
  now: Date,
  change: { rateBp: number; capMinor: bigint; minLevel: number; currency?: string },
): Promise<void> {
  if (!Number.isInteger(change.rateBp) || change.rateBp < 0 || change.rateBp > MAX_RATE_BP)
    throw new ProgrammeError(`premium rate from 0 to ${MAX_RATE_BP} basis points`);
  if (change.capMinor < 0n) throw new ProgrammeError('the premium cap may not be negative');
  if (change.currency !== undefined && !/^[A-Z]{3}$/.test(change.currency))
    throw new ProgrammeError('a currency is three capital letters');
  await db.transaction().execute(async (trx) => {
    const { levels } = await readProgramme(trx);
    if (!levels.some((l) => l.level === change.minLevel))
      throw new ProgrammeError(`no level ${change.minLevel}`);
    await trx
      .updateTable('cashback_programme')
      .set({
        premium_rate_bp: change.rateBp,
        premium_cap_minor: change.capMinor,
        premium_min_level: change.minLevel,
        ...(change.currency ? { currency: change.currency } : {}),
        updated_at: now,
      })
      .where('id', '=', 1)
      .execute();
  });
}
