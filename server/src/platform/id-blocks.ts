/**
 * Fresh ids of a sequence without a round trip each: drawn `blockSize` at a time, one draw at a
 * time however many callers wait. Ids are never reused; an id drawn and not used is a harmless gap
 * (as with any sequence), and ids drawn by different processes no longer follow time, so lists
 * order by a time column first.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

export class IdBlocks {
  readonly #db: Kysely<Database>;
  readonly #sequence: string;
  readonly #blockSize: number;
  #ids: bigint[] = [];
  #drawing: Promise<void> | null = null;

  constructor(db: Kysely<Database>, sequence: string, blockSize: number) {
    if (!/^[a-z_][a-z0-9_]*$/.test(sequence)) throw new Error(`not a sequence name: ${sequence}`);
    if (blockSize < 1) throw new Error('an id block holds one id or more');
    this.#db = db;
    this.#sequence = sequence;
    this.#blockSize = blockSize;
  }

  async next(): Promise<bigint> {
    while (this.#ids.length === 0) {
      this.#drawing ??= this.#draw().finally(() => {
        this.#drawing = null;
      });
      await this.#drawing;
    }
    return this.#ids.shift() as bigint;
  }

  async #draw(): Promise<void> {
    const { rows } = await sql<{ id: bigint }>`
      select nextval(${this.#sequence}::regclass) as id from generate_series(1, ${this.#blockSize})`.execute(
      this.#db,
    );
    this.#ids.push(...rows.map((r) => BigInt(r.id)));
  }
}
