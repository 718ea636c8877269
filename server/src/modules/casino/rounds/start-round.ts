/**
 * POST /rounds: opens a round of an in-house game for a player (real money) or a demo session, and
 * plays it as far as it goes without a decision (an instant game finishes in this call). The round,
 * its first step, the stake and any payout (ledger transfers through the seamless wallet), the
 * limits' count and the Idempotency-Key answer commit in one transaction. A replayed key answers
 * the first answer, even while that one still runs: it waits on the owner's seed pair row, which
 * the first holds.
 *
 * Errors: CASINO_GAME_NOT_FOUND (404), CASINO_DEMO_ONLY / CASINO_REAL_ONLY (422),
 * CASINO_STAKE_OUT_OF_RANGE / CASINO_STAKE_PRECISION (422), CASINO_RULE (422), CASINO_ROUND_OPEN (409),
 * CASINO_MIN_ROUND_INTERVAL (429, details.retryAfterSeconds), CASINO_IDEMPOTENCY_MISMATCH (422),
 * INSUFFICIENT_FUNDS (409), ACCOUNT_NOT_FOUND, ACCOUNT_FROZEN, LIMIT_* (403); a free spin's own
 * refusals are listed in free-spin-round.ts.
 */
import type { InHouseGame, Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { DeferredSession } from '../../auth/index.ts';
import { type Owner, playerOwner, type RoundsContext } from './context.ts';
import { activePair } from './fairness.ts';
import { startFreeSpinRound } from './free-spin-round.ts';
import { type CasinoGameEntry, DEMO_CURRENCY, stakeLimitOf } from './game-lookup.ts';
import { type InstantChecks, startInstantRound } from './instant-round.ts';
import { type Jurisdiction, jurisdictionOf } from './jurisdiction.ts';
import { demoBalance, demoPurse, type Purse, realPurse } from './purse.ts';
import {
  applyState,
  findAnswer,
  requestHash,
  saveAnswer,
  stateOf,
  underRules,
  viewOf,
} from './round-steps.ts';
import type { RoundView } from './round-view.ts';
import type { WalletPlayer } from './seamless-wallet.ts';
import { rememberRoundAccount } from './tell-finished.ts';

export interface StartRoundRequest {
  gameId: number;
  mode: 'real' | 'demo';
  /** The stake as sent: a string of minor units (more decimals than the currency has: refused). */
  stakeMinor: string;
  params: unknown;
  /** Plays one free spin of this bonus of the player's (free-spin-round.ts) instead of a paid round. */
  freeSpinBonusId?: string | null;
}

/** The engine of a catalogue game offered in this mode. */
export async function playableGame(
  ctx: RoundsContext,
  gameId: number,
  mode: 'real' | 'demo',
): Promise<{ entry: CasinoGameEntry; game: InHouseGame }> {
  const entry = await ctx.games.game(gameId);
  const game = entry?.engineId ? ctx.engine(entry.engineId) : undefined;
  if (!entry || !game) throw new AppError('CASINO_GAME_NOT_FOUND', undefined, { gameId });
  if (mode === 'real' && !entry.real) throw new AppError('CASINO_DEMO_ONLY', undefined, { gameId });
  if (mode === 'demo' && !entry.demo) throw new AppError('CASINO_REAL_ONLY', undefined, { gameId });
  return { entry, game };
}

/** The stake in minor units, checked against the game's and the jurisdiction's limits. */
async function checkedStake(
  ctx: RoundsContext,
  entry: CasinoGameEntry,
  text: string,
  currency: string,
): Promise<bigint> {
  return stakeOf(entry, text, currency, await jurisdictionOf(ctx.siteConfig, entry, currency));
}

/** checkedStake with the game's jurisdiction settings in this currency already read. */
function stakeOf(entry: CasinoGameEntry, text: string, currency: string, settings: Jurisdiction): bigint {
  if (!/^\d+$/.test(text)) {
    throw new AppError('CASINO_STAKE_PRECISION', 'The stake is a whole number of minor units', {
      stakeMinor: text,
    });
  }
  if (text.length > 16) {
    throw new AppError('CASINO_STAKE_OUT_OF_RANGE', undefined, { stakeMinor: text });
  }
  const stake = BigInt(text);
  const limit = stakeLimitOf(entry, currency);
  if (!limit)
    throw new AppError('CASINO_STAKE_OUT_OF_RANGE', `The game is not played in ${currency}`, { currency });
  const jurisdictionMax = settings.maxStakeMinor === null ? null : BigInt(settings.maxStakeMinor);
  const max =
    jurisdictionMax !== null && jurisdictionMax < limit.maxStakeMinor ? jurisdictionMax : limit.maxStakeMinor;
  if (stake < limit.minStakeMinor || stake > max) {
    throw new AppError('CASINO_STAKE_OUT_OF_RANGE', undefined, {
      currency,
      minStakeMinor: limit.minStakeMinor.toString(),
      maxStakeMinor: max.toString(),
    });
  }
  if (stake % limit.stepMinor !== 0n) {
    throw new AppError('CASINO_STAKE_PRECISION', undefined, { stepMinor: limit.stepMinor.toString() });
  }
  return stake;
}

/** The player's active account: where real rounds take and pay money. */
export async function activeAccount(ctx: RoundsContext, userId: bigint): Promise<WalletPlayer> {
  const view = await ctx.ledger.accounts(userId);
  const account = view.activeAccount ?? view.mainAccount;
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND');
  if (account.isFrozen) throw new AppError('ACCOUNT_FROZEN');
  return { userId, accountId: account.id, currency: account.iso };
}

/** The request's hash under its Idempotency-Key. */
function startHash(request: StartRoundRequest): string {
  return requestHash([
    'start',
    request.gameId,
    request.mode,
    request.stakeMinor,
    request.params ?? null,
    // Only a free spin's request adds its bonus, so the hashes of paid rounds stay as they were.
    ...(request.freeSpinBonusId ? [{ freeSpinBonusId: request.freeSpinBonusId }] : []),
  ]);
}

function instantChecks(ctx: RoundsContext, request: StartRoundRequest): InstantChecks {
  return {
    game: () => playableGame(ctx, request.gameId, request.mode),
    stake: (entry, currency, settings) => stakeOf(entry, request.stakeMinor, currency, settings),
  };
}

/**
 * POST /rounds of real money for a request whose session the route deferred (auth's deferSession):
 * an instant round checks it inside its own statements (instant-round.ts, auth_session_check), so
 * it is one database statement in all; any other round (a decisions game, a free spin, a bonus or
 * limits the full path decides) checks it first by the ordinary read. Answers the round and its
 * owner, made from the checked user only.
 */
export async function startRoundOfSession(
  ctx: RoundsContext,
  session: DeferredSession,
  idempotencyKey: string,
  request: StartRoundRequest,
): Promise<{ round: RoundView; owner: Owner }> {
  if (request.mode === 'real' && !request.freeSpinBonusId) {
    // The token's user (not checked yet): the statements are built for it and check it first.
    const claimedUserId = BigInt(session.checkArgs.user_id);
    const instant = await startInstantRound(ctx, {
      userId: claimedUserId,
      ownerKey: playerOwner(claimedUserId).key,
      idempotencyKey,
      hash: startHash(request),
      request,
      checks: instantChecks(ctx, request),
      session,
    });
    if (instant) {
      const owner = playerOwner(BigInt(session.checked().userId));
      if (owner.kind === 'player') await markPlayed(ctx, owner.userId, instant.gameId);
      return { round: instant, owner };
    }
    const owner = playerOwner(BigInt((await session.require()).userId));
    return { round: await startRound(ctx, owner, idempotencyKey, request, { instantTried: true }), owner };
  }
  const owner = playerOwner(BigInt((await session.require()).userId));
  return { round: await startRound(ctx, owner, idempotencyKey, request), owner };
}

export async function startRound(
  ctx: RoundsContext,
  owner: Owner,
  idempotencyKey: string,
  request: StartRoundRequest,
  /** instantTried: the instant path already answered null for this request (startRoundOfSession). */
  options: { instantTried?: boolean } = {},
): Promise<RoundView> {
  if ((request.mode === 'real') !== (owner.kind === 'player')) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Real-money rounds are for the signed-in player, demo rounds for the demo session',
    );
  }
  const hash = startHash(request);
  const freeSpinBonusId = request.freeSpinBonusId;
  if (freeSpinBonusId) {
    if (owner.kind !== 'player')
      throw new AppError('VALIDATION_FAILED', 'Free spins are played by the signed-in player in real mode');
    const replayed = await findAnswer(ctx.db, owner.key, idempotencyKey, hash);
    if (replayed) return replayed;
    const playable = await playableGame(ctx, request.gameId, 'real');
    const player = await activeAccount(ctx, owner.userId);
    const answer = await startFreeSpinRound(ctx, owner, {
      idempotencyKey,
      hash,
      request: { ...request, freeSpinBonusId },
      player,
      playable,
      assertMayOpen: (trx, minRoundMs) => assertMayOpen(trx, ctx, owner, request.gameId, 'real', minRoundMs),
    });
    await markPlayed(ctx, owner.userId, request.gameId);
    return answer;
  }
  if (owner.kind === 'player' && !options.instantTried) {
    // An instant game's round in one database call (instant-round.ts); null: the full path below.
    const instant = await startInstantRound(ctx, {
      userId: owner.userId,
      ownerKey: owner.key,
      idempotencyKey,
      hash,
      request,
      checks: instantChecks(ctx, request),
    });
    if (instant) {
      await markPlayed(ctx, owner.userId, instant.gameId);
      return instant;
    }
  }
  const replayed = await findAnswer(ctx.db, owner.key, idempotencyKey, hash);
  if (replayed) return replayed;
  const { entry, game } = await playableGame(ctx, request.gameId, request.mode);
  const player = owner.kind === 'player' ? await activeAccount(ctx, owner.userId) : null;
  const currency = player?.currency ?? DEMO_CURRENCY;
  const stake = await checkedStake(ctx, entry, request.stakeMinor, currency);
  const params = underRules(() => game.parseParams(request.params ?? game.defaultParams)) as Json;
  const settings = await jurisdictionOf(ctx.siteConfig, entry, currency);
  const answer = await ctx.ledger.transaction(async (trx) => {
    const pair = await activePair(trx, ctx.clock, owner.key, true);
    const again = await findAnswer(trx, owner.key, idempotencyKey, hash);
    if (again) return again;
    await assertMayOpen(trx, ctx, owner, entry.gameId, request.mode, settings.minRoundMs);
    const now = ctx.clock.now();
    const purse: Purse =
      owner.kind === 'player'
        ? realPurse(ctx, trx, player!, game.id)
        : demoPurse(trx, now, owner.demoId, currency);
    if (owner.kind === 'demo') await demoBalance(trx, now, owner.demoId, true);
    const round = await trx
      .insertInto('casino_rounds')
      .values({
        owner_key: owner.key,
        mode: request.mode,
        user_id: player?.userId ?? null,
        account_id: player?.accountId ?? null,
        currency,
        game_id: entry.gameId,
        engine_id: game.id,
        seed_pair_id: pair.id,
        nonce: pair.next_nonce,
        params: JSON.stringify(params),
        stake,
        actions: '[]',
        status: 'open',
        staked: stake,
        allowed: '[]',
        view: 'null',
        balance_before: 0n,
        balance_after: 0n,
        created_at: now,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('casino_seed_pairs')
      .set({ next_nonce: pair.next_nonce + 1 })
      .where('id', '=', pair.id)
      .execute();
    const state = stateOf(game, round, [], pair);
    const updated = await applyState(trx, {
      round,
      state,
      action: null,
      purse,
      now,
      firstStep: true,
      stepN: 0,
    });
    const answer = viewOf(updated, pair);
    await saveAnswer(trx, { ownerKey: owner.key, key: idempotencyKey, hash, roundId: round.id, answer, now });
    if (player) rememberRoundAccount(answer, player.accountId);
    return answer;
  });
  if (owner.kind === 'player') await markPlayed(ctx, owner.userId, entry.gameId);
  return answer;
}

/**
 * The recently played list is a convenience: the round stands whether or not it is updated. A
 * player's rounds of the game they played last (told by this context, within RECENT_REMARK_MS) do not
 * write it again: the game is on top of their list already.
 */
const RECENT_REMARK_MS = 60_000;
async function markPlayed(ctx: RoundsContext, userId: bigint, gameId: number): Promise<void> {
  if (!ctx.played) return;
  const nowMs = ctx.clock.nowMs();
  const lastMarked = ctx.lastPlayed;
  const last = lastMarked.get(userId);
  if (last && last.gameId === gameId && nowMs - last.atMs < RECENT_REMARK_MS && nowMs >= last.atMs) return;
  if (lastMarked.size >= 100_000) lastMarked.clear();
  await ctx.played(userId, gameId).then(
    () => lastMarked.set(userId, { gameId, atMs: nowMs }),
    () => undefined,
  );
}

/** A second open round in the game, or one started sooner than the jurisdiction's minimum round time. */
async function assertMayOpen(
  trx: Kysely<Database>,
  ctx: RoundsContext,
  owner: Owner,
  gameId: number,
  mode: 'real' | 'demo',
  minRoundMs: number,
): Promise<void> {
  const open = await trx
    .selectFrom('casino_rounds')
    .select('id')
    .where('owner_key', '=', owner.key)
    .where('game_id', '=', gameId)
    .where('mode', '=', mode)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) throw new AppError('CASINO_ROUND_OPEN', undefined, { roundId: `${open.id}` });
  if (minRoundMs <= 0) return;
  const last = await trx
    .selectFrom('casino_rounds')
    .select('created_at')
    .where('owner_key', '=', owner.key)
    .where('game_id', '=', gameId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return;
  const waitMs = last.created_at.getTime() + minRoundMs - ctx.clock.nowMs();
  if (waitMs > 0) {
    throw new AppError('CASINO_MIN_ROUND_INTERVAL', undefined, {
      retryAfterMs: waitMs,
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
}
