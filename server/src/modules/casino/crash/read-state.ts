/**
 * GET /crash/state for a fresh page: the current round (as the clock says it is), its public bets,
 * the last 20 crash points with their hashes, and the chain's commitment and salt (published
 * before play), plus the player's own bet in this round when signed in.
 */
import type { CrashContext } from './context.ts';
import { currentChain, latestRound } from './open-round.ts';
import {
  betView,
  type CrashBetView,
  type CrashRoundView,
  type PublicCrashBet,
  publicBet,
  roundView,
} from './views.ts';

const HISTORY = 20;
const MAX_PUBLIC_BETS = 200;

export interface CrashState {
  round: CrashRoundView | null;
  bets: PublicCrashBet[];
  myBet: CrashBetView | null;
  history: { roundId: string; game: number; crashPointCenti: number; hash: string }[];
  chainCommitment: string | null;
  salt: string | null;
  serverTime: number;
}

export async function readCrashState(
  ctx: Pick<CrashContext, 'db' | 'clock'>,
  userId: bigint | null,
): Promise<CrashState> {
  const nowMs = ctx.clock.nowMs();
  const [round, chain] = [await latestRound(ctx.db), await currentChain(ctx.db)];
  const bets = round
    ? await ctx.db
        .selectFrom('crash_bets')
        .selectAll()
        .where('round_id', '=', round.id)
        .orderBy('stake_minor', 'desc')
        .orderBy('id')
        .limit(MAX_PUBLIC_BETS)
        .execute()
    : [];
  const mine =
    round && userId !== null
      ? await ctx.db
          .selectFrom('crash_bets')
          .selectAll()
          .where('round_id', '=', round.id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
  const history = await ctx.db
    .selectFrom('crash_rounds')
    .select(['id', 'game', 'crash_point_centi', 'hash'])
    .where('settled_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(HISTORY)
    .execute();
  return {
    round: round ? roundView(round, nowMs) : null,
    bets: bets.map(publicBet),
    myBet: mine ? betView(mine) : null,
    history: history.map((r) => ({
      roundId: r.id.toString(),
      game: r.game,
      crashPointCenti: r.crash_point_centi,
      hash: r.hash,
    })),
    chainCommitment: chain?.commitment ?? null,
    salt: chain?.salt ?? null,
    serverTime: nowMs,
  };
}
