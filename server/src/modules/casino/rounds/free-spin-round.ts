/**
 * Free spins played in the casino (issue 20): POST /rounds with `freeSpinBonusId` plays one spin of
 * the player's free spins bonus, and GET /free-spins lists the player's spins on a game.
 *
 * A free spin is a real-mode round of an instant game the campaign names, at the campaign's spin
 * stake, played by the same fair engine (the owner's seed pair and its next nonce). The player's own
 * money is not touched: no stake is debited and no payout goes to the real account; the round's
 * payout is the spin's win, which the bonus engine pays house → bonus account as bonus money with
 * its own wagering (BonusWallet.freeSpins.played, spin reference = the round id). The bonus row is
 * locked, checked, the round written, the spin used and its win paid in ONE transaction with the
 * Idempotency-Key's answer, so a replay answers the same round and a spin is never paid twice; on
 * any refusal nothing is written. Self-exclusion and time-out refuse a spin (limits.casinoRound with
 * a stake of 0: nothing counts against the wager and loss limits).
 *
 * Errors: VALIDATION_FAILED (demo mode), CASINO_GAME_NOT_FOUND (404), CASINO_DEMO_ONLY (422),
 * CASINO_FREE_SPIN_GAME_MISMATCH (422: a game the campaign does not name, or one with decisions),
 * CASINO_FREE_SPIN_STAKE_MISMATCH (422: stakeMinor other than the spin stake), BONUS_NOT_FOUND (404:
 * not the player's free spins), BONUS_NOT_ACTIVE (409, details.reason: ended, 'expired', 'no_spins'),
 * BONUS_NOT_ELIGIBLE (403, reason 'currency': the active account is in another currency),
 * CASINO_ROUND_OPEN, CASINO_MIN_ROUND_INTERVAL, CASINO_IDEMPOTENCY_MISMATCH, ACCOUNT_*, LIMIT_*.
 */
import type { InHouseGame, Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { FreeSpinGrant } from './bonus-wallet.ts';
import type { Owner, RoundsContext } from './context.ts';
import { activePair } from './fairness.ts';
import type { CasinoGameEntry } from './game-lookup.ts';
import { jurisdictionOf } from './jurisdiction.ts';
import type { Purse } from './purse.ts';
import { applyState, findAnswer, saveAnswer, stateOf, underRules, viewOf } from './round-steps.ts';
import type { RoundView } from './round-view.ts';

/** What a free spin round answers besides the round: the bonus, its spins left and the win paid. */
export interface FreeSpinView {
  bonusId: string;
  spinsLeft: number;
  winMinor: string;
}

export type FreeSpinRoundView = RoundView & { freeSpin: FreeSpinView };

/** The game page's offer: the player's free spins playable on this game. */
export interface FreeSpinOffer {
  bonusId: string;
  spinsLeft: number;
  stakeMinor: string;
  currency: string;
  expiresAt: string;
}

/** Whether a campaign's game names include this game (its slug, its numeric id or its engine id). */
export function namesGame(names: readonly string[], entry: CasinoGameEntry, slug: string | null): boolean {
  return names.some(
    (name) =>
      name === String(entry.gameId) ||
      (slug !== null && name === slug) ||
      (entry.engineId !== null && name === entry.engineId),
  );
}

async function slugOf(db: Kysely<Database>, gameId: number): Promise<string | null> {
  const row = await db.selectFrom('casino_games').select('slug').where('id', '=', gameId).executeTakeFirst();
  return row?.slug ?? null;
}

/** The player's free spins on a game (none without a bonus engine or for a game not named). */
export async function freeSpinsOnGame(
  ctx: RoundsContext,
  userId: bigint,
  gameId: number,
): Promise<FreeSpinOffer[]> {
  const port = ctx.bonus.freeSpins;
  if (!port) return [];
  const entry = await ctx.games.game(gameId);
  const game = entry?.engineId ? ctx.engine(entry.engineId) : undefined;
  if (!entry || !game || !entry.real || game.kind !== 'instant') return [];
  const [spins, slug] = await Promise.all([port.list(userId), slugOf(ctx.db, gameId)]);
  return spins
    .filter((spin) => namesGame(spin.games, entry, slug))
    .map((spin) => ({
      bonusId: spin.bonusId.toString(),
      spinsLeft: spin.spinsLeft,
      stakeMinor: spin.stakeMinor.toString(),
      currency: spin.currency,
      expiresAt: spin.expiresAt.toISOString(),
    }));
}

/** A purse that moves no money of the player's: the stake is the bonus's, the win goes to the bonus. */
function freeSpinPurse(
  ctx: RoundsContext,
  trx: Kysely<Database>,
  player: { userId: bigint; accountId: bigint; currency: string },
  bonusId: bigint,
  spent: { spinsLeft: number | null },
): Purse {
  const balance = async () => (await ctx.wallet.balance(player, trx)).balanceMinor;
  return {
    currency: player.currency,
    balance,
    async stake(roundId) {
      // Self-exclusion and time-out refuse the spin; a stake of 0 counts nothing against the limits.
      await ctx.limits.casinoRound(
        { userId: player.userId, currency: player.currency, stakeMinor: 0n, roundId: `${roundId}` },
        trx as Transaction<Database>,
      );
      return balance();
    },
    async finish(roundId, _staked, payoutMinor) {
      const after = await ctx.bonus.freeSpins!.played(
        { userId: player.userId, bonusId, spinRef: `${roundId}`, winMinor: payoutMinor },
        trx,
      );
      spent.spinsLeft = after.spinsLeft;
      return balance();
    },
  };
}

export async function startFreeSpinRound(
  ctx: RoundsContext,
  owner: Owner,
  input: {
    idempotencyKey: string;
    hash: string;
    request: { stakeMinor: string; params: unknown; freeSpinBonusId: string };
    player: { userId: bigint; accountId: bigint; currency: string };
    playable: { entry: CasinoGameEntry; game: InHouseGame };
    assertMayOpen: (trx: Kysely<Database>, minRoundMs: number) => Promise<void>;
  },
): Promise<RoundView> {
  const { idempotencyKey, hash, request, player } = input;
  const { entry, game } = input.playable;
  const port = ctx.bonus.freeSpins;
  if (!port) throw new AppError('BONUS_NOT_FOUND');
  const bonusId = BigInt(input.request.freeSpinBonusId);
  const params = underRules(() => game.parseParams(request.params ?? game.defaultParams)) as Json;
  const [settings, slug] = await Promise.all([
    jurisdictionOf(ctx.siteConfig, entry, player.currency),
    slugOf(ctx.db, entry.gameId),
  ]);
  return ctx.ledger.transaction(async (trx) => {
    const pair = await activePair(trx, ctx.clock, owner.key, true);
    const again = await findAnswer(trx, owner.key, idempotencyKey, hash);
    if (again) return again;
    const spin: FreeSpinGrant = await port.take({ userId: player.userId, bonusId }, trx);
    if (game.kind !== 'instant' || !namesGame(spin.games, entry, slug))
      throw new AppError('CASINO_FREE_SPIN_GAME_MISMATCH', undefined, {
        gameId: entry.gameId,
        games: [...spin.games],
      });
    if (spin.currency !== player.currency)
      throw new AppError('BONUS_NOT_ELIGIBLE', 'The free spins are in another currency', {
        reason: 'currency',
        currency: spin.currency,
      });
    if (request.stakeMinor !== spin.stakeMinor.toString())
      throw new AppError('CASINO_FREE_SPIN_STAKE_MISMATCH', undefined, {
        stakeMinor: spin.stakeMinor.toString(),
      });
    await input.assertMayOpen(trx, settings.minRoundMs);
    const now = ctx.clock.now();
    const round = await trx
      .insertInto('casino_rounds')
      .values({
        owner_key: owner.key,
        mode: 'real',
        user_id: player.userId,
        account_id: player.accountId,
        currency: player.currency,
        game_id: entry.gameId,
        engine_id: game.id,
        seed_pair_id: pair.id,
        nonce: pair.next_nonce,
        params: JSON.stringify(params),
        stake: spin.stakeMinor,
        actions: '[]',
        status: 'open',
        staked: spin.stakeMinor,
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
    // An instant game settles in one call; a round left open would let later steps move real money.
    if (!state.finished)
      throw new AppError('CASINO_FREE_SPIN_GAME_MISMATCH', undefined, { gameId: entry.gameId });
    const spent = { spinsLeft: null as number | null };
    const purse = freeSpinPurse(ctx, trx, player, bonusId, spent);
    const played = await applyState(trx, {
      round,
      state,
      action: null,
      purse,
      now,
      firstStep: true,
      stepN: 0,
    });
    // applyState counts a first stake as taken from the balance; a free spin took none of the player's.
    const updated = await trx
      .updateTable('casino_rounds')
      .set({ balance_before: played.balance_after })
      .where('id', '=', played.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const answer: FreeSpinRoundView = {
      ...viewOf(updated, pair),
      freeSpin: {
        bonusId: bonusId.toString(),
        spinsLeft: spent.spinsLeft ?? 0,
        winMinor: updated.payout.toString(),
      },
    };
    await saveAnswer(trx, { ownerKey: owner.key, key: idempotencyKey, hash, roundId: round.id, answer, now });
    return answer;
  });
}
