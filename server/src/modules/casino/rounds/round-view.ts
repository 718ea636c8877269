/**
 * A round as the player sees it (RoundView of the casino contract), and its replay: the state of
 * an in-house round is always play(params, stake, actions, FairRandom(seeds, nonce)).
 */
import type { InHouseGame, Json, RoundState } from '@parlay/domain/casino/engine/in-house-game.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import type { Selectable } from 'kysely';
import type { CasinoRoundsTables } from './tables.ts';

export type RoundRow = Selectable<CasinoRoundsTables['casino_rounds']>;

export interface RoundView {
  roundId: string;
  gameId: number;
  engineId: string;
  mode: 'real' | 'demo';
  status: 'open' | 'finished';
  stakeMinor: string;
  stakedMinor: string;
  payoutMinor: string;
  allowed: string[];
  view: Json;
  params: Json;
  currency: string;
  balanceBeforeMinor: string;
  balanceAfterMinor: string;
  nonce: number;
  commitment: string;
  clientSeed: string;
  createdAt: string;
  finishedAt: string | null;
}

export function roundView(row: RoundRow, pair: { commitment: string; client_seed: string }): RoundView {
  return {
    roundId: row.id.toString(),
    gameId: row.game_id,
    engineId: row.engine_id,
    mode: row.mode,
    status: row.status,
    stakeMinor: row.stake.toString(),
    stakedMinor: row.staked.toString(),
    payoutMinor: row.payout.toString(),
    allowed: row.allowed as string[],
    view: row.view as Json,
    params: row.params as Json,
    currency: row.currency,
    balanceBeforeMinor: row.balance_before.toString(),
    balanceAfterMinor: row.balance_after.toString(),
    nonce: row.nonce,
    commitment: pair.commitment,
    clientSeed: pair.client_seed,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

/** Replays a round from its seeds: the same call the verifier makes. */
export function replayRound(
  game: InHouseGame,
  round: { params: Json; stakeMinor: bigint; actions: readonly Json[] },
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
): RoundState {
  const random = new FairRandom(new FairByteStream(seeds));
  return game.play(round.params, round.stakeMinor, round.actions, random);
}

/** The kind of a decision: the action itself when a string, else its `type` (or `kind`) field. */
export function actionKind(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null) {
    const fields = action as Record<string, unknown>;
    if (typeof fields.type === 'string') return fields.type;
    if (typeof fields.kind === 'string') return fields.kind;
  }
  return null;
}
