/**
 * House, provider and hold accounts per currency, each spread over SHARDS rows. A transfer picks
 * its shard from a hash of its idempotency key, so concurrent transfers touch different rows
 * (no single hot lock) and a replay resolves to the same rows as the first attempt.
 * Also remembers the currency and owner of players' accounts, which never change once an account
 * exists, so the hot path (a reservation per bet) does not read them again.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IdBlocks } from '../../platform/id-blocks.ts';
import type { Database } from '../../platform/schema.ts';
import type { LedgerAccountKind } from './tables.ts';

/**
 * 64: a placement holds a hold and a house shard to its commit, so with 16 placements in flight
 * 16 shards made most of them wait for another (bench/place.ts); 64 leaves about one in five.
 */
export const SHARDS = 64;
export type SystemKind = Exclude<LedgerAccountKind, 'user'>;

export function shardOf(key: string): number {
  return createHash('sha256').update(key).digest()[0]! % SHARDS;
}

/** What never changes about a player's account once it exists. */
/** The currency and type of a player's account, which never change after it opens. */
export interface AccountFacts {
  userId: bigint;
  iso: string;
  type: number;
}

export interface AccountOwner {
  currency: string;
  userId: bigint;
}

/** Owners remembered at most (oldest forgotten first): a bound on the process's memory. */
const MAX_OWNERS = 100_000;
const RESERVATION_ID_BLOCK = 64;

export class SystemAccounts {
  readonly #root: Kysely<Database>;
  readonly #ids = new Map<string, bigint[]>();
  /** Names whose rows a transaction created: not remembered from it, since it may roll back. */
  readonly #createdIn = new WeakMap<Kysely<Database>, Set<string>>();
  readonly #owners = new Map<bigint, AccountOwner>();

  readonly #facts = new Map<bigint, AccountFacts>();
  /** Reservation ids drawn ahead from ledger_reservations_id_seq (prepareReservation). */
  readonly #reservationIds: IdBlocks;

  constructor(root: Kysely<Database>) {
    this.#root = root;
    this.#reservationIds = new IdBlocks(root, 'ledger_reservations_id_seq', RESERVATION_ID_BLOCK);
  }

  /** A fresh ledger_reservations id without a round trip of its own (platform/id-blocks.ts). */
  nextReservationId(): Promise<bigint> {
    return this.#reservationIds.next();
  }

  /**
   * The account id of one shard. Rows are created on first use. Ids are remembered once read
   * through the root connection, or inside a transaction that found them already there (committed
   * by someone, since only this class creates them); never from a transaction that created them.
   */
  async id(db: Kysely<Database>, kind: SystemKind, currency: string, shard: number): Promise<bigint> {
    const name = `${kind}:${currency}`;
    let ids = this.#ids.get(name);
    if (!ids) {
      const created = db === this.#root ? null : this.#createdIn.get(db);
      const loaded = await this.#load(db, kind, currency);
      ids = loaded.ids;
      if (loaded.inserted && db !== this.#root) {
        this.#createdIn.set(db, (created ?? new Set()).add(name));
      } else if (!created?.has(name)) {
        this.#ids.set(name, ids);
      }
    }
    const id = ids[shard];
    if (id === undefined) throw new Error(`system account ${name}#${shard} is missing`);
    return id;
  }

  /** The currency and owner of a player's account seen before, or undefined. */
  owner(accountId: bigint): AccountOwner | undefined {
    return this.#owners.get(accountId);
  }

  /**
   * Remembers a player's account read from the database. Ids are never reused, so even an account
   * of a transaction that rolled back cannot be mistaken for another (postings to it fail).
   */
  rememberOwner(accountId: bigint, owner: AccountOwner): void {
    if (this.#owners.has(accountId)) return;
    if (this.#owners.size >= MAX_OWNERS) {
      const oldest = this.#owners.keys().next().value;
      if (oldest !== undefined) this.#owners.delete(oldest);
    }
    this.#owners.set(accountId, owner);
  }

  /** What was read of a player's account (Ledger.accountFacts); ids are never reused. */
  facts(accountId: bigint): AccountFacts | undefined {
    return this.#facts.get(accountId);
  }

  rememberFacts(accountId: bigint, facts: AccountFacts): void {
    if (this.#facts.size >= MAX_OWNERS) this.#facts.clear();
    this.#facts.set(accountId, facts);
  }

  async #load(
    db: Kysely<Database>,
    kind: SystemKind,
    currency: string,
  ): Promise<{ ids: bigint[]; inserted: boolean }> {
    const read = () =>
      db
        .selectFrom('ledger_accounts')
        .select(['id', 'shard'])
        .where('kind', '=', kind)
        .where('currency', '=', currency)
        .orderBy('shard')
        .execute();
    let rows = await read();
    const inserted = rows.length < SHARDS;
    if (inserted) {
      const values = Array.from({ length: SHARDS }, (_, shard) => ({
        kind,
        currency,
        shard,
        allow_negative: kind !== 'hold',
      }));
      await db
        .insertInto('ledger_accounts')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute();
      rows = await read();
    }
    return { ids: rows.map((r) => r.id), inserted };
  }
}
