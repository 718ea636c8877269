/**
 * The accounts module's service: players' accounts and every money movement. Other modules use
 * it through index.ts; within their own transaction they call ledger.in(trx).
 *
 * Errors: UNKNOWN_CURRENCY, INVALID_AMOUNT, VALIDATION_FAILED (400); ACCOUNT_FROZEN (403);
 * ACCOUNT_NOT_FOUND, TRANSFER_NOT_FOUND, RESERVATION_NOT_FOUND (404); INSUFFICIENT_FUNDS,
 * CURRENCY_ALREADY_ADDED, TOO_MANY_ACCOUNTS, ACCOUNT_NOT_REMOVABLE, TRANSFER_ALREADY_REVERSED,
 * RESERVATION_NOT_PENDING (409); IDEMPOTENCY_KEY_REUSED (422); LEDGER_INVARIANT (500).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { checkLedger, type LedgerReport } from './check-ledger.ts';
import {
  listTransactions,
  type Page,
  type TransactionFilter,
  type TransactionLine,
} from './list-transactions.ts';
import {
  type AccountRef,
  type LedgerContext,
  type Metadata,
  postTransfer,
  readTransfer,
  reverseTransfer,
  type Transfer,
  type TransferInput,
} from './post-transfer.ts';
import {
  type CaptureInput,
  capture,
  getReservation,
  type Reservation,
  type ReserveInput,
  release,
  reserve,
} from './reservations.ts';
import { SystemAccounts } from './system-accounts.ts';
import {
  type Account,
  type AccountsView,
  accountsView,
  addCurrency,
  getUserAccount,
  listAccounts,
  openAccount,
  removeCurrency,
  setActiveAccount,
  setFrozen,
} from './wallet.ts';

export interface MoveInput {
  idempotencyKey: string;
  reason: string;
  currency: string;
  from: AccountRef;
  to: AccountRef;
  amountMinor: bigint;
  userId?: bigint | null;
  metadata?: Metadata;
}

export class Ledger {
  readonly #ctx: LedgerContext;

  constructor(db: Kysely<Database>, clock: Clock, system: SystemAccounts = new SystemAccounts(db)) {
    this.#ctx = { db, clock, system };
  }

  /** The same service working inside the caller's transaction. */
  in(trx: Kysely<Database>): Ledger {
    return new Ledger(trx, this.#ctx.clock, this.#ctx.system);
  }

  get db(): Kysely<Database> {
    return this.#ctx.db;
  }

  // Players' accounts.
  openAccount(userId: bigint, currency: string, type: 0 | 4 = 0): Promise<Account> {
    return openAccount(this.#ctx.db, this.#ctx.clock, userId, currency, type);
  }
  addCurrency(userId: bigint, currency: string): Promise<Account> {
    return addCurrency(this.#ctx.db, this.#ctx.clock, userId, currency);
  }
  removeCurrency(userId: bigint, accountId: bigint): Promise<void> {
    return removeCurrency(this.#ctx.db, this.#ctx.clock, userId, accountId);
  }
  setActiveAccount(
    userId: bigint,
    accountId: bigint,
  ): Promise<{ activeAccountId: bigint; messageKey: string }> {
    return setActiveAccount(this.#ctx.db, userId, accountId);
  }
  balances(userId: bigint): Promise<Account[]> {
    return listAccounts(this.#ctx.db, userId);
  }
  accounts(userId: bigint): Promise<AccountsView> {
    return accountsView(this.#ctx.db, userId);
  }
  account(userId: bigint, accountId: bigint): Promise<Account> {
    return getUserAccount(this.#ctx.db, userId, accountId);
  }
  setFrozen(userId: bigint, frozen: boolean): Promise<number> {
    return setFrozen(this.#ctx.db, userId, frozen);
  }

  // Money movements.
  async transfer(input: TransferInput): Promise<Transfer> {
    return (await postTransfer(this.#ctx, input)).transfer;
  }
  /** A two-posting transfer: from → to. */
  move(input: MoveInput): Promise<Transfer> {
    const { from, to, amountMinor, ...rest } = input;
    return this.transfer({
      ...rest,
      postings: [
        { account: from, amountMinor: -amountMinor },
        { account: to, amountMinor },
      ],
    });
  }
  getTransfer(id: bigint): Promise<Transfer> {
    return readTransfer(this.#ctx.db, id);
  }
  reverse(
    transferId: bigint,
    options: { idempotencyKey?: string; metadata?: Metadata } = {},
  ): Promise<Transfer> {
    return reverseTransfer(this.#ctx, transferId, options);
  }
  reserve(input: ReserveInput): Promise<Reservation> {
    return reserve(this.#ctx, input);
  }
  capture(reservationId: bigint, input: CaptureInput): Promise<Reservation> {
    return capture(this.#ctx, reservationId, input);
  }
  release(reservationId: bigint, reason: string, metadata?: Metadata): Promise<Reservation> {
    return release(this.#ctx, reservationId, reason, metadata);
  }
  getReservation(id: bigint): Promise<Reservation> {
    return getReservation(this.#ctx.db, id);
  }

  // Queries and checks.
  transactions(userId: bigint, filter?: TransactionFilter): Promise<Page<TransactionLine>> {
    return listTransactions(this.#ctx.db, userId, filter);
  }
  check(): Promise<LedgerReport> {
    return checkLedger(this.#ctx.db);
  }
}
