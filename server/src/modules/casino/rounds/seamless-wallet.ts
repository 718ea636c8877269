/**
 * The seamless wallet: how a game provider moves a player's money, one call per provider
 * transaction id. balance, bet (player → house), win (house → player), rollback (undoes a bet or
 * win) and endRound. Every call is idempotent on (provider, transaction id): a repeat with the same
 * content answers the first answer, other content is CASINO_IDEMPOTENCY_MISMATCH. A rollback of a
 * transaction never seen is recorded and answered, and leaves a tombstone under that id so the bet,
 * arriving late, is refused rather than taken.
 *
 * The in-house games call it in process inside their round's transaction (provider 'in-house',
 * ledger keys `casino:<roundId>:stake`, `casino:<roundId>:stake:<n>`, `casino:<roundId>:win`);
 * issue 19 puts it behind signed HTTP for external providers.
 *
 * Errors: INSUFFICIENT_FUNDS (409), ACCOUNT_FROZEN, ACCOUNT_NOT_FOUND (ledger),
 * CASINO_IDEMPOTENCY_MISMATCH (422).
 */
import { createHash } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { CasinoRoundsTables } from './tables.ts';

export const IN_HOUSE_PROVIDER = 'in-house';

type WalletRow = Selectable<CasinoRoundsTables['casino_wallet_transactions']>;

export interface WalletPlayer {
  userId: bigint;
  accountId: bigint;
  currency: string;
}

export interface WalletMove {
  provider: string;
  transactionId: string;
  player: WalletPlayer;
  /** The provider's round this move belongs to. */
  roundRef: string;
  amountMinor: bigint;
}

export interface WalletAnswer {
  transactionId: string;
  /** 'done'; 'rolled_back' when a rollback undid it; 'refused' for a bet whose id was rolled back first. */
  status: 'done' | 'rolled_back' | 'refused';
  balanceMinor: bigint;
  currency: string;
  replayed: boolean;
}

/** The ledger idempotency key of a provider transaction: in-house ids are already `<roundId>:<step>`. */
export function ledgerKeyOf(provider: string, transactionId: string): string {
  return provider === IN_HOUSE_PROVIDER ? `casino:${transactionId}` : `casino:${provider}:${transactionId}`;
}

/**
 * The ledger key of the rollback of `transactionId`. A provider's rollbacks have a namespace of their
 * own: `casino:<provider>:<id>:rollback` could be the key of the provider's own transaction id
 * `<id>:rollback`, and the two would collide (a win with that id refused, or a rollback answered
 * by another transfer).
 */
export function rollbackKeyOf(provider: string, transactionId: string): string {
  return provider === IN_HOUSE_PROVIDER
    ? `casino:${transactionId}:rollback`
    : `casino-rollback:${provider}:${transactionId}`;
}

function hashOf(parts: readonly (string | bigint)[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/** The request hash of a bet or win row (what a repeat of the call is compared with). */
export function moveHash(
  kind: 'bet' | 'win',
  move: Pick<WalletMove, 'player' | 'roundRef' | 'amountMinor'>,
): string {
  return hashOf([kind, move.player.userId, move.player.accountId, move.roundRef, move.amountMinor]);
}

export class SeamlessWallet {
  readonly #ledger: Ledger;
  readonly #clock: Clock;

  constructor(ledger: Ledger, clock: Clock) {
    this.#ledger = ledger;
    this.#clock = clock;
  }

  /** Runs `work` in the given transaction (in process) or in a new one (a provider's call). */
  async #within<T>(
    trx: Kysely<Database> | undefined,
    work: (t: Kysely<Database>, ledger: Ledger) => Promise<T>,
  ) {
    return trx ? work(trx, this.#ledger.in(trx)) : this.#ledger.transaction(work);
  }

  async balance(
    player: WalletPlayer,
    trx?: Kysely<Database>,
  ): Promise<{ balanceMinor: bigint; currency: string }> {
    const ledger = trx ? this.#ledger.in(trx) : this.#ledger;
    const account = await ledger.account(player.userId, player.accountId);
    return { balanceMinor: account.moneyMinor, currency: account.iso };
  }

  /**
   * `fresh`: the caller holds the lock that makes this transaction id new (an in-house round's row),
   * so the look-up of an earlier call is skipped; the unique (provider, transaction id) still holds.
   */
  bet(move: WalletMove, trx?: Kysely<Database>, options: { fresh?: boolean } = {}): Promise<WalletAnswer> {
    return this.#within(trx, (t, ledger) => this.#move(t, ledger, 'bet', move, options.fresh === true));
  }

  win(move: WalletMove, trx?: Kysely<Database>, options: { fresh?: boolean } = {}): Promise<WalletAnswer> {
    return this.#within(trx, (t, ledger) => this.#move(t, ledger, 'win', move, options.fresh === true));
  }

  /** Undoes the bet or win `referenceId`; one never seen is recorded as a tombstone and answered. */
  rollback(
    input: {
      provider: string;
      transactionId: string;
      referenceId: string;
      player: WalletPlayer;
      roundRef: string;
    },
    trx?: Kysely<Database>,
  ): Promise<WalletAnswer> {
    return this.#within(trx, async (t, ledger) => {
      const hash = hashOf(['rollback', input.player.userId, input.roundRef, input.referenceId]);
      const seen = await this.#find(t, input.provider, input.transactionId);
      if (seen) return this.#replay(t, seen, 'rollback', hash, input.player);
      const target = await this.#find(t, input.provider, input.referenceId);
      let transferId: bigint | null = null;
      let amount = 0n;
      if (!target) {
        await this.#insert(t, {
          ...this.#rowOf(input.provider, input.referenceId, 'bet', input.player, input.roundRef, 0n),
          status: 'tombstone',
          request_hash: 'tombstone',
          balance_after: 0n,
        });
      } else if (target.status === 'done' && target.ledger_transfer_id !== null) {
        amount = target.amount;
        const player = target.kind === 'bet' ? input.player.accountId : { system: 'house' as const };
        const house = target.kind === 'bet' ? { system: 'house' as const } : input.player.accountId;
        const transfer = await ledger.move({
          idempotencyKey: rollbackKeyOf(input.provider, input.referenceId),
          reason: 'casino_rollback',
          currency: input.player.currency,
          from: house,
          to: player,
          amountMinor: target.amount,
          userId: input.player.userId,
          metadata: { provider: input.provider, roundRef: input.roundRef },
        });
        transferId = transfer.id;
      }
      if (target?.status === 'done') {
        await t
          .updateTable('casino_wallet_transactions')
          .set({ status: 'rolled_back' })
          .where('id', '=', target.id)
          .execute();
      }
      const { balanceMinor } = await this.balance(input.player, t);
      await this.#insert(t, {
        ...this.#rowOf(input.provider, input.transactionId, 'rollback', input.player, input.roundRef, amount),
        reference_id: input.referenceId,
        request_hash: hash,
        ledger_transfer_id: transferId,
        balance_after: balanceMinor,
      });
      return {
        transactionId: input.transactionId,
        status: 'done',
        balanceMinor,
        currency: input.player.currency,
        replayed: false,
      };
    });
  }

  /** Marks the provider's round ended (a repeat is a no-op); no money moves. */
  async endRound(
    input: { provider: string; roundRef: string; userId: bigint },
    trx?: Kysely<Database>,
  ): Promise<void> {
    await (trx ?? this.#ledger.db)
      .insertInto('casino_wallet_rounds')
      .values({
        provider: input.provider,
        round_ref: input.roundRef,
        user_id: input.userId,
        ended_at: this.#clock.now(),
      })
      .onConflict((oc) => oc.columns(['provider', 'round_ref']).doNothing())
      .execute();
  }

  async #move(
    t: Kysely<Database>,
    ledger: Ledger,
    kind: 'bet' | 'win',
    move: WalletMove,
    fresh: boolean,
  ): Promise<WalletAnswer> {
    if (move.amountMinor < 0n) throw new AppError('VALIDATION_FAILED', 'amount must not be negative');
    const hash = moveHash(kind, move);
    const seen = fresh ? undefined : await this.#find(t, move.provider, move.transactionId);
    if (seen) return this.#replay(t, seen, kind, hash, move.player);
    let transferId: bigint | null = null;
    if (move.amountMinor > 0n) {
      const house = { system: 'house' as const };
      const transfer = await ledger.move({
        idempotencyKey: ledgerKeyOf(move.provider, move.transactionId),
        reason: kind === 'bet' ? 'casino_stake' : 'casino_win',
        currency: move.player.currency,
        from: kind === 'bet' ? move.player.accountId : house,
        to: kind === 'bet' ? house : move.player.accountId,
        amountMinor: move.amountMinor,
        userId: move.player.userId,
        metadata: { provider: move.provider, roundRef: move.roundRef },
      });
      transferId = transfer.id;
    }
    const { balanceMinor } = await this.balance(move.player, t);
    await this.#insert(t, {
      ...this.#rowOf(move.provider, move.transactionId, kind, move.player, move.roundRef, move.amountMinor),
      request_hash: hash,
      ledger_transfer_id: transferId,
      balance_after: balanceMinor,
    });
    return {
      transactionId: move.transactionId,
      status: 'done',
      balanceMinor,
      currency: move.player.currency,
      replayed: false,
    };
  }

  async #replay(
    t: Kysely<Database>,
    row: WalletRow,
    kind: WalletRow['kind'],
    hash: string,
    player: WalletPlayer,
  ): Promise<WalletAnswer> {
    const answer = (status: WalletAnswer['status'], balanceMinor: bigint): WalletAnswer => ({
      transactionId: row.transaction_id,
      status,
      balanceMinor,
      currency: row.currency,
      replayed: true,
    });
    if (row.status === 'tombstone') {
      if (kind !== 'bet') throw new AppError('CASINO_IDEMPOTENCY_MISMATCH');
      return answer('refused', (await this.balance(player, t)).balanceMinor);
    }
    if (row.kind !== kind || row.request_hash !== hash) throw new AppError('CASINO_IDEMPOTENCY_MISMATCH');
    return answer(row.status === 'rolled_back' ? 'rolled_back' : 'done', row.balance_after);
  }

  #find(t: Kysely<Database>, provider: string, transactionId: string): Promise<WalletRow | undefined> {
    return t
      .selectFrom('casino_wallet_transactions')
      .selectAll()
      .where('provider', '=', provider)
      .where('transaction_id', '=', transactionId)
      .forUpdate()
      .executeTakeFirst();
  }

  #rowOf(
    provider: string,
    transactionId: string,
    kind: WalletRow['kind'],
    player: WalletPlayer,
    roundRef: string,
    amount: bigint,
  ) {
    return {
      provider,
      transaction_id: transactionId,
      kind,
      status: 'done' as const,
      user_id: player.userId,
      account_id: player.accountId,
      currency: player.currency,
      round_ref: roundRef,
      amount,
      reference_id: null,
      ledger_transfer_id: null,
      created_at: this.#clock.now(),
    };
  }

  async #insert(
    t: Kysely<Database>,
    row: Insertable<CasinoRoundsTables['casino_wallet_transactions']>,
  ): Promise<void> {
    await t.insertInto('casino_wallet_transactions').values(row).execute();
  }
}
