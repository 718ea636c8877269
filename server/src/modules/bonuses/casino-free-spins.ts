/**
 * The casino's side of free spins (its BonusWallet port's `freeSpins`, casino/rounds/bonus-wallet.ts):
 * the player's spins for the game page, the bonus locked inside a round's transaction, and the spin
 * recorded in that same transaction (freeSpinIn: one spin per round id, the win house → bonus
 * account), so a round and its spin commit or roll back together.
 *
 * Errors: BONUS_NOT_FOUND (404: not the player's, not free spins), BONUS_NOT_ACTIVE (409,
 * details.reason: the bonus's status, 'expired' or 'no_spins').
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { FreeSpinGrant } from '../casino/index.ts';
import { type BonusContext, settingsNow } from './context.ts';
import { freeSpinIn } from './free-spins-and-points.ts';
import { type PlayerBonusRow, publishBonus } from './player-bonuses.ts';

function grantOf(row: PlayerBonusRow): FreeSpinGrant {
  return {
    bonusId: row.id,
    currency: row.currency,
    stakeMinor: row.spin_stake_minor ?? 0n,
    spinsLeft: row.spins_left ?? 0,
    games: row.spin_games ?? [],
    expiresAt: row.expires_at,
  };
}

/** The player's active free spins with spins left, soonest to expire first. */
export async function freeSpinsOf(ctx: BonusContext, userId: bigint): Promise<FreeSpinGrant[]> {
  const rows = (await ctx.db
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'free_spins')
    .where('status', '=', 'active')
    .where('spins_left', '>', 0)
    .where('expires_at', '>', ctx.clock.now())
    .orderBy('expires_at')
    .orderBy('id')
    .execute()) as PlayerBonusRow[];
  return rows.map(grantOf);
}

/** Locks the player's free spins bonus in the round's transaction; refuses one that cannot be played. */
export async function takeFreeSpin(
  ctx: BonusContext,
  input: { userId: bigint; bonusId: bigint },
  trx: Kysely<Database>,
): Promise<FreeSpinGrant> {
  const row = (await trx
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('id', '=', input.bonusId)
    .where('user_id', '=', input.userId)
    .forUpdate()
    .executeTakeFirst()) as PlayerBonusRow | undefined;
  // Free spins whose last spin was played stay the same row (used, or turned into a money bonus).
  if (!row || row.spin_stake_minor === null) throw new AppError('BONUS_NOT_FOUND');
  if (row.kind !== 'free_spins' || row.status === 'used')
    throw new AppError('BONUS_NOT_ACTIVE', undefined, { reason: 'no_spins' });
  if (row.status !== 'active') throw new AppError('BONUS_NOT_ACTIVE', undefined, { reason: row.status });
  if ((row.spins_left ?? 0) <= 0) throw new AppError('BONUS_NOT_ACTIVE', undefined, { reason: 'no_spins' });
  if (row.expires_at.getTime() <= ctx.clock.nowMs())
    throw new AppError('BONUS_NOT_ACTIVE', undefined, { reason: 'expired' });
  return grantOf(row);
}

/** One spin recorded in the round's transaction; the change is published once it committed. */
export async function playFreeSpin(
  ctx: BonusContext,
  input: { userId: bigint; bonusId: bigint; spinRef: string; winMinor: bigint },
  trx: Kysely<Database>,
): Promise<{ spinsLeft: number }> {
  // Inside another module's transaction: the settings as last read, no call on the shared pool.
  const { maxWageringMultiple } = settingsNow(ctx);
  const row = await freeSpinIn(ctx, trx, ctx.ledger.in(trx), input, maxWageringMultiple);
  ctx.ledger.afterCommit(trx, () => void publishBonus(ctx, row).catch(() => undefined));
  return { spinsLeft: row.kind === 'free_spins' ? (row.spins_left ?? 0) : 0 };
}
