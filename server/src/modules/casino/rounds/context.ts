/** What the rounds' use cases share: built once by casinoModule (or a test) from the shared services. */
import type { InHouseGame } from '@parlay/domain/casino/engine/in-house-game.ts';
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { SiteConfigService } from '../../config/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import { type BonusWallet, NO_BONUS_WALLET } from './bonus-wallet.ts';
import type { SeedPairRow } from './fairness.ts';
import type { GameLookup } from './game-lookup.ts';
import type { RoundObserver } from './round-observer.ts';
import { SeamlessWallet } from './seamless-wallet.ts';

export interface RoundsContext {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  limits: LimitsService;
  siteConfig: SiteConfigService;
  games: GameLookup;
  /** The engine of an engine id (the domain registry; tests may add games of their own). */
  engine(engineId: string): InHouseGame | undefined;
  wallet: SeamlessWallet;
  bonus: BonusWallet;
  /** Told after a player's real or demo round opened (the catalogue's "recently played"). */
  played?: (userId: bigint, gameId: number) => Promise<void>;
  /** Told of each finished real round after it committed (tournaments); none by default. */
  finished?: RoundObserver;
  /** The game each player was last told `played` of, and when (start-round.ts skips repeats). */
  lastPlayed: Map<bigint, { gameId: number; atMs: number }>;
  /** Each owner's last instant round in this process, by owner key (instant-round.ts). */
  instantRounds: Map<string, RememberedRound>;
}

/**
 * What this process remembers of an owner's last instant round ('done'): its seed pair at the next
 * nonce, the account it was played from and the next round id the call answered (migration 0350).
 * The owner's next instant round here is played from it without the read (bench:casino: one
 * database round trip less a round); the call compares pair, nonce and account under the pair's
 * lock and answers 'stale' when any moved (another process's round, a rotation, another active
 * account, a frozen one), after which the round is read and played again as before. An entry is
 * taken out when used, so two concurrent rounds of an owner never share a round id.
 */
export interface RememberedRound {
  pair: SeedPairRow;
  accountId: bigint;
  currency: string;
  roundId: bigint;
}

export interface RoundsOptions {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  limits: LimitsService;
  siteConfig: SiteConfigService;
  games: GameLookup;
  engine?: (engineId: string) => InHouseGame | undefined;
  bonus?: BonusWallet;
  played?: (userId: bigint, gameId: number) => Promise<void>;
  finished?: RoundObserver;
}

export function createRoundsContext(options: RoundsOptions): RoundsContext {
  return {
    ...options,
    engine: options.engine ?? inHouseGame,
    wallet: new SeamlessWallet(options.ledger, options.clock),
    bonus: options.bonus ?? NO_BONUS_WALLET,
    lastPlayed: new Map(),
    instantRounds: new Map(),
  };
}

/** An owner of seeds, rounds and a demo wallet: a player ('u:<id>') or a demo session ('d:<id>'). */
export type Owner =
  | { kind: 'player'; userId: bigint; key: string }
  | { kind: 'demo'; demoId: string; key: string };

export const playerOwner = (userId: bigint): Owner => ({ kind: 'player', userId, key: `u:${userId}` });
export const demoOwner = (demoId: string): Owner => ({ kind: 'demo', demoId, key: `d:${demoId}` });
