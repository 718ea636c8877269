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
import type { BalanceFeed } from './balance-feed.ts';
import { checkLedger, type LedgerReport } from './check-ledger.ts';
import { mapLedgerErrors } from './ledger-errors.ts';
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
  transferArguments,
} from './post-transfer.ts';
import { type ReasonTotal, type ReasonTotalsQuery, reasonTotals } from './reason-totals.ts';
import {
  type CaptureInput,
  capture,
  getReservation,
  type PreparedReservation,
  prepareReservation,
  type Reservation,
  type ReserveInput,
  release,
  reserve,
  reserveAndCapture,
} from './reservations.ts';
import { type AccountFacts, SystemAccounts } from './system-accounts.ts';
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

/** A transfer prepared for a caller's own database call (prepareTransfer): ledger_post()'s arguments. */
export interface PreparedTransfer {
  record: {
    key: string;
    hash: string;
    reason: string;
    metadata: Metadata;
    accounts: string[];
    currencies: string[];
    amounts: string[];
  };
  /** Every account the transfer moves (for the balance feed once committed). */
  accounts: bigint[];
}

/** Accounts changed inside a transaction, announced to the balance feed once it commits. */
const CHANGED_IN_TRANSACTION = new WeakMap<Kysely<Database>, Set<bigint>>();
/** Work to run once a transaction commits (afterCommit); dropped with the transaction otherwise. */
const AFTER_COMMIT = new WeakMap<Kysely<Database>, (() => void)[]>();

export class Ledger {
  readonly #ctx: LedgerContext;
  readonly #feed: BalanceFeed | null;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    system: SystemAccounts = new SystemAccounts(db),
    feed: BalanceFeed | null = null,
  ) {
    this.#ctx = { db, clock, system };
    this.#feed = feed;
    if (db.isTransaction) {
      const changed = CHANGED_IN_TRANSACTION.get(db) ?? new Set<bigint>();
      CHANGED_IN_TRANSACTION.set(db, changed);
      this.#ctx.touched = changed;
    }
  }

  /**
   * The same service working inside the caller's transaction. Balances it changes are pushed to
   * the players only when the caller reports the commit: use ledger.transaction(work), or call
   * ledger.committed(trx) after the transaction resolved.
   */
  in(trx: Kysely<Database>): Ledger {
    return new Ledger(trx, this.#ctx.clock, this.#ctx.system, this.#feed);
  }

  /** Runs work in one database transaction and, after it commits, pushes the changed balances. */
  async transaction<T>(work: (trx: Kysely<Database>, ledger: Ledger) => Promise<T>): Promise<T> {
    let used: Kysely<Database> | null = null;
    const result = await this.#ctx.db.transaction().execute((trx) => {
      used = trx;
      return work(trx, this.in(trx));
    });
    if (used) this.committed(used);
    return result;
  }

  /** Reports that a transaction used through in(trx) committed: its balance changes are pushed. */
  committed(trx: Kysely<Database>): void {
    const changed = CHANGED_IN_TRANSACTION.get(trx);
    CHANGED_IN_TRANSACTION.delete(trx);
    if (changed && changed.size > 0) this.#feed?.accountsChanged(changed);
    const after = AFTER_COMMIT.get(trx);
    AFTER_COMMIT.delete(trx);
    for (const work of after ?? []) work();
  }

  /**
   * Runs `work` when the money transaction `trx` is reported committed (ledger.transaction, or
   * committed(trx)); never if it rolls back. For events about what the transaction changed, which
   * must not reach anyone before the change is visible.
   */
  afterCommit(trx: Kysely<Database>, work: () => void): void {
    const list = AFTER_COMMIT.get(trx) ?? [];
    list.push(work);
    AFTER_COMMIT.set(trx, list);
  }

  /** Runs a money operation; outside a transaction its own commit has happened when it resolves. */
  async #moving<T>(operation: (ctx: LedgerContext) => Promise<T>): Promise<T> {
    if (this.#ctx.touched) return operation(this.#ctx);
    const touched = new Set<bigint>();
    const result = await operation({ ...this.#ctx, touched });
    if (touched.size > 0) this.#feed?.accountsChanged(touched);
    return result;
  }

  /** Announces a change of a player's account list (outside a transaction only). */
  #listChanged<T>(userId: bigint, result: T): T {
    if (!this.#ctx.db.isTransaction) this.#feed?.userChanged(userId);
    return result;
  }

  get db(): Kysely<Database> {
    return this.#ctx.db;
  }

  // Players' accounts.
  openAccount(userId: bigint, currency: string, type: 0 | 4 = 0): Promise<Account> {
    return openAccount(this.#ctx.db, this.#ctx.clock, userId, currency, type);
  }
  async addCurrency(userId: bigint, currency: string): Promise<Account> {
    return this.#listChanged(userId, await addCurrency(this.#ctx.db, this.#ctx.clock, userId, currency));
  }
  async removeCurrency(userId: bigint, accountId: bigint): Promise<void> {
    await removeCurrency(this.#ctx.db, this.#ctx.clock, userId, accountId);
    this.#listChanged(userId, null);
  }
  async setActiveAccount(
    userId: bigint,
    accountId: bigint,
  ): Promise<{ activeAccountId: bigint; messageKey: string }> {
    return this.#listChanged(userId, await setActiveAccount(this.#ctx.db, userId, accountId));
  }
  balances(userId: bigint): Promise<Account[]> {
    return listAccounts(this.#ctx.db, userId);
  }
  accounts(userId: bigint): Promise<AccountsView> {
    return accountsView(this.#ctx.db, userId);
  }
  async account(userId: bigint, accountId: bigint): Promise<Account> {
    const account = await getUserAccount(this.#ctx.db, userId, accountId);
    this.#ctx.system.rememberOwner(accountId, { currency: account.iso, userId });
    return account;
  }
  async setFrozen(userId: bigint, frozen: boolean): Promise<number> {
    return this.#listChanged(userId, await setFrozen(this.#ctx.db, userId, frozen));
  }

  // Money movements.
  async transfer(input: TransferInput): Promise<Transfer> {
    return this.#moving(async (ctx) => (await postTransfer(ctx, input)).transfer);
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
    return this.#moving((ctx) => reverseTransfer(ctx, transferId, options));
  }
  reserve(input: ReserveInput): Promise<Reservation> {
    return this.#moving((ctx) => reserve(ctx, input));
  }
  /** Reserve and capture at once: one transfer and a captured reservation (reservations.ts reserveAndCapture). */
  reserveAndCapture(input: ReserveInput, captureInput: CaptureInput): Promise<Reservation> {
    return this.#moving((ctx) => reserveAndCapture(ctx, input, captureInput));
  }

  /**
   * A reservation (captured at once with captureInput) prepared for the caller's own single
   * database call (betting_place_batch; reservations.ts prepareReservation). Run that
   * call inside postPrepared(), which maps the ledger's refusals and, once it has committed,
   * pushes the changed balances.
   */
  prepareReservation(input: ReserveInput, captureInput: CaptureInput | null): Promise<PreparedReservation> {
    return prepareReservation(this.#ctx, input, captureInput);
  }

  /**
   * A two-posting transfer (from → to) checked and resolved (system accounts by shard, request
   * hash) for the caller's own single database call, which posts it with ledger_post()
   * (casino_round_instant, migration 0094). Run that call inside postPrepared().
   */
  async prepareTransfer(input: MoveInput): Promise<PreparedTransfer> {
    const { from, to, amountMinor, ...rest } = input;
    const args = await transferArguments(this.#ctx, {
      ...rest,
      postings: [
        { account: from, amountMinor: -amountMinor },
        { account: to, amountMinor },
      ],
    });
    return {
      record: {
        key: args.key,
        hash: args.hash,
        reason: args.reason,
        metadata: args.metadata,
        accounts: args.accounts,
        currencies: args.currencies,
        amounts: args.amounts,
      },
      accounts: [...new Set(args.postings.map((p) => p.accountId))],
    };
  }

  /**
   * Runs the autocommitted call meant to write a prepared reservation (see prepareReservation),
   * with the ledger's refusals mapped to catalogue errors; when `wrote(result)` says the
   * reservation was written, the changed balances are pushed.
   */
  async postPrepared<T>(
    prepared: { readonly accounts: readonly bigint[] },
    call: () => Promise<T>,
    wrote: (result: T) => boolean,
  ): Promise<T> {
    const result = await mapLedgerErrors(call);
    if (wrote(result)) this.#feed?.accountsChanged(new Set(prepared.accounts));
    return result;
  }

  /**
   * The currency and type of a player's open account, remembered after the first read (neither
   * ever changes). ACCOUNT_NOT_FOUND when it is not theirs or is closed; a remembered account that
   * was closed since is refused by the ledger when money moves (ACCOUNT_NOT_FOUND too).
   */
  async accountFacts(userId: bigint, accountId: bigint): Promise<AccountFacts> {
    const known = this.#ctx.system.facts(accountId);
    if (known && known.userId === userId) return known;
    const account = await this.account(userId, accountId);
    const facts = { userId, iso: account.iso, type: account.type };
    this.#ctx.system.rememberFacts(accountId, facts);
    return facts;
  }
  capture(reservationId: bigint, input: CaptureInput): Promise<Reservation> {
    return this.#moving((ctx) => capture(ctx, reservationId, input));
  }
  release(reservationId: bigint, reason: string, metadata?: Metadata): Promise<Reservation> {
    return this.#moving((ctx) => release(ctx, reservationId, reason, metadata));
  }
  getReservation(id: bigint): Promise<Reservation> {
    return getReservation(this.#ctx.db, id);
  }

  // Queries and checks.
  transactions(userId: bigint, filter?: TransactionFilter): Promise<Page<TransactionLine>> {
    return listTransactions(this.#ctx.db, userId, filter);
  }
  /** Per player account, what transfers of some reasons took and gave in a window (reason-totals.ts). */
  reasonTotals(query: ReasonTotalsQuery): Promise<ReasonTotal[]> {
    return reasonTotals(this.#ctx.db, query);
  }
  check(): Promise<LedgerReport> {
    return checkLedger(this.#ctx.db);
  }
}
