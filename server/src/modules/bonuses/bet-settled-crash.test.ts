/**
 * Crash test of the bet_settled grants: six recorded lost bets (one per player) wait for the bonus
 * job; a child grants their refund one transaction each and is killed with SIGKILL inside the fourth
 * grant's transaction, right before its commit. Three grants survive whole (bonus row, transfer,
 * event marked), the fourth left nothing. Then a crash between a grant's commit and its event's mark
 * is made by granting the fifth bet's key directly, as the job would have. A second run processes the
 * rest: each player holds exactly one refund and one grant transfer, every event is marked once, and
 * the ledger check is clean. PGlite on disk, or PostgreSQL with DATABASE_URL.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../testing/crash-harness.ts';
import { Ledger } from '../accounts/index.ts';
import { grantBonus } from './player-bonuses.ts';
import { bareBonusService } from './test-support.ts';

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'crash-child.ts'));
const PLAYERS = 6;
const NOW = new Date('2026-06-05T12:00:00Z');

describe('bet_settled grants survive SIGKILL', () => {
  it('keeps the committed grants, loses the killed one whole, and the rerun grants each bet once', async () => {
    const prepared = await prepare('bonuses');
    const { database } = prepared;
    let handle = prepared.handle;
    const clock = new ManualClock(NOW);
    const ledger = new Ledger(handle.db, clock);
    const userIds = Array.from({ length: PLAYERS }, (_, k) => BigInt(9200 + k));
    await fundPlayers(ledger, userIds, 10_000n, 'bet-crash-fund:');
    const bonuses = bareBonusService(handle.db, clock);
    const campaign = await bonuses.createCampaign({
      code: 'crash-refund',
      category: 'bukmaker',
      trigger: 'bet_settled',
      title: { ru: 'Возврат', en: 'Refund' },
      conditions: { betResult: 'lost' },
      reward: { kind: 'match', percentBp: 5000, capMinor: '100000' },
      wagering: { multiple: 0 },
      limits: { perPlayer: 1 },
    });
    clock.advance(60_000);
    // The settled bets as betting's settlement hook records them (player k lost (k + 1) × 10.00).
    const betIds = userIds.map((_, k) => BigInt(80_000 + k));
    await handle.db
      .insertInto('bonus_bet_events')
      .values(
        userIds.map((userId, k) => ({
          bet_id: betIds[k]!,
          user_id: userId,
          currency: 'RUB',
          stake_minor: BigInt((k + 1) * 1_000),
          payout_minor: 0n,
          coef_milli: 2000,
          settled_at: clock.now(),
        })),
      )
      .execute();
    await handle.close();

    const env = { ...database.env('BONUSES'), BONUSES_NOW_MS: String(clock.nowMs()), BONUSES_JOB: 'bets' };
    const killed = runChild({ ...env, BONUSES_MODE: 'grant' }, true);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.lines).toEqual(['granted 1', 'granted 2', 'granted 3', 'gate grant']);

    handle = await database.open();
    const between = await handle.db.selectFrom('bonus_player_bonuses').select('user_id').execute();
    expect(between.map((r) => r.user_id).sort()).toEqual(userIds.slice(0, 3));
    const marked = await handle.db
      .selectFrom('bonus_bet_events')
      .select('bet_id')
      .where('processed_at', 'is not', null)
      .execute();
    expect(marked.map((r) => r.bet_id).sort()).toEqual(betIds.slice(0, 3));
    // A crash after the fifth bet's grant committed and before its event was marked: the grant is
    // there, the event still waits.
    const again = bareBonusService(handle.db, clock);
    const fifth = await again.ctx.db
      .selectFrom('bonus_bet_events')
      .selectAll()
      .where('bet_id', '=', betIds[4]!)
      .executeTakeFirstOrThrow();
    await grantBonus(again.ctx, {
      campaign: await again.campaign('crash-refund'),
      userId: fifth.user_id,
      currency: 'RUB',
      country: null,
      source: 'bet_settled',
      grantKey: `bet:${campaign.id}:${fifth.bet_id}`,
      depositMinor: fifth.stake_minor,
      explicit: false,
    });
    await handle.close();

    const resumed = runChild({ ...env, BONUSES_MODE: 'resume' }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual([`resumed ${PLAYERS - 3}`]);

    handle = await database.open();
    const db = handle.db;
    const rows = await db
      .selectFrom('bonus_player_bonuses')
      .select(['user_id', 'amount_minor', 'grant_key'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual(
      userIds.map((userId, k) => ({
        user_id: userId,
        amount_minor: BigInt(((k + 1) * 1_000) / 2),
        grant_key: `bet:${campaign.id}:${betIds[k]}`,
      })),
    );
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select('user_id')
      .where('reason', '=', 'bonus_grant')
      .execute();
    expect(transfers.map((t) => t.user_id).sort()).toEqual(userIds);
    const events = await db.selectFrom('bonus_bet_events').select(['outcome', 'processed_at']).execute();
    expect(
      events.every((e) => e.processed_at !== null && /^crash-refund:granted:\d+$/.test(e.outcome ?? '')),
    ).toBe(true);
    // Converted at once (no wagering): each refund is real money, paid once.
    const after = new Ledger(db, new ManualClock(NOW));
    for (const [k, userId] of userIds.entries()) {
      const real = (await after.balances(userId)).find((a) => a.type !== 4);
      expect(real?.moneyMinor).toBe(10_000n + BigInt(((k + 1) * 1_000) / 2));
    }
    expect((await after.check()).differences).toEqual([]);
    await handle.close();
  }, 600_000);
});
