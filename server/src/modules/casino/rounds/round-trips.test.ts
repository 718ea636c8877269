/**
 * How many database statements a round costs (bench:casino): an instant round of a player without
 * limits goes through casino_round_instant (instant-round.ts) — one read (seed pair, key, round id
 * and the player's account) and one call, or the call alone when the process remembers the owner's
 * last round (migration 0350) — while the full path (a bonus wallet forces it here) runs a
 * transaction of some twenty statements. Both answer the same round and move the same money; the
 * ledger's invariants are checked after every test.
 */
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../accounts/index.ts';
import { createCasinoCatalogue } from '../catalogue/catalogue-service.ts';
import {
  balanceOf,
  type CasinoTestApp,
  DICE_ID,
  fundedPlayer,
  newKey,
  roundTransfers,
  setUpCasinoTestApp,
} from '../test-support.ts';
import { type BonusWallet, NO_BONUS_WALLET } from './bonus-wallet.ts';
import { createRoundsContext, playerOwner, type RoundsContext } from './context.ts';
import { rotatePair } from './fairness.ts';
import type { FinishedRound, RoundObserver } from './round-observer.ts';
import { startRound } from './start-round.ts';
import { tellFinished } from './tell-finished.ts';

let t: CasinoTestApp;
setUpCasinoTestApp((app) => {
  t = app;
});

/** Counts every statement executed through the database it is plugged into (BEGIN/COMMIT aside). */
function counter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery: (args) => args.node,
    async transformResult(args) {
      this.count += 1;
      return args.result;
    },
  };
}

/** A rounds context whose every statement (rounds, ledger, limits, catalogue) is counted. */
function countedContext(
  bonus: BonusWallet,
  finished?: RoundObserver,
): { ctx: RoundsContext; statements: () => number } {
  const plugin = counter();
  const db = t.db.withPlugin(plugin);
  const catalogue = createCasinoCatalogue({ ...t.deps, db: { ...t.deps.db, db } });
  const ctx = createRoundsContext({
    db,
    clock: t.clock,
    ledger: new Ledger(db, t.clock),
    limits: t.limits,
    siteConfig: t.siteConfig,
    games: catalogue.games,
    bonus,
    played: (userId, gameId) => catalogue.markPlayed(userId, gameId),
    ...(finished ? { finished } : {}),
  });
  return { ctx, statements: () => plugin.count };
}

const DICE_ROUND = {
  gameId: DICE_ID,
  mode: 'real' as const,
  stakeMinor: '1000',
  params: { direction: 'under', target: 5000 },
};

describe('database statements of an instant round', () => {
  it('plays a dice round in one statement after the owner’s last one here, the full path in a transaction of many', async () => {
    // A bonus wallet that covers nothing: the same money, but the full path.
    const fullBonus: BonusWallet = { ...NO_BONUS_WALLET };
    const fast = countedContext(NO_BONUS_WALLET);
    const full = countedContext(fullBonus);
    const p = await fundedPlayer(t, 100_000n);
    const owner = playerOwner(p.userId);
    // The first round creates the seed pair and marks the game played; measure the next ones.
    await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    await startRound(full.ctx, owner, newKey(), DICE_ROUND);
    // The full path moved the pair's nonce: what fast remembers is stale (the call answers so and
    // writes nothing), the round is read and played again.
    const beforeStale = fast.statements();
    const a0 = await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    expect(fast.statements() - beforeStale).toBe(3);

    const beforeFast = fast.statements();
    const a = await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    const fastCount = fast.statements() - beforeFast;
    const beforeFull = full.statements();
    const b = await startRound(full.ctx, owner, newKey(), DICE_ROUND);
    const fullCount = full.statements() - beforeFull;
    console.info(
      `statements per dice round: instant path ${fastCount}, full path ${fullCount} (+ BEGIN/COMMIT)`,
    );

    // casino_round_instant alone: pair, account and round id as the owner's last round here left
    // them; the catalogue's game comes from its cache.
    expect(fastCount).toBe(1);
    expect(fullCount).toBeGreaterThan(10);
    // Whole rounds: consecutive nonces, ids in the order played, their transfers, the balances.
    expect([a.nonce, b.nonce]).toEqual([a0.nonce + 1, a0.nonce + 2]);
    expect(BigInt(a0.roundId) < BigInt(a.roundId) && BigInt(a.roundId) < BigInt(b.roundId)).toBe(true);
    for (const round of [a, b]) {
      const win = BigInt(round.payoutMinor) > 0n;
      expect(await roundTransfers(t, round.roundId)).toEqual(
        win
          ? [`casino:${round.roundId}:stake casino_stake`, `casino:${round.roundId}:win casino_win`]
          : [`casino:${round.roundId}:stake casino_stake`],
      );
      expect(BigInt(round.balanceAfterMinor)).toBe(
        BigInt(round.balanceBeforeMinor) - 1000n + BigInt(round.payoutMinor),
      );
    }
    expect(a.balanceAfterMinor).toBe(b.balanceBeforeMinor);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(BigInt(b.balanceAfterMinor));
    // Each counted its stake and its result for the limits, as limits.casinoRound does.
    const usage = await t.db
      .selectFrom('limit_usage')
      .select(['kind', 'reference', 'amount_minor'])
      .where('user_id', '=', p.userId)
      .where('reference', 'in', [`casino:${a.roundId}`, `casino:${b.roundId}`])
      .orderBy('reference')
      .orderBy('kind')
      .execute();
    expect(usage.map((u) => [u.reference, u.kind, u.amount_minor])).toEqual(
      [a, b]
        .sort((x, y) => (`casino:${x.roundId}` < `casino:${y.roundId}` ? -1 : 1))
        .flatMap((r) => [
          [`casino:${r.roundId}`, 'loss', 1000n - BigInt(r.payoutMinor)],
          [`casino:${r.roundId}`, 'stake', 1000n],
        ]),
    );
    // A replay of the instant round answers the first answer: from the call, which finds the key
    // before it writes anything; the same key with another body is refused.
    const key = newKey();
    const first = await startRound(fast.ctx, owner, key, DICE_ROUND);
    const beforeReplay = fast.statements();
    expect(await startRound(fast.ctx, owner, key, DICE_ROUND)).toEqual(first);
    expect(fast.statements() - beforeReplay).toBeLessThanOrEqual(4);
    await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    await expect(
      startRound(fast.ctx, owner, key, { ...DICE_ROUND, stakeMinor: '2000' }),
    ).rejects.toMatchObject({
      code: 'CASINO_IDEMPOTENCY_MISMATCH',
    });
    // A replay whose checks would refuse it now (the jurisdiction's maximum stake lowered since)
    // still answers its first answer: refused while played from memory, then read and answered.
    await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    await t.siteConfig.set('casino.maxStakeMinorByCurrency', { RUB: '500' });
    try {
      expect(await startRound(fast.ctx, owner, key, DICE_ROUND)).toEqual(first);
      await expect(startRound(fast.ctx, owner, newKey(), DICE_ROUND)).rejects.toMatchObject({
        code: 'CASINO_STAKE_OUT_OF_RANGE',
      });
    } finally {
      await t.siteConfig.set('casino.maxStakeMinorByCurrency', {});
    }
  });

  it('plays from memory only what is still the owner’s: a rotated pair, concurrent rounds, ids in nonce order', async () => {
    const fast = countedContext(NO_BONUS_WALLET);
    const p = await fundedPlayer(t, 100_000n);
    const owner = playerOwner(p.userId);
    const first = await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    // A rotation (another process, the player's page) reveals the remembered pair: the call answers
    // 'stale' and the round is played on the new pair from its first nonce.
    const rotated = await rotatePair(t.db, t.clock, owner.key, null);
    const onNew = await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    expect(onNew.commitment).toBe(rotated.commitment);
    expect(onNew.commitment).not.toBe(first.commitment);
    expect(onNew.nonce).toBe(0);
    // Rounds of one owner at once in one process: each plays once, on its own nonce and round id.
    const together = await Promise.all(
      Array.from({ length: 4 }, () => startRound(fast.ctx, owner, newKey(), DICE_ROUND)),
    );
    const byNonce = [...together].sort((x, y) => x.nonce - y.nonce);
    expect(byNonce.map((r) => r.nonce)).toEqual([1, 2, 3, 4]);
    const ids = byNonce.map((r) => BigInt(r.roundId));
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
    const paid = together.reduce((sum, r) => sum - 1000n + BigInt(r.payoutMinor), 0n);
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(BigInt(onNew.balanceAfterMinor) + paid);
    // History lists them newest first, as played.
    const rows = await t.db
      .selectFrom('casino_rounds')
      .select(['id', 'nonce', 'seed_pair_id'])
      .where('owner_key', '=', owner.key)
      .orderBy('id', 'desc')
      .execute();
    expect(rows.map((r) => r.nonce)).toEqual([4, 3, 2, 1, 0, first.nonce]);
  });
});

describe('the account of an instant round (read with its seed pair)', () => {
  it('plays from the account the player made active, and refuses a frozen account with nothing moved', async () => {
    const fast = countedContext(NO_BONUS_WALLET);
    const p = await fundedPlayer(t, 100_000n);
    const owner = playerOwner(p.userId);
    const first = await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    expect(first.currency).toBe('RUB');
    // A USD account made active: the next rounds stake from it (as Ledger.accounts' activeAccount).
    const usd = await t.ledger.addCurrency(p.userId, 'USD');
    await t.ledger.setActiveAccount(p.userId, usd.id);
    await t.ledger.move({
      idempotencyKey: `fund:${usd.id}`,
      reason: 'deposit',
      currency: 'USD',
      from: { system: 'provider' },
      to: usd.id,
      amountMinor: 50_000n,
      userId: p.userId,
    });
    const rubBefore = await balanceOf(t, p.userId, p.accountId);
    const inUsd = await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    expect(inUsd.currency).toBe('USD');
    expect(await balanceOf(t, p.userId, usd.id)).toBe(50_000n - 1000n + BigInt(inUsd.payoutMinor));
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(rubBefore);
    // Frozen: refused before anything is written; a replayed key still answers its first answer.
    const replayKey = newKey();
    const answered = await startRound(fast.ctx, owner, replayKey, DICE_ROUND);
    await t.ledger.setFrozen(p.userId, true);
    await expect(startRound(fast.ctx, owner, newKey(), DICE_ROUND)).rejects.toMatchObject({
      code: 'ACCOUNT_FROZEN',
    });
    expect(await startRound(fast.ctx, owner, replayKey, DICE_ROUND)).toEqual(answered);
    expect(await balanceOf(t, p.userId, usd.id)).toBe(BigInt(answered.balanceAfterMinor));
  });
});

describe('telling the observer of a finished round', () => {
  it('tells the account of a round this process wrote without reading it back, and reads it for a replay', async () => {
    const told: FinishedRound[] = [];
    const fast = countedContext(NO_BONUS_WALLET, async (round) => {
      told.push(round);
    });
    const full = countedContext({ ...NO_BONUS_WALLET }, async (round) => {
      told.push(round);
    });
    const p = await fundedPlayer(t, 100_000n);
    const owner = playerOwner(p.userId);
    const log = { warn: () => {} };
    await startRound(fast.ctx, owner, newKey(), DICE_ROUND);
    const key = newKey();
    for (const { ctx, statements } of [fast, full]) {
      const round = await startRound(ctx, owner, ctx === fast.ctx ? key : newKey(), DICE_ROUND);
      const before = statements();
      await tellFinished(ctx, owner, round, log);
      expect(statements() - before).toBe(0);
    }
    // A replayed key answers the stored answer: its account is read from the round.
    const replayed = await startRound(fast.ctx, owner, key, DICE_ROUND);
    const before = fast.statements();
    await tellFinished(fast.ctx, owner, replayed, log);
    expect(fast.statements() - before).toBe(1);
    expect(told).toHaveLength(3);
    expect(told.map((r) => r.accountId)).toEqual([p.accountId, p.accountId, p.accountId]);
    expect(told[2]!.roundKey).toBe(told[0]!.roundKey);
    expect(new Set(told.map((r) => r.userId))).toEqual(new Set([p.userId]));
  });
});
