/**
 * Pushes players' balances over the bus after money moved: topic `user:<userId>`, message
 * {type:'balance', accounts:[{id, iso, money, type, isActive, …}]}. The ledger tells the feed which
 * accounts changed only once their transfer is committed (never from inside a transaction), and the
 * feed reads the committed balances, so a player never sees money that a rollback takes back.
 * Changes arriving close together are coalesced into one read (of every player concerned) per flush.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Database } from '../../platform/schema.ts';
import { accountView } from './account-view.ts';
import { listAccountsOfOwners } from './wallet.ts';

/** Coalescing window: a burst of transfers of one player becomes one message. */
const FLUSH_DELAY_MS = 15;
/** Bound on the pending set; beyond it the flush starts at once. */
const MAX_PENDING = 5_000;

export interface BalanceMessage {
  type: 'balance';
  accounts: ReturnType<typeof accountView>[];
}

export interface BalanceFeedLog {
  warn(details: { err: unknown }, message: string): void;
}

export class BalanceFeed {
  readonly #db: Kysely<Database>;
  readonly #bus: EventBus;
  readonly #log: BalanceFeedLog;
  #accountIds = new Set<bigint>();
  #userIds = new Set<bigint>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>, bus: EventBus, log: BalanceFeedLog) {
    this.#db = db;
    this.#bus = bus;
    this.#log = log;
  }

  /** Committed changes to these ledger accounts (system accounts are skipped when read). */
  accountsChanged(accountIds: Iterable<bigint>): void {
    for (const id of accountIds) this.#accountIds.add(id);
    this.#schedule();
  }

  /** Committed changes to a player's accounts (added, removed, made active). */
  userChanged(userId: bigint): void {
    this.#userIds.add(userId);
    this.#schedule();
  }

  /** Resolves when everything announced so far has been published (tests, shutdown). */
  async drain(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
      this.#flushing = this.#flushing.then(() => this.#flush());
    }
    await this.#flushing;
  }

  #schedule(): void {
    if (this.#timer) return;
    const delay = this.#accountIds.size + this.#userIds.size >= MAX_PENDING ? 0 : FLUSH_DELAY_MS;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#flushing = this.#flushing.then(() => this.#flush());
    }, delay);
    this.#timer.unref?.();
  }

  async #flush(): Promise<void> {
    const accountIds = [...this.#accountIds];
    const userIds = new Set(this.#userIds);
    this.#accountIds = new Set();
    this.#userIds = new Set();
    try {
      // One read for the whole flush: the players named and the owners of the accounts named.
      const byUser = await listAccountsOfOwners(this.#db, [...userIds], accountIds);
      for (const userId of userIds) if (!byUser.has(userId)) byUser.set(userId, []);
      for (const [userId, accounts] of byUser) {
        const message: BalanceMessage = { type: 'balance', accounts: accounts.map(accountView) };
        await this.#bus.publish(`user:${userId}`, message);
      }
    } catch (err) {
      // A lost push is repaired by the next one or by the browser's re-read; never fail the transfer.
      this.#log.warn({ err }, 'balance push failed');
    }
  }
}
