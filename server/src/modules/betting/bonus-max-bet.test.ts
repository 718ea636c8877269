/**
 * A player wagering a money bonus places through the batched path (place-in-batch.ts) like any
 * other, and the bonus's maximum bet still holds there: the context's checkBatchedStake (installed
 * by hookBonuses) refuses a stake above it with BONUS_MAX_BET before the batch call, and nothing is
 * written or moved. A grant seen after the player was remembered as holding no bonus, and a bonus
 * that ends, take effect at the next placement. The ledger's invariants are checked after every test.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { type BonusService, createBonusService, hookBonuses } from '../bonuses/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { placeCoupon } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  setUpBettingTestApp,
} from './test-support.ts';

let t: BettingTestApp;
let bonuses: BonusService;
let nextCampaign = 1;
/** Placements written by betting_place_batch (the batched path's write call). */
let batchedWrites = 0;

setUpBettingTestApp(async (app) => {
  t = app;
  bonuses = createBonusService(app.deps, {
    ledger: app.ledger,
    siteConfig: new SiteConfigService(app.db, app.deps.bus, app.clock),
    checks: app.limits,
  });
  hookBonuses(bonuses, { settlement: app.ctx });
  const submit = app.ctx.batches.place.submit.bind(app.ctx.batches.place);
  app.ctx.batches.place.submit = async (item) => {
    const status = await submit(item);
    if (status === 'placed') batchedWrites += 1;
    return status;
  };
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

/** Places a single through the context hooked above: its status, or the refusal's error code. */
async function bet(p: Player, outcomeId: bigint, amountMinor: bigint): Promise<string> {
  try {
    const answer = await placeCoupon(t.ctx, p.userId, newKey(), {
      typeId: 0,
      systemValue: 0,
      amountMinor,
      amountByOutcomeId: new Map(),
      accountId: p.accountId,
      bets: [{ outcomeId, seenOddsMilli: 2000, isBanker: false }],
      changeCoefAction: 2,
      exactCoefMilli: null,
      promoCode: null,
    });
    return answer.status;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/** Grants the player a 1,000.00 money bonus (wagering ×30) whose maximum bet is maxBetMinor. */
async function grantBonus(p: Player, maxBetMinor: bigint): Promise<bigint> {
  const code = `max-bet-${nextCampaign++}`;
  await bonuses.createCampaign({
    code,
    category: 'bukmaker',
    trigger: 'opt_in',
    title: { ru: 'Бонус', en: 'Bonus' },
    reward: { kind: 'fixed', amountMinor: '100000' },
    wagering: { multiple: 30, maxBetMinor: maxBetMinor.toString(), expiryDays: 7 },
    limits: { perPlayer: 1 },
  });
  const row = await bonuses.optIn({
    userId: p.userId,
    currency: 'RUB',
    country: null,
    idempotencyKey: newKey(),
    campaignCode: code,
  });
  expect(row).toMatchObject({ kind: 'money', status: 'active', max_bet_minor: maxBetMinor });
  return row!.id;
}

const betsOf = async (p: Player) =>
  Number(
    (
      await t.db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', p.userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the maximum bet while wagering, on the batched placement path', () => {
  it('places at the maximum in the batch, refuses above it with nothing written, in parallel too', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    await grantBonus(p, 5_000n);
    const g = await createGame(t, [2000, 1800]);
    const before = batchedWrites;

    expect(await bet(p, g.outcomeIds[0]!, 5_000n)).toBe('accepted');
    expect(batchedWrites).toBe(before + 1);

    const tooBig = await placeCoupon(t.ctx, p.userId, newKey(), {
      typeId: 0,
      systemValue: 0,
      amountMinor: 5_001n,
      amountByOutcomeId: new Map(),
      accountId: p.accountId,
      bets: [{ outcomeId: g.outcomeIds[0]!, seenOddsMilli: 2000, isBanker: false }],
      changeCoefAction: 2,
      exactCoefMilli: null,
      promoCode: null,
    }).catch((err: unknown) => err);
    expect(tooBig).toBeInstanceOf(AppError);
    expect(tooBig).toMatchObject({ code: 'BONUS_MAX_BET', status: 409, details: { maxBetMinor: '5000' } });
    expect(await betsOf(p)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(1_000_000n - 5_000n);

    // Eight at once, half of them above the maximum: the four below are placed together, the
    // others refused; the balance moves by the placed stakes only.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => bet(p, g.outcomeIds[i % 2]!, i < 4 ? 4_000n : 6_000n)),
    );
    expect(answers).toEqual([...Array(4).fill('accepted'), ...Array(4).fill('BONUS_MAX_BET')]);
    expect(batchedWrites).toBe(before + 5);
    expect(await betsOf(p)).toBe(5);
    expect(await balanceOf(t, p.accountId)).toBe(1_000_000n - 5_000n - 4n * 4_000n);
  });

  it('a grant after a placement without a bonus applies to the next one; a bonus that ends stops applying', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [2000, 1800]);
    // No bonus yet: any stake, and the player is remembered as holding none.
    expect(await bet(p, g.outcomeIds[0]!, 20_000n)).toBe('accepted');
    const bonusId = await grantBonus(p, 10_000n);
    expect(await bet(p, g.outcomeIds[0]!, 20_000n)).toBe('BONUS_MAX_BET');

    // The player gives the bonus up: the next stake above the old maximum is taken.
    await bonuses.forfeit(p.userId, bonusId);
    expect(await bet(p, g.outcomeIds[0]!, 20_000n)).toBe('accepted');
    expect(await betsOf(p)).toBe(2);
  });

  it('a player with no maximum (0) places any stake in the batch', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    await grantBonus(p, 0n);
    const g = await createGame(t, [2000, 1800]);
    const before = batchedWrites;
    expect(await bet(p, g.outcomeIds[0]!, 500_000n)).toBe('accepted');
    expect(batchedWrites).toBe(before + 1);
  });
});
