/** Tells the rounds context's RoundObserver (round-observer.ts) of a finished real round. */
import type { Owner, RoundsContext } from './context.ts';
import type { RoundView } from './round-view.ts';

/**
 * The account a round this process just wrote was played from, keyed by its answer object: the
 * instant path knows it, so the observer is told without reading the round back (bench:casino: one
 * database round trip less per round). Answers read back (a replayed key) are not here: read.
 */
const accountOfAnswer = new WeakMap<RoundView, bigint>();

/** Remembers the account of a round this process just wrote, for tellFinished. */
export function rememberRoundAccount(round: RoundView, accountId: bigint): void {
  accountOfAnswer.set(round, accountId);
}

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
    const accountId =
      accountOfAnswer.get(round) ??
      (
        await ctx.db
          .selectFrom('casino_rounds')
          .select('account_id')
          .where('id', '=', BigInt(round.roundId))
          .executeTakeFirst()
      )?.account_id;
    if (!accountId) return;
    await observer({
      userId: owner.userId,
      accountId,
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
