/**
 * Opens the next crash round: the next game of the current chain (a new chain, with a fresh
 * secret seed and salt, when the current one is used up), its crash point fixed from its hash and
 * its whole timeline fixed at once: betting until now + bettingMs, running from then, crashing at
 * the instant the multiplier reaches the crash point. Two engines opening at once cannot both
 * succeed (unique chain and game).
 */
import { createHash, randomBytes } from 'node:crypto';
import { crashPointCenti, gameHash, planChain, timeToReach } from '@parlay/domain/casino/crash/index.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import type { CasinoCrashTables } from './tables.ts';
import type { RoundRow } from './views.ts';

/** The chain's link with node:crypto: the same SHA-256 of the hex text as the domain's, faster. */
const nodeChainHash = (hex: string) => createHash('sha256').update(hex).digest('hex');

export type ChainRow = Selectable<CasinoCrashTables['crash_chains']>;

export interface ChainOptions {
  /** Games per chain (default 100,000: about 11 days of 10-second rounds). */
  chainLength: number;
  /** Every step-th hash is kept, so a game's hash is at most step hashes away. */
  checkpointStep: number;
}

export const DEFAULT_CHAIN: ChainOptions = { chainLength: 100_000, checkpointStep: 500 };

/** The chain in play (the newest), or null before the first. */
export async function currentChain(db: Kysely<Database>): Promise<ChainRow | null> {
  return (
    (await db.selectFrom('crash_chains').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ??
    null
  );
}

async function createChain(db: Kysely<Database>, options: ChainOptions, now: Date): Promise<ChainRow> {
  const seed = randomBytes(32).toString('hex');
  const plan = planChain(seed, options.chainLength, options.checkpointStep, nodeChainHash);
  return db
    .insertInto('crash_chains')
    .values({
      commitment: plan.commitment,
      salt: randomBytes(32).toString('hex'),
      seed,
      length: plan.length,
      step: plan.step,
      checkpoints: JSON.stringify(plan.checkpoints),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function openNextRound(
  db: Kysely<Database>,
  input: { now: Date; bettingMs: number; chain: ChainOptions },
): Promise<RoundRow> {
  let chain = await currentChain(db);
  const last = chain
    ? await db
        .selectFrom('crash_rounds')
        .select('game')
        .where('chain_id', '=', chain.id)
        .orderBy('game', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  let game = (last?.game ?? 0) + 1;
  if (!chain || game > chain.length) {
    chain = await createChain(db, input.chain, input.now);
    game = 1;
  }
  const hash = gameHash(chain, game, nodeChainHash);
  const crashPoint = crashPointCenti(hash, chain.salt);
  const bettingEndsMs = input.now.getTime() + input.bettingMs;
  return db
    .insertInto('crash_rounds')
    .values({
      chain_id: chain.id,
      game,
      hash,
      crash_point_centi: crashPoint,
      status: 'betting',
      created_at: input.now,
      betting_ends_at: new Date(bettingEndsMs),
      crashes_at: new Date(bettingEndsMs + timeToReach(crashPoint)),
      settled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The newest round, or null before the first. */
export async function latestRound(db: Kysely<Database>): Promise<RoundRow | null> {
  return (
    (await db.selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ??
    null
  );
}
