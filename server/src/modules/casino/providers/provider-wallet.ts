/**
 * What a provider's wallet calls do (docs/casino-providers.md): authenticate a launch token into a
 * session, and balance, bet, win, rollback, end-round for that session, over the in-process
 * SeamlessWallet (rounds/seamless-wallet.ts) and the limits. Each call is one database transaction.
 *
 * - Idempotent on (provider, transaction id): a call first takes a transaction-scoped advisory lock
 *   on its id (and a rollback also on the id it undoes, in sorted order), so parallel repeats queue
 *   and the later ones answer the first answer; the same id with another body is
 *   DUPLICATE_TRANSACTION_MISMATCH; a bet whose id was rolled back first is TRANSACTION_ROLLED_BACK.
 * - A round (casino_provider_rounds) opens with its first bet or win and keeps the totals; end-round
 *   closes it and records the settlement for the loss limits (reference
 *   `casino:<provider>:round:<roundId>`); a closed round takes no bet or win (ROUND_CLOSED).
 * - Responsible gaming as for in-house rounds: each bet counts against the wagering and loss limits
 *   (limits.assertStakeAllowed, reference `casino:<provider>:<transactionId>`) in the same
 *   transaction, and self-exclusion, time-out or a frozen account refuse it (PLAYER_BLOCKED); wins,
 *   rollbacks and round ends still go through, so a player is always paid what is owed. A rolled-back
 *   bet's count is released.
 * - A bet needs a live session; win, rollback and end-round take an expired one (a round's result
 *   may come after the session ended).
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import { CachedMap } from '../../../platform/cached.ts';
import type { Clock } from '../../../platform/clock.ts';
import { PREPARED_MARKER } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import type { RoundObserver } from '../rounds/round-observer.ts';
import {
  ledgerKeyOf,
  moveHash,
  type SeamlessWallet,
  type WalletAnswer,
  type WalletPlayer,
} from '../rounds/seamless-wallet.ts';
import { amountText, minorOf } from './amounts.ts';
import { ProviderError, providerErrorOf } from './provider-errors.ts';

/** A launch token's life; the session the provider gets for it lives SESSION_TTL_MS. */
export const LAUNCH_TTL_MS = 10 * 60_000;
export const SESSION_TTL_MS = 12 * 3_600_000;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
/** The session token of a launch token: the same for a repeated authenticate (a provider's retry). */
export const sessionTokenOf = (launchToken: string): string =>
  sha256(`casino-provider-session:${launchToken}`);

export interface Session extends WalletPlayer {
  provider: string;
  gameId: number;
  expired: boolean;
}

export interface AuthenticateAnswer {
  playerId: string;
  sessionToken: string;
  currency: string;
  balance: string;
  gameId: number;
  country: string | null;
}

export interface BalanceAnswer {
  balance: string;
  currency: string;
}

export interface MoveAnswer extends BalanceAnswer {
  transactionId: string;
  status: 'done' | 'rolled_back';
  replayed: boolean;
}

export interface MoveInput {
  sessionToken: string;
  transactionId: string;
  roundId: string;
  amount: unknown;
}

export interface RollbackInput {
  sessionToken: string;
  transactionId: string;
  referenceTransactionId: string;
  roundId: string;
}

export interface ProviderWalletDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  limits: LimitsService;
  wallet: SeamlessWallet;
  /**
   * Told of each round closed by the provider's end-round call, after the close committed (the
   * tournaments' scoring); it must not throw (the casino module wraps it to log failures).
   */
  finished?: RoundObserver;
}

/** A session row never changes once written: each process keeps the ones it read for a while. */
const SESSION_CACHE_MS = 5 * 60_000;
const SESSION_CACHE_ENTRIES = 20_000;
const MOVE_SQL = `${PREPARED_MARKER} select status, balance from casino_provider_move($1::jsonb)`;

interface SessionRow {
  user_id: bigint;
  account_id: bigint;
  currency: string;
  game_id: number;
  expires_at: Date;
}

const stakeReference = (provider: string, transactionId: string) => `casino:${provider}:${transactionId}`;
export const roundReference = (provider: string, roundRef: string) => `casino:${provider}:round:${roundRef}`;

/** Locks provider transaction ids for the rest of the transaction, in a fixed order. */
async function lockIds(t: Kysely<Database>, provider: string, ids: readonly string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${`casino-provider-tx:${provider}:${id}`}))`.execute(t);
  }
}

/** The platform's refusals (ledger, limits, seamless wallet) as the provider API's codes. */
async function provided<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw err instanceof AppError ? providerErrorOf(err) : err;
  }
}

export class ProviderWallet {
  readonly #d: ProviderWalletDeps;
  readonly #sessions: CachedMap<SessionRow>;

  constructor(deps: ProviderWalletDeps) {
    this.#d = deps;
    this.#sessions = new CachedMap(deps.clock, SESSION_CACHE_MS, SESSION_CACHE_ENTRIES);
  }

  /** Exchanges a launch token for a session (the same session when repeated within the launch's life). */
  async authenticate(provider: string, launchToken: string): Promise<AuthenticateAnswer> {
    const { db, clock, limits, wallet } = this.#d;
    const now = clock.now();
    const launch = await db
      .selectFrom('casino_provider_launches')
      .selectAll()
      .where('token_hash', '=', sha256(launchToken))
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!launch) throw new ProviderError('UNKNOWN_TOKEN');
    if (launch.expires_at.getTime() <= now.getTime()) throw new ProviderError('TOKEN_EXPIRED');
    if (await limits.isLocked(launch.user_id)) throw new ProviderError('PLAYER_BLOCKED');
    const sessionToken = sessionTokenOf(launchToken);
    const sessionHash = sha256(sessionToken);
    await db.transaction().execute(async (t) => {
      await t
        .insertInto('casino_provider_sessions')
        .values({
          token_hash: sessionHash,
          provider,
          user_id: launch.user_id,
          account_id: launch.account_id,
          currency: launch.currency,
          game_id: launch.game_id,
          created_at: now,
          expires_at: new Date(now.getTime() + SESSION_TTL_MS),
        })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute();
      await t
        .updateTable('casino_provider_launches')
        .set({ used_at: now, session_hash: sessionHash })
        .where('token_hash', '=', launch.token_hash)
        .where('used_at', 'is', null)
        .execute();
    });
    const player = { userId: launch.user_id, accountId: launch.account_id, currency: launch.currency };
    const { balanceMinor } = await wallet.balance(player);
    const user = await db
      .selectFrom('users')
      .select('country_code')
      .where('id', '=', Number(launch.user_id))
      .executeTakeFirst();
    return {
      playerId: `${launch.user_id}`,
      sessionToken,
      currency: launch.currency,
      balance: amountText(balanceMinor, launch.currency),
      gameId: launch.game_id,
      country: user?.country_code ?? null,
    };
  }

  /** The session of a token; an expired one only when `allowExpired`. */
  async session(provider: string, sessionToken: unknown, allowExpired: boolean): Promise<Session> {
    if (typeof sessionToken !== 'string' || sessionToken.length === 0)
      throw new ProviderError('UNKNOWN_TOKEN');
    const hash = sha256(sessionToken);
    const row = await this.#sessions.get(`${provider}:${hash}`, async () => {
      const found = await this.#d.db
        .selectFrom('casino_provider_sessions')
        .select(['user_id', 'account_id', 'currency', 'game_id', 'expires_at'])
        .where('token_hash', '=', hash)
        .where('provider', '=', provider)
        .executeTakeFirst();
      // A miss is not kept (a rejected load leaves the cache): the session may be created next.
      if (!found) throw new ProviderError('UNKNOWN_TOKEN');
      return found;
    });
    const expired = row.expires_at.getTime() <= this.#d.clock.nowMs();
    if (expired && !allowExpired) throw new ProviderError('TOKEN_EXPIRED');
    return {
      provider,
      userId: row.user_id,
      accountId: row.account_id,
      currency: row.currency,
      gameId: row.game_id,
      expired,
    };
  }

  async balance(provider: string, sessionToken: unknown): Promise<BalanceAnswer> {
    const s = await this.session(provider, sessionToken, false);
    const { balanceMinor } = await this.#d.wallet.balance(s);
    return { balance: amountText(balanceMinor, s.currency), currency: s.currency };
  }

  bet(provider: string, input: MoveInput): Promise<MoveAnswer> {
    return provided(this.#move(provider, 'bet', input));
  }

  win(provider: string, input: MoveInput): Promise<MoveAnswer> {
    return provided(this.#move(provider, 'win', input));
  }

  rollback(provider: string, input: RollbackInput): Promise<MoveAnswer> {
    return provided(this.#rollback(provider, input));
  }

  async #move(provider: string, kind: 'bet' | 'win', input: MoveInput): Promise<MoveAnswer> {
    const s = await this.session(provider, input.sessionToken, kind === 'win');
    const amountMinor = minorOf(input.amount, s.currency);
    const { ledger, wallet, limits, clock } = this.#d;
    const move = {
      provider,
      transactionId: input.transactionId,
      player: s,
      roundRef: input.roundId,
      amountMinor,
    };
    const fast = amountMinor > 0n ? await this.#fastMove(kind, move, s.gameId) : null;
    if (fast) return fast;
    const answer = await ledger.transaction(async (t) => {
      await lockIds(t, provider, [input.transactionId]);
      const seen = await t
        .selectFrom('casino_wallet_transactions')
        .select('id')
        .where('provider', '=', provider)
        .where('transaction_id', '=', input.transactionId)
        .executeTakeFirst();
      if (seen) return kind === 'bet' ? wallet.bet(move, t) : wallet.win(move, t);
      // Claimed before it is read (as casino_provider_move, migration 0103): another player's first
      // move on the same new round id waits on this row, then finds it someone else's.
      await this.#claimRound(t, provider, input.roundId, s);
      const round = await this.#round(t, provider, input.roundId);
      if (
        round &&
        (round.user_id !== s.userId || round.account_id !== s.accountId || round.game_id !== s.gameId)
      ) {
        throw new ProviderError('ROUND_MISMATCH');
      }
      if (round?.closed_at) throw new ProviderError('ROUND_CLOSED');
      if (kind === 'bet') {
        await limits.assertStakeAllowed(
          {
            userId: s.userId,
            currency: s.currency,
            amountMinor,
            reference: stakeReference(provider, input.transactionId),
          },
          t as Transaction<Database>,
        );
      }
      const done =
        kind === 'bet'
          ? await wallet.bet(move, t, { fresh: true })
          : await wallet.win(move, t, { fresh: true });
      const staked = kind === 'bet' ? amountMinor : 0n;
      const paid = kind === 'win' ? amountMinor : 0n;
      await t
        .updateTable('casino_provider_rounds')
        .set((eb) => ({
          staked: eb('staked', '+', staked),
          paid: eb('paid', '+', paid),
          touched_at: clock.now(),
        }))
        .where('provider', '=', provider)
        .where('round_ref', '=', input.roundId)
        .execute();
      return done;
    });
    return this.#answer(answer);
  }

  async #rollback(provider: string, input: RollbackInput): Promise<MoveAnswer> {
    const s = await this.session(provider, input.sessionToken, true);
    const { ledger, wallet, limits, clock } = this.#d;
    const answer = await ledger.transaction(async (t) => {
      await lockIds(t, provider, [input.transactionId, input.referenceTransactionId]);
      const call = {
        provider,
        transactionId: input.transactionId,
        referenceId: input.referenceTransactionId,
        player: s,
        roundRef: input.roundId,
      };
      const seen = await t
        .selectFrom('casino_wallet_transactions')
        .select('id')
        .where('provider', '=', provider)
        .where('transaction_id', '=', input.transactionId)
        .executeTakeFirst();
      if (seen) return wallet.rollback(call, t);
      if (input.transactionId === input.referenceTransactionId) throw new ProviderError('REFERENCE_MISMATCH');
      const target = await t
        .selectFrom('casino_wallet_transactions')
        .select(['kind', 'status', 'user_id', 'account_id', 'round_ref', 'amount'])
        .where('provider', '=', provider)
        .where('transaction_id', '=', input.referenceTransactionId)
        .executeTakeFirst();
      if (
        target &&
        (target.kind === 'rollback' ||
          target.user_id !== s.userId ||
          (target.status !== 'tombstone' && target.account_id !== s.accountId) ||
          target.round_ref !== input.roundId)
      ) {
        throw new ProviderError('REFERENCE_MISMATCH');
      }
      const round = await this.#round(t, provider, input.roundId);
      if (round && round.user_id !== s.userId) throw new ProviderError('ROUND_MISMATCH');
      const done = await wallet.rollback(call, t);
      if (target?.status === 'done' && round) {
        const staked = target.kind === 'bet' ? target.amount : 0n;
        const paid = target.kind === 'win' ? target.amount : 0n;
        const updated = await t
          .updateTable('casino_provider_rounds')
          .set((eb) => ({
            staked: eb('staked', '-', staked),
            paid: eb('paid', '-', paid),
            touched_at: clock.now(),
          }))
          .where('provider', '=', provider)
          .where('round_ref', '=', input.roundId)
          .returning(['staked', 'paid', 'closed_at'])
          .executeTakeFirstOrThrow();
        if (target.kind === 'bet') {
          await limits.releaseStake(
            { userId: s.userId, reference: stakeReference(provider, input.referenceTransactionId) },
            t as Transaction<Database>,
          );
        }
        if (updated.closed_at) {
          await limits.recordSettlement(
            {
              userId: s.userId,
              currency: s.currency,
              stakeMinor: updated.staked,
              payoutMinor: updated.paid,
              reference: roundReference(provider, input.roundId),
            },
            t as Transaction<Database>,
          );
        }
      }
      return done;
    });
    return this.#answer(answer);
  }

  /** Closes the round (a repeat answers the same); a round never seen is recorded closed. */
  endRound(provider: string, input: { sessionToken: string; roundId: string }): Promise<BalanceAnswer> {
    return provided(this.#endRound(provider, input));
  }

  async #endRound(
    provider: string,
    input: { sessionToken: string; roundId: string },
  ): Promise<BalanceAnswer> {
    const s = await this.session(provider, input.sessionToken, true);
    const { ledger, wallet } = this.#d;
    const closed = await ledger.transaction(async (t) => {
      await this.#claimRound(t, provider, input.roundId, s);
      const round = await this.#round(t, provider, input.roundId);
      if (!round || round.user_id !== s.userId) throw new ProviderError('ROUND_MISMATCH');
      if (round.closed_at) return null;
      await closeRound(t, this.#d, round, 'provider');
      await wallet.endRound({ provider, roundRef: input.roundId, userId: s.userId }, t);
      return round;
    });
    // A round with a stake counts for the tournaments once closed (a repeat closes nothing again).
    if (closed && closed.staked > 0n)
      await this.#d.finished?.({
        userId: closed.user_id,
        accountId: closed.account_id,
        roundKey: `provider:${provider}:${input.roundId}`,
        gameId: closed.game_id,
        currency: closed.currency,
        stakedMinor: closed.staked,
        payoutMinor: closed.paid,
      });
    const { balanceMinor } = await wallet.balance(s);
    return { balance: amountText(balanceMinor, s.currency), currency: s.currency };
  }

  /**
   * A new bet or win in one database call (casino_provider_move, migration 0101); null when the call
   * must take the full path (a seen id, a player with limits, a closed or foreign round: the full
   * path answers those exactly as it always did).
   */
  async #fastMove(
    kind: 'bet' | 'win',
    move: {
      provider: string;
      transactionId: string;
      player: WalletPlayer;
      roundRef: string;
      amountMinor: bigint;
    },
    gameId: number,
  ): Promise<MoveAnswer | null> {
    const { ledger, db, clock } = this.#d;
    const house = { system: 'house' as const };
    const transfer = await ledger.prepareTransfer({
      idempotencyKey: ledgerKeyOf(move.provider, move.transactionId),
      reason: kind === 'bet' ? 'casino_stake' : 'casino_win',
      currency: move.player.currency,
      from: kind === 'bet' ? move.player.accountId : house,
      to: kind === 'bet' ? house : move.player.accountId,
      amountMinor: move.amountMinor,
      userId: move.player.userId,
      metadata: { provider: move.provider, roundRef: move.roundRef },
    });
    const call = {
      provider: move.provider,
      transaction_id: move.transactionId,
      kind,
      round_ref: move.roundRef,
      user_id: move.player.userId.toString(),
      account_id: move.player.accountId.toString(),
      currency: move.player.currency,
      game_id: gameId,
      amount: move.amountMinor.toString(),
      at: clock.now().toISOString(),
      transfer: transfer.record,
      request_hash: moveHash(kind, move),
    };
    const result = await ledger.postPrepared(
      transfer,
      async () =>
        (
          await db.executeQuery<{ status: string; balance: bigint | string | null }>(
            CompiledQuery.raw(MOVE_SQL, [JSON.stringify(call)]),
          )
        ).rows[0],
      (r) => r?.status === 'done',
    );
    if (result?.status !== 'done' || result.balance === null) return null;
    return {
      transactionId: move.transactionId,
      status: 'done',
      balance: amountText(BigInt(result.balance), move.player.currency),
      currency: move.player.currency,
      replayed: false,
    };
  }

  /** Opens the round for this session's player, account and game unless it exists (then nothing). */
  async #claimRound(t: Kysely<Database>, provider: string, roundRef: string, s: Session): Promise<void> {
    const now = this.#d.clock.now();
    await t
      .insertInto('casino_provider_rounds')
      .values({
        provider,
        round_ref: roundRef,
        user_id: s.userId,
        account_id: s.accountId,
        currency: s.currency,
        game_id: s.gameId,
        staked: 0n,
        paid: 0n,
        opened_at: now,
        touched_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'round_ref']).doNothing())
      .execute();
  }

  #round(t: Kysely<Database>, provider: string, roundRef: string) {
    return t
      .selectFrom('casino_provider_rounds')
      .selectAll()
      .where('provider', '=', provider)
      .where('round_ref', '=', roundRef)
      .forUpdate()
      .executeTakeFirst();
  }

  #answer(answer: WalletAnswer): MoveAnswer {
    if (answer.status === 'refused') throw new ProviderError('TRANSACTION_ROLLED_BACK');
    return {
      transactionId: answer.transactionId,
      status: answer.status,
      balance: amountText(answer.balanceMinor, answer.currency),
      currency: answer.currency,
      replayed: answer.replayed,
    };
  }
}

/** Marks a locked open round closed and records its settlement for the loss limits (no money moves). */
export async function closeRound(
  t: Kysely<Database>,
  deps: Pick<ProviderWalletDeps, 'clock' | 'limits'>,
  round: {
    provider: string;
    round_ref: string;
    user_id: bigint;
    currency: string;
    staked: bigint;
    paid: bigint;
  },
  by: 'provider' | 'sweep',
): Promise<void> {
  await t
    .updateTable('casino_provider_rounds')
    .set({ closed_at: deps.clock.now(), closed_by: by })
    .where('provider', '=', round.provider)
    .where('round_ref', '=', round.round_ref)
    .where('closed_at', 'is', null)
    .execute();
  await deps.limits.recordSettlement(
    {
      userId: round.user_id,
      currency: round.currency,
      stakeMinor: round.staked,
      payoutMinor: round.paid,
      reference: roundReference(round.provider, round.round_ref),
    },
    t as Transaction<Database>,
  );
}
