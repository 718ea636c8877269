/**
 * Seed pairs (provably fair, domain/casino/README.md): each owner (a player 'u:<id>' or a demo
 * session 'd:<id>') has one active pair, a server seed from node:crypto whose SHA-256 is shown
 * before play, an editable client seed and the nonce the next round takes. Rotating reveals the
 * old server seed (kept, so its rounds can be verified by anyone) and starts a new pair at nonce 0.
 * A pair is never rotated while one of its rounds is open: revealing its seed would show the rest
 * of that round.
 *
 * Errors: CASINO_CLIENT_SEED_INVALID (422), CASINO_ROUND_OPEN (409).
 */
import { randomBytes } from 'node:crypto';
import { commitment, isClientSeed, serverSeedFrom } from '@parlay/domain/casino/fair/seeds.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { CasinoRoundsTables } from './tables.ts';

export type SeedPairRow = Selectable<CasinoRoundsTables['casino_seed_pairs']>;

export interface FairnessView {
  commitment: string;
  clientSeed: string;
  nonce: number;
  previous: { serverSeed: string; commitment: string; clientSeed: string; lastNonce: number } | null;
}

/** A fresh client seed when the player has not chosen one: 16 random hex characters. */
function randomClientSeed(): string {
  return randomBytes(8).toString('hex');
}

function newPair(ownerKey: string, clientSeed: string, now: Date) {
  const serverSeed = serverSeedFrom(new Uint8Array(randomBytes(32)));
  return {
    owner_key: ownerKey,
    server_seed: serverSeed,
    commitment: commitment(serverSeed),
    client_seed: clientSeed,
    created_at: now,
    revealed_at: null,
  };
}

/** The owner's active pair, created when it has none; locked FOR UPDATE when `lock` (inside a transaction). */
export async function activePair(
  db: Kysely<Database>,
  clock: Clock,
  ownerKey: string,
  lock: boolean,
): Promise<SeedPairRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let query = db
      .selectFrom('casino_seed_pairs')
      .selectAll()
      .where('owner_key', '=', ownerKey)
      .where('revealed_at', 'is', null);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (row) return row;
    await db
      .insertInto('casino_seed_pairs')
      .values(newPair(ownerKey, randomClientSeed(), clock.now()))
      .onConflict((oc) => oc.column('owner_key').where('revealed_at', 'is', null).doNothing())
      .execute();
  }
  throw new AppError('INTERNAL', 'no active seed pair');
}

async function previousPair(db: Kysely<Database>, ownerKey: string): Promise<SeedPairRow | undefined> {
  return db
    .selectFrom('casino_seed_pairs')
    .selectAll()
    .where('owner_key', '=', ownerKey)
    .where('revealed_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function fairnessView(
  db: Kysely<Database>,
  clock: Clock,
  ownerKey: string,
): Promise<FairnessView> {
  const active = await activePair(db, clock, ownerKey, false);
  const previous = await previousPair(db, ownerKey);
  return {
    commitment: active.commitment,
    clientSeed: active.client_seed,
    nonce: active.next_nonce,
    previous: previous
      ? {
          serverSeed: previous.server_seed,
          commitment: previous.commitment,
          clientSeed: previous.client_seed,
          lastNonce: previous.next_nonce - 1,
        }
      : null,
  };
}

/**
 * Reveals the active pair and starts a new one with `clientSeed` (or the old client seed). Changing
 * the client seed rotates too: a new client seed against a server seed the house already knows the
 * rounds of would let the house choose, so every change starts a fresh committed pair.
 */
export async function rotatePair(
  db: Kysely<Database>,
  clock: Clock,
  ownerKey: string,
  clientSeed: string | null,
): Promise<FairnessView> {
  if (clientSeed !== null && !isClientSeed(clientSeed)) {
    throw new AppError('CASINO_CLIENT_SEED_INVALID', undefined, { maxLength: 64 });
  }
  await db.transaction().execute(async (trx) => {
    const active = await activePair(trx, clock, ownerKey, true);
    const open = await trx
      .selectFrom('casino_rounds')
      .select('id')
      .where('seed_pair_id', '=', active.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open)
      throw new AppError('CASINO_ROUND_OPEN', 'Finish the open round before changing seeds', {
        roundId: `${open.id}`,
      });
    await trx
      .updateTable('casino_seed_pairs')
      .set({ revealed_at: clock.now() })
      .where('id', '=', active.id)
      .execute();
    await trx
      .insertInto('casino_seed_pairs')
      .values(newPair(ownerKey, clientSeed ?? active.client_seed, clock.now()))
      .execute();
  });
  return fairnessView(db, clock, ownerKey);
}
