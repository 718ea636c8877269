/**
 * Where a round's money comes from and goes to, inside the round's transaction. Real rounds move
 * money through the seamless wallet (ledger transfers `casino:<roundId>:<step>`) and count against
 * the limits (limits.casinoRound: each stake when it is made, the result when the round finishes);
 * demo rounds move fun money in the demo wallet, never the ledger.
 *
 * Errors: INSUFFICIENT_FUNDS (409), ACCOUNT_FROZEN, LIMIT_* (403).
 */
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { RoundsContext } from './context.ts';
import { IN_HOUSE_PROVIDER, type WalletPlayer } from './seamless-wallet.ts';

/** A demo wallet starts with 1,000.00 fun units and is refilled to it on request. */
export const DEMO_BALANCE_MINOR = 1_000_00n;

export interface Purse {
  readonly currency: string;
  balance(): Promise<bigint>;
  /** Debits a stake step ('stake' or 'stake:<n>'); answers the balance after it. */
  stake(roundId: bigint, step: string, amountMinor: bigint): Promise<bigint>;
  /** Credits the payout (nothing moves for 0); answers the balance after it. */
  finish(roundId: bigint, stakedMinor: bigint, payoutMinor: bigint): Promise<bigint>;
}

export function realPurse(
  ctx: RoundsContext,
  trx: Kysely<Database>,
  player: WalletPlayer,
  engineId?: string,
): Purse {
  const limitsTrx = trx as Transaction<Database>;
  const { userId, currency } = player;
  return {
    currency,
    balance: async () => (await ctx.wallet.balance(player, trx)).balanceMinor,
    async stake(roundId, step, amountMinor) {
      // The first stake counts under the round's own reference, so the result recorded at the end
      // (same reference) settles it; each raise counts as its own wager.
      const limitRound = step === 'stake' ? `${roundId}` : `${roundId}:${step}`;
      await ctx.limits.casinoRound(
        { userId, currency, stakeMinor: amountMinor, roundId: limitRound },
        limitsTrx,
      );
      const covered = await ctx.bonus.coverStake(
        { userId, currency, roundId, step, amountMinor, ...(engineId ? { engineId } : {}) },
        trx,
      );
      const answer = await ctx.wallet.bet(
        {
          provider: IN_HOUSE_PROVIDER,
          transactionId: `${roundId}:${step}`,
          player,
          roundRef: `${roundId}`,
          amountMinor: amountMinor - covered,
        },
        trx,
        { fresh: true },
      );
      return answer.balanceMinor;
    },
    async finish(roundId, stakedMinor, payoutMinor) {
      let balance: bigint | null = null;
      if (payoutMinor > 0n) {
        const answer = await ctx.wallet.win(
          {
            provider: IN_HOUSE_PROVIDER,
            transactionId: `${roundId}:win`,
            player,
            roundRef: `${roundId}`,
            amountMinor: payoutMinor,
          },
          trx,
          { fresh: true },
        );
        balance = answer.balanceMinor;
      }
      // The result half of limits.casinoRound: its stake half counted the stake under this very
      // reference when the round opened, so asking casinoRound again would only re-check it.
      await ctx.limits.recordSettlement(
        { userId, currency, stakeMinor: stakedMinor, payoutMinor, reference: `casino:${roundId}` },
        limitsTrx,
      );
      await ctx.bonus.roundFinished(
        { userId, roundId, stakedMinor, payoutMinor, ...(engineId ? { engineId } : {}) },
        trx,
      );
      // An in-house round's own row records its end: no casino_wallet_rounds row is needed.
      return balance ?? (await ctx.wallet.balance(player, trx)).balanceMinor;
    },
  };
}

/** The demo wallet of a demo session, created full on first use. */
export async function demoBalance(
  db: Kysely<Database>,
  now: Date,
  demoId: string,
  lock: boolean,
): Promise<bigint> {
  await db
    .insertInto('casino_demo_wallets')
    .values({ demo_id: demoId, balance: DEMO_BALANCE_MINOR, created_at: now, refilled_at: null })
    .onConflict((oc) => oc.column('demo_id').doNothing())
    .execute();
  let query = db.selectFrom('casino_demo_wallets').select('balance').where('demo_id', '=', demoId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirstOrThrow()).balance;
}

export function demoPurse(trx: Kysely<Database>, now: Date, demoId: string, currency: string): Purse {
  const add = async (amountMinor: bigint): Promise<bigint> => {
    const row = await trx
      .updateTable('casino_demo_wallets')
      .set((eb) => ({ balance: eb('balance', '+', amountMinor) }))
      .where('demo_id', '=', demoId)
      .where((eb) => eb('balance', '>=', -amountMinor))
      .returning('balance')
      .executeTakeFirst();
    if (!row) throw new AppError('INSUFFICIENT_FUNDS');
    return row.balance;
  };
  return {
    currency,
    balance: () => demoBalance(trx, now, demoId, true),
    stake: (_roundId, _step, amountMinor) => add(-amountMinor),
    finish: async (_roundId, _staked, payoutMinor) =>
      payoutMinor > 0n ? add(payoutMinor) : demoBalance(trx, now, demoId, false),
  };
}

/** Refills the demo wallet to its starting balance. */
export async function refillDemo(db: Kysely<Database>, now: Date, demoId: string): Promise<bigint> {
  await demoBalance(db, now, demoId, false);
  await db
    .updateTable('casino_demo_wallets')
    .set({ balance: DEMO_BALANCE_MINOR, refilled_at: now })
    .where('demo_id', '=', demoId)
    .execute();
  return DEMO_BALANCE_MINOR;
}
