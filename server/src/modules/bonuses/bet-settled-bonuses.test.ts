/**
 * The bet_settled trigger over the app (PGlite, ManualClock): settlements through hookBonuses (as
 * app.ts wires betting) record each settled bet once while a bet_settled campaign runs; the worker
 * passes (two at once, then a replay) grant each qualifying campaign once per bet and within the
 * per-player limit; odds, stake, result, void, cash-out and the campaign's window refuse; a
 * rolled-back settlement records nothing. The ledger check runs after every test.
 */
import { describe, expect, it } from 'vitest';
import { hookBonuses } from './index.ts';
import { type BonusTestApp, balanceOf, newPlayer, setUpBonusTestApp } from './test-support.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

type Settled = {
  betId: bigint;
  stakeMinor: bigint;
  payoutMinor: bigint;
  coefMilli: bigint;
  cashedOutStakeMinor?: bigint;
};

/** Betting's settlement hooks as app.ts hands them to hookBonuses. */
function bettingHooks() {
  const betting = {
    settlementHooks: {
      recordSettlement: async (_trx: unknown, _outcome: unknown) => {},
      releaseStake: async () => {},
    },
  };
  hookBonuses(t.bonuses, { settlement: betting as never });
  return (userId: bigint, bet: Settled, fail = false) =>
    t.ledger.transaction(async (trx) => {
      await betting.settlementHooks.recordSettlement(
        trx as never,
        {
          userId,
          currency: 'RUB',
          cashedOutStakeMinor: 0n,
          ...bet,
        } as never,
      );
      if (fail) throw new Error('the settlement failed after the hook');
    });
}

async function grants(code: string) {
  return t.db
    .selectFrom('bonus_player_bonuses')
    .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_player_bonuses.campaign_id')
    .select([
      'bonus_player_bonuses.user_id',
      'bonus_player_bonuses.grant_key',
      'bonus_player_bonuses.kind',
      'bonus_player_bonuses.amount_minor',
    ])
    .where('bonus_campaigns.code', '=', code)
    .orderBy('bonus_player_bonuses.id')
    .execute();
}

let nextBet = 70_000_000n;
const betId = () => nextBet++;

describe('bet_settled campaigns', () => {
  it('grants each qualifying campaign once per bet, within the per-player limit', async () => {
    const settle = bettingHooks();
    const free = await t.bonuses.createCampaign({
      code: 'odds-hunter',
      category: 'bukmaker',
      trigger: 'bet_settled',
      title: { ru: 'Ставка на коэффициент от 2.00', en: 'Bet at 2.00 or more' },
      conditions: { minStakeMinor: '10000' },
      reward: { kind: 'free_bet', amountMinor: '50000' },
      wagering: { multiple: 0, minOddsMilli: 2000 },
      limits: { perPlayer: 1 },
    });
    const refund = await t.bonuses.createCampaign({
      code: 'lost-refund',
      category: 'bukmaker',
      trigger: 'bet_settled',
      title: { ru: 'Возврат проигранной ставки', en: 'Lost bet refund' },
      conditions: { betResult: 'lost' },
      reward: { kind: 'match', percentBp: 5000, capMinor: '20000' },
      // No wagering: each refund converts at once, so a second one is not refused as a second
      // active money bonus.
      wagering: { multiple: 0, minOddsMilli: 1500 },
      limits: { perPlayer: 2 },
    });
    const p = await newPlayer(t);
    const q = await newPlayer(t);
    const lostLow = betId(); // 1.60, lost: refund only (odds below 2.00)
    const wonHigh = betId(); // 2.50, won: free bet only
    const lostHigh = betId(); // 3.00, lost: refund (2nd); free bet's per-player limit reached
    const voided = betId(); // paid its stake back: nothing
    const cashed = betId(); // cashed out: nothing
    const small = betId(); // q, 2.20, stake 50.00 < 100.00, lost: refund only
    await settle(p.userId, { betId: lostLow, stakeMinor: 100_00n, payoutMinor: 0n, coefMilli: 1600n });
    // Resettled (a correction): recorded once, with the first result.
    await settle(p.userId, { betId: lostLow, stakeMinor: 100_00n, payoutMinor: 160_00n, coefMilli: 1600n });
    await settle(p.userId, { betId: wonHigh, stakeMinor: 200_00n, payoutMinor: 500_00n, coefMilli: 2500n });
    await settle(p.userId, { betId: lostHigh, stakeMinor: 600_00n, payoutMinor: 0n, coefMilli: 3000n });
    await settle(p.userId, { betId: voided, stakeMinor: 100_00n, payoutMinor: 100_00n, coefMilli: 2500n });
    await settle(p.userId, {
      betId: cashed,
      stakeMinor: 100_00n,
      payoutMinor: 0n,
      coefMilli: 2500n,
      cashedOutStakeMinor: 100_00n,
    });
    await settle(q.userId, { betId: small, stakeMinor: 50_00n, payoutMinor: 0n, coefMilli: 2200n });
    // A settlement that rolls back after the hook leaves no record.
    const rolledBack = betId();
    await expect(
      settle(q.userId, { betId: rolledBack, stakeMinor: 100_00n, payoutMinor: 0n, coefMilli: 2500n }, true),
    ).rejects.toThrow('the settlement failed');

    // Two workers at once, then a replay.
    await Promise.all([t.bonuses.processBetEvents(2), t.bonuses.processBetEvents(3)]);
    await Promise.all([t.bonuses.runJobs(), t.bonuses.runJobs()]);
    await t.bonuses.runJobs();

    expect(await grants('odds-hunter')).toEqual([
      { user_id: p.userId, grant_key: `bet:${free.id}:${wonHigh}`, kind: 'free_bet', amount_minor: 500_00n },
    ]);
    // 50 % of the stake up to 200.00: 50.00, 200.00 (capped from 300.00), and q's 25.00.
    expect(await grants('lost-refund')).toEqual([
      { user_id: p.userId, grant_key: `bet:${refund.id}:${lostLow}`, kind: 'money', amount_minor: 50_00n },
      { user_id: p.userId, grant_key: `bet:${refund.id}:${lostHigh}`, kind: 'money', amount_minor: 200_00n },
      { user_id: q.userId, grant_key: `bet:${refund.id}:${small}`, kind: 'money', amount_minor: 25_00n },
    ]);
    const events = await t.db
      .selectFrom('bonus_bet_events')
      .select(['bet_id', 'payout_minor', 'outcome', 'processed_at'])
      .orderBy('bet_id')
      .execute();
    expect(events.map((e) => e.bet_id)).toEqual([lostLow, wonHigh, lostHigh, voided, cashed, small]);
    expect(events.every((e) => e.processed_at !== null)).toBe(true);
    expect(events[0]!.payout_minor).toBe(0n);
    const outcome = (id: bigint) => events.find((e) => e.bet_id === id)!.outcome;
    expect(outcome(lostLow)).toMatch(/odds-hunter:odds .*lost-refund:granted:/);
    expect(outcome(lostHigh)).toMatch(/^odds-hunter:BONUS_\w+ lost-refund:granted:/);
    expect(outcome(voided)).toBe('odds-hunter:void lost-refund:void');
    expect(outcome(cashed)).toBe('odds-hunter:cashed_out lost-refund:cashed_out');
    expect(outcome(small)).toMatch(/^odds-hunter:stake lost-refund:granted:/);
    // Converted at once: q's refund is real money.
    expect(await balanceOf(t, q.userId, 0)).toBe(25_00n);
    await t.bonuses.setStatus('odds-hunter', 'paused');
    await t.bonuses.setStatus('lost-refund', 'paused');
  });

  it('a bet settled before a campaign existed does not trigger it; none runs, nothing is recorded', async () => {
    const settle = bettingHooks();
    await t.bonuses.createCampaign({
      code: 'first-runner',
      category: 'bukmaker',
      trigger: 'bet_settled',
      title: { ru: 'Первая', en: 'First' },
      reward: { kind: 'points', points: '100' },
      wagering: { multiple: 0 },
    });
    const p = await newPlayer(t);
    const early = betId();
    await settle(p.userId, { betId: early, stakeMinor: 100_00n, payoutMinor: 0n, coefMilli: 2000n });
    t.clock.advance(60_000);
    const later = await t.bonuses.createCampaign({
      code: 'later-runner',
      category: 'bukmaker',
      trigger: 'bet_settled',
      title: { ru: 'Вторая', en: 'Second' },
      reward: { kind: 'fixed', amountMinor: '1000' },
      wagering: { multiple: 0 },
    });
    await t.bonuses.runJobs();
    const [event] = await t.db
      .selectFrom('bonus_bet_events')
      .select('outcome')
      .where('bet_id', '=', early)
      .execute();
    expect(event!.outcome).toBe('first-runner:points later-runner:window');
    expect(await grants('later-runner')).toEqual([]);
    expect(later.status).toBe('active');

    // With every bet_settled campaign paused, a settlement records nothing.
    await t.bonuses.setStatus('first-runner', 'paused');
    await t.bonuses.setStatus('later-runner', 'paused');
    const quiet = betId();
    await settle(p.userId, { betId: quiet, stakeMinor: 100_00n, payoutMinor: 0n, coefMilli: 2000n });
    expect(
      await t.db.selectFrom('bonus_bet_events').select('bet_id').where('bet_id', '=', quiet).execute(),
    ).toEqual([]);
  });
});
