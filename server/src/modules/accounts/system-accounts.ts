/**
 * House, provider and hold accounts per currency, each spread over SHARDS rows. A transfer picks
 * its shard from a hash of its idempotency key, so concurrent transfers touch different rows
 * (no single hot lock) and a replay resolves to the same rows as the first attempt.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { LedgerAccountKind } from './tables.ts';

export const SHARDS = 16;
export type SystemKind = Exclude<LedgerAccountKind, 'user'>;

export function shardOf(key: string): number {
  return createHash('sha256').update(key).digest()[0]! % SHARDS;
}

export class SystemAccounts {
  readonly #root: Kysely<Database>;
  readonly #ids = new Map<string, bigint[]>();

  constructor(root: Kysely<Database>) {
    this.#root = root;
  }

  /**
   * The account id of one shard. Rows are created on first use; ids are remembered only when read
   * through the root connection, never from inside a transaction that might still roll back.
   */
  async id(db: Kysely<Database>, kind: SystemKind, currency: string, shard: number): Promise<bigint> {
    const name = `${kind}:${currency}`;
    let ids = this.#ids.get(name);
    if (!ids) {
      ids = await this.#load(db, kind, currency);
      if (db === this.#root) this.#ids.set(name, ids);
    }
    const id = ids[shard];
    if (id === undefined) throw new Error(`system account ${name}#${shard} is missing`);
    return id;
  }

  async #load(db: Kysely<Database>, kind: SystemKind, currency: string): Promise<bigint[]> {
    const read = () =>
      db
        .selectFrom('ledger_accounts')
        .select(['id', 'shard'])
        .where('kind', '=', kind)
        .where('currency', '=', currency)
        .orderBy('shard')
        .execute();
    let rows = await read();
    if (rows.length < SHARDS) {
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
    return rows.map((r) => r.id);
  }
}
