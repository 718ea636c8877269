/**
 * Crash test of the deposit bonuses: six first deposits wait for the bonus job; a child grants
 * their 100 % match one transaction each and is killed with SIGKILL inside the fourth grant's
 * transaction, right before its commit. Three grants survive whole (bonus row, transfer, event
 * marked), the fourth left nothing; a second run grants the rest. Each player then holds exactly
 * one bonus and one grant transfer, every event is processed once, and the ledger check is clean.
 * PGlite on disk, or PostgreSQL with DATABASE_URL.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../testing/crash-harness.ts';
import { Ledger } from '../accounts/index.ts';
import { bareBonusService } from './test-support.ts';

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'crash-child.ts'));
const PLAYERS = 6;
const NOW = new Date('2026-06-04T12:00:00Z');

describe('deposit bonuses survive SIGKILL', () => {
  it('keeps the committed grants, loses the killed one whole, and the rerun grants each deposit once', async () => {
    const prepared = await prepare('bonuses');
    const { database } = prepared;
    let handle = prepared.handle;
    const clock = new ManualClock(NOW);
    const ledger = new Ledger(handle.db, clock);
    const userIds = Array.from({ length: PLAYERS }, (_, k) => BigInt(9100 + k));
    await fundPlayers(ledger, userIds, 10_000n, 'bonus-crash-fund:');
    const bonuses = bareBonusService(handle.db, clock);
    await bonuses.createCampaign({
      code: 'crash-welcome',
      category: 'first_deposit',
      trigger: 'first_deposit',
      title: { ru: '100 %', en: '100 %' },
      reward: { kind: 'match', percentBp: 10_000, capMinor: '100000' },
      wagering: { multiple: 10 },
    });
    // The deposits as the payments hook records them (player k deposited (k + 1) × 10.00).
    await handle.db
      .insertInto('bonus_deposit_events')
      .values(
        userIds.map((userId, k) => ({
          payment_id: BigInt(70_000 + k),
          user_id: userId,
          currency: 'RUB',
          amount_minor: BigInt((k + 1) * 1_000),
          deposit_no: 1,
          created_at: NOW,
        })),
      )
      .execute();
    await handle.close();

    const env = { ...database.env('BONUSES'), BONUSES_NOW_MS: String(NOW.getTime()) };
    const killed = runChild({ ...env, BONUSES_MODE: 'grant' }, true);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.lines).toEqual(['granted 1', 'granted 2', 'granted 3', 'gate grant']);

    handle = await database.open();
    const between = await handle.db.selectFrom('bonus_player_bonuses').select('user_id').execute();
    expect(between.map((r) => r.user_id).sort()).toEqual(userIds.slice(0, 3));
    const processedBetween = await handle.db
      .selectFrom('bonus_deposit_events')
      .select('payment_id')
      .where('processed_at', 'is not', null)
      .execute();
    expect(processedBetween).toHaveLength(3);
    await handle.close();

    const resumed = runChild({ ...env, BONUSES_MODE: 'resume' }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual([`resumed ${PLAYERS - 3}`]);

    handle = await database.open();
    const db = handle.db;
    const rows = await db
      .selectFrom('bonus_player_bonuses')
      .select(['user_id', 'amount_minor', 'status'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual(
      userIds.map((userId, k) => ({
        user_id: userId,
        amount_minor: BigInt((k + 1) * 1_000),
        status: 'active',
      })),
    );
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select('user_id')
      .where('reason', '=', 'bonus_grant')
      .execute();
    expect(transfers.map((t) => t.user_id).sort()).toEqual(userIds);
    const events = await db.selectFrom('bonus_deposit_events').select(['outcome', 'processed_at']).execute();
    expect(
      events.every((e) => e.processed_at !== null && /^crash-welcome:granted:\d+$/.test(e.outcome ?? '')),
    ).toBe(true);
    const after = new Ledger(db, new ManualClock(NOW));
    for (const [k, userId] of userIds.entries()) {
      const bonus = (await after.balances(userId)).find((a) => a.type === 4);
      expect(bonus?.moneyMinor).toBe(BigInt((k + 1) * 1_000));
    }
    expect((await after.check()).differences).toEqual([]);
    await handle.close();
  }, 600_000);
});
