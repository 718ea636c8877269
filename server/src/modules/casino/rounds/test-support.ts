/**
 * The worlds of the instant-round bonus tests (issue 20 Speed, docs/bonuses.md §4): an app on a fresh
 * database whose casino either plays wagering players' instant rounds through the one-call path (the
 * bonus wallet's `instant`) or is forced through the full transaction (the same wallet without it),
 * counting rounds planned, full-path stakes and fresh bonus reads; the campaigns the scenarios use;
 * and players holding one of them with a fixed server seed.
 */
import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { type BonusTestApp, bonusTestApp, newKey, newPlayer } from '../../bonuses/test-support.ts';
import { createCasinoCatalogue } from '../catalogue/catalogue-service.ts';
import type { BonusWallet } from './bonus-wallet.ts';
import { createRoundsContext, playerOwner, type RoundsContext } from './context.ts';
import type { RoundView } from './round-view.ts';
import { type StartRoundRequest, startRound } from './start-round.ts';

export const DICE_ID = 1001;
export const FUNDS = 100_000n;

export interface World {
  t: BonusTestApp;
  ctx: RoundsContext;
  /** Rounds written with a bonus plan by the one-call path, and rounds of the full path's coverStake. */
  planned: number;
  fullPath: number;
  /** Reads of the bonus state after the call answered it stale. */
  freshReads: number;
}

export async function world(oneCall: boolean): Promise<World> {
  const t = await bonusTestApp();
  const catalogue = createCasinoCatalogue(t.deps);
  const wallet = t.bonuses.casinoWallet;
  const w: World = {
    t,
    ctx: undefined as unknown as RoundsContext,
    planned: 0,
    fullPath: 0,
    freshReads: 0,
  };
  const counted: BonusWallet = {
    coverStake: (input, trx) => {
      w.fullPath += 1;
      return wallet.coverStake(input, trx);
    },
    roundFinished: (input, trx) => wallet.roundFinished(input, trx),
    engaged: (userId) => wallet.engaged(userId),
    ...(oneCall
      ? {
          instant: async (userId: bigint, fresh?: boolean) => {
            if (fresh) w.freshReads += 1;
            const planner = await wallet.instant!(userId, fresh);
            return (
              planner && {
                plan: async (round) => {
                  const plan = await planner.plan(round);
                  return (
                    plan && {
                      ...plan,
                      committed: () => {
                        w.planned += 1;
                        plan.committed();
                      },
                    }
                  );
                },
              }
            );
          },
        }
      : {}),
  };
  w.ctx = createRoundsContext({
    db: t.db,
    clock: t.clock,
    ledger: t.ledger,
    limits: t.limits,
    siteConfig: t.siteConfig,
    games: catalogue.games,
    bonus: counted,
  });
  return w;
}

export const campaigns = {
  // Completes after five rounds of 1000 at 100 %; converts at most 300.
  capped: { amount: 5000n, multiple: 1, maxConversion: 300n, maxBet: 0n },
  // Little bonus money against a long requirement: paid out, it ends depleted.
  depleting: { amount: 1500n, multiple: 10, maxConversion: 0n, maxBet: 0n },
  // A maximum bet of 2000 while wagering.
  maxBet: { amount: 10_000n, multiple: 5, maxConversion: 0n, maxBet: 2000n },
  // Plenty of bonus money: every stake of the parallel rounds is paid from it.
  parallel: { amount: 50_000n, multiple: 10, maxConversion: 0n, maxBet: 0n },
} as const;

export type CampaignName = keyof typeof campaigns;

export async function createCampaigns(t: BonusTestApp) {
  for (const [name, c] of Object.entries(campaigns)) {
    await t.bonuses.createCampaign(
      {
        code: `instant-${name.toLowerCase()}`,
        category: 'casino',
        trigger: 'promo_code',
        title: { ru: name, en: name },
        terms: { ru: 'Условия', en: 'Terms' },
        reward: { kind: 'fixed', amountMinor: c.amount.toString() },
        wagering: {
          multiple: c.multiple,
          basis: 'bonus',
          expiryDays: 7,
          maxConversionMinor: c.maxConversion.toString(),
          maxBetMinor: c.maxBet.toString(),
        },
      },
      [{ code: `INSTANT${name.toUpperCase()}` }],
    );
  }
}

/** A funded player with the campaign's bonus and a seed pair from a fixed server seed (same draws in both worlds). */
export async function bonusPlayer(w: World, name: CampaignName, seedNo: number) {
  const p = await newPlayer(w.t);
  await w.t.ledger.move({
    idempotencyKey: `instant-fund:${p.userId}`,
    reason: 'deposit',
    currency: 'RUB',
    from: { system: 'provider' },
    to: p.accountId,
    amountMinor: FUNDS,
    userId: p.userId,
  });
  const claimed = await p.client.post(
    '/web-api/bonuses/v1/promo/claim',
    { code: `INSTANT${name.toUpperCase()}` },
    { 'idempotency-key': newKey() },
  );
  expect(claimed.statusCode).toBe(200);
  const serverSeed = `${seedNo}`.padStart(64, 'a');
  await w.t.db
    .insertInto('casino_seed_pairs')
    .values({
      owner_key: `u:${p.userId}`,
      server_seed: serverSeed,
      commitment: commitment(serverSeed),
      client_seed: `client-${seedNo}`,
      created_at: w.t.clock.now(),
      revealed_at: null,
    })
    .execute();
  return p;
}

export function dice(stake: bigint, target: number): StartRoundRequest {
  return {
    gameId: DICE_ID,
    mode: 'real',
    stakeMinor: stake.toString(),
    params: { direction: 'under', target },
  };
}

export async function play(w: World, userId: bigint, request: StartRoundRequest, key = newKey()) {
  try {
    return await startRound(w.ctx, playerOwner(userId), key, request);
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** The answer without the round's id (drawn differently by the two paths). */
export function answerOf(a: RoundView | string) {
  if (typeof a === 'string') return a;
  const { roundId: _id, ...rest } = a;
  return rest;
}

/** One world of the one-call path with the campaigns, for a test file's tests (closed after them). */
export function setUpOneCallWorld(): () => World {
  let oneCall: World | undefined;
  beforeAll(async () => {
    oneCall = await world(true);
    await createCampaigns(oneCall.t);
  });
  afterAll(async () => {
    await oneCall?.t.close();
  });
  return () => {
    if (!oneCall) throw new Error('the world is not set up yet');
    return oneCall;
  };
}
