/** Tells the rounds context's RoundObserver (round-observer.ts) of a finished real round. */
import type { Owner, RoundsContext } from './context.ts';
import type { RoundView } from './round-view.ts';

/** Tells the context's observer of a player's finished real round (nothing for demo or open rounds). */
export async function tellFinished(
  ctx: RoundsContext,
  owner: Owner,
  round: RoundView,
  log: { warn(fields: { err: unknown }, message: string): void },
): Promise<void> {
  const observer = ctx.finished;
  if (!observer || owner.kind !== 'player' || round.mode !== 'real' || round.status !== 'finished') return;
  try {
    const row = await ctx.db
      .selectFrom('casino_rounds')
      .select('account_id')
      .where('id', '=', BigInt(round.roundId))
      .executeTakeFirst();
    if (!row?.account_id) return;
    await observer({
      userId: owner.userId,
      accountId: row.account_id,
      roundKey: `in-house:${round.roundId}`,
      gameId: round.gameId,
      currency: round.currency,
      stakedMinor: BigInt(round.stakedMinor),
      payoutMinor: BigInt(round.payoutMinor),
    });
  } catch (err) {
    log.warn({ err }, 'round observer failed');
  }
}
