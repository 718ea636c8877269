/**
 * Schedule campaigns over the app (PGlite, ManualClock): the definition's schedule is validated,
 * two occurrences are granted by replayed and parallel worker passes (two bonus services over the
 * same database stand for two worker processes) exactly once per eligible player per occurrence,
 * within the budget and the per-player limit; a fast-check property over random player sets,
 * budgets, page sizes and replays. The ledger check runs after every test.
 */

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCampaign } from '@parlay/domain/bonus/campaign.ts';
import { latestDue, nextOccurrence, parseSchedule } from '@parlay/domain/bonus/schedule.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BonusService } from './bonus-service.ts';
import { runBonusesCommand } from './bonuses-command.ts';
import { createBonusService } from './index.ts';
import { scheduleGrantKey } from './schedule-bonuses.ts';
import { type BonusTestApp, newPlayer, setUpBonusTestApp } from './test-support.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

const HOUR = 3_600_000;
const AMOUNT = 100_00n;

/** A worker process of its own: its own service, with the test's self-exclusion and marketing answers. */
function worker(excluded: Set<bigint>, noMarketing: Set<bigint>): BonusService {
  return createBonusService(t.deps, {
    ledger: t.ledger,
    siteConfig: t.siteConfig,
    checks: {
      isSelfExcluded: async (u) => excluded.has(u),
      marketingAllowed: async (u) => !noMarketing.has(u),
    },
  });
}

function scheduleCampaign(code: string, extra: { countries: string[]; budget: bigint | null; at: Date[] }) {
  return {
    code,
    category: 'bonuses',
    trigger: 'schedule',
    title: { ru: 'Подарок по расписанию', en: 'Scheduled gift' },
    conditions: { countries: extra.countries },
    reward: { kind: 'fixed', amountMinor: AMOUNT.toString() },
    wagering: { multiple: 0 },
    limits: { perPlayer: 10, budgetMinor: extra.budget === null ? null : extra.budget.toString() },
    schedule: { at: extra.at.map((d) => d.toISOString()) },
  };
}

async function grantsOf(campaignCode: string) {
  const rows = await t.db
    .selectFrom('bonus_player_bonuses')
    .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_player_bonuses.campaign_id')
    .select(['bonus_player_bonuses.user_id', 'bonus_player_bonuses.grant_key', 'bonus_player_bonuses.status'])
    .where('bonus_campaigns.code', '=', campaignCode)
    .execute();
  return rows.map((r) => ({ userId: BigInt(r.user_id), key: r.grant_key, status: r.status }));
}

async function setCountry(userId: bigint, country: string) {
  await t.db.updateTable('users').set({ country_code: country }).where('id', '=', Number(userId)).execute();
}

describe('the schedule of a campaign', () => {
  it('is required for trigger schedule and checked', () => {
    const base = scheduleCampaign('sched-check', { countries: [], budget: null, at: [new Date()] });
    expect(parseCampaign(base).ok).toBe(true);
    const missing = parseCampaign({ ...base, schedule: undefined });
    expect(missing.ok ? [] : missing.problems.map((p) => p.path)).toContain('schedule');
    const bad = parseCampaign({
      ...base,
      schedule: { daily: ['25:00'], weekly: [{ day: 8, time: '10:00' }], at: ['soon'] },
    });
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['schedule.daily.0', 'schedule.weekly.0.day', 'schedule.at.0']),
    );
    const match = parseCampaign({ ...base, reward: { kind: 'match', percentBp: 10_000, capMinor: '100' } });
    expect(match.ok ? [] : match.problems.map((p) => p.path)).toContain('reward.kind');
    const other = parseCampaign({ ...base, trigger: 'opt_in' });
    expect(other.ok ? [] : other.problems.map((p) => p.path)).toContain('schedule');
  });

  it('daily and weekly times come in order (UTC, ISO weekdays)', () => {
    const s = parseSchedule({ daily: ['09:00'], weekly: [{ day: 5, time: '18:30' }] }, () => {
      throw new Error('valid');
    });
    // 2026-06-01 is a Monday.
    const monday = Date.parse('2026-06-01T12:00:00Z');
    expect(new Date(nextOccurrence(s, monday)!).toISOString()).toBe('2026-06-02T09:00:00.000Z');
    const weekly = parseSchedule({ weekly: [{ day: 5, time: '18:30' }] }, () => {});
    expect(new Date(nextOccurrence(weekly, monday)!).toISOString()).toBe('2026-06-05T18:30:00.000Z');
    // Missed occurrences collapse into the latest.
    expect(new Date(latestDue(s, monday, monday + 3 * 24 * HOUR)!).toISOString()).toBe(
      '2026-06-04T09:00:00.000Z',
    );
    expect(latestDue(s, monday, monday + HOUR)).toBeNull();
  });

  it('parlay bonuses create accepts a schedule campaign (docs/bonuses.md example)', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'sched-')), 'friday.json');
    await writeFile(
      file,
      JSON.stringify({
        code: 'friday-free-bet',
        category: 'bukmaker',
        trigger: 'schedule',
        title: { ru: 'Фрибет по пятницам', en: 'Friday free bet' },
        conditions: { countries: ['xq'], currencies: ['RUB'] },
        reward: { kind: 'free_bet', amountMinor: '20000' },
        limits: { perPlayer: 52, budgetMinor: '100000000' },
        schedule: { weekly: [{ day: 5, time: '18:00' }] },
      }),
    );
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await runBonusesCommand(t.bonuses, ['create', file], out)).toBe(0);
    expect((await t.bonuses.campaign('friday-free-bet')).definition.schedule?.weekly).toEqual([
      { day: 5, minute: 18 * 60 },
    ]);
    await t.bonuses.setStatus('friday-free-bet', 'paused');
  });

  it('the stored definition keeps its schedule', async () => {
    const c = await t.bonuses.createCampaign({
      ...scheduleCampaign('sched-stored', { countries: ['xz'], budget: null, at: [] }),
      schedule: { daily: ['21:30'], weekly: [{ day: 7, time: '00:05' }] },
    });
    expect(c.definition.schedule).toMatchObject({ daily: [21 * 60 + 30], weekly: [{ day: 7, minute: 5 }] });
    await t.bonuses.setStatus('sched-stored', 'paused');
  });
});

describe('schedule grants by the workers', () => {
  it('two occurrences, replayed and parallel passes: each eligible player once per occurrence, within the budget', async () => {
    const players = [];
    for (let i = 0; i < 7; i++) players.push(await newPlayer(t));
    const [a, b, excluded, noMarketing, foreign, c, d] = players.map((p) => p.userId) as bigint[];
    for (const u of [a, b, excluded, noMarketing, c, d]) await setCountry(u!, 'xa');
    await setCountry(foreign!, 'xy');
    const now = t.clock.nowMs();
    const first = new Date(now + HOUR);
    const second = new Date(now + 25 * HOUR);
    // 4 eligible players × 2 occurrences = 8 grants, the budget covers 7.
    const campaign = await t.bonuses.createCampaign(
      scheduleCampaign('sched-gift', { countries: ['xa'], budget: AMOUNT * 7n, at: [first, second] }),
    );
    const ex = new Set([excluded!]);
    const nm = new Set([noMarketing!]);
    const w1 = worker(ex, nm);
    const w2 = worker(ex, nm);

    // Not yet due.
    await w1.processSchedules();
    expect(await grantsOf('sched-gift')).toEqual([]);

    t.clock.advance(HOUR);
    await Promise.all([w1.processSchedules({ pageSize: 2 }), w2.processSchedules({ pageSize: 2 })]);
    await Promise.all([w1.processSchedules({ pageSize: 2 }), w2.processSchedules({ pageSize: 3 })]);
    await w1.processSchedules({ pageSize: 1 });
    let grants = await grantsOf('sched-gift');
    expect(grants.map((g) => g.userId).sort()).toEqual([a, b, c, d].sort());
    expect(grants.map((g) => g.key).sort()).toEqual(
      [a, b, c, d].map((u) => scheduleGrantKey(campaign.id, first, u!)).sort(),
    );
    // No wagering: the bonus became real money at once.
    expect(grants.every((g) => g.status === 'completed')).toBe(true);

    t.clock.advance(24 * HOUR);
    await Promise.all([w1.processSchedules({ pageSize: 2 }), w2.processSchedules({ pageSize: 2 })]);
    await Promise.all([w1.processSchedules(), w2.processSchedules()]);
    grants = await grantsOf('sched-gift');
    expect(grants).toHaveLength(7);
    const second_ = grants.filter((g) => g.key.includes(second.toISOString()));
    expect(second_).toHaveLength(3);
    expect(new Set(second_.map((g) => g.userId)).size).toBe(3);

    const row = await t.db
      .selectFrom('bonus_campaigns')
      .select(['spent_minor', 'granted_count'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(row.spent_minor)).toBe(AMOUNT * 7n);
    expect(row.granted_count).toBe(7);
    const runs = await t.db
      .selectFrom('bonus_schedule_runs')
      .select(['occurrence_at', 'outcome'])
      .where('campaign_id', '=', campaign.id)
      .orderBy('occurrence_at')
      .execute();
    expect(runs.map((r) => r.outcome)).toEqual(['done', 'budget']);

    // A later pass (the app's own worker job) grants nothing more: no occurrence is left.
    t.clock.advance(48 * HOUR);
    await t.bonuses.runJobs();
    expect(await grantsOf('sched-gift')).toHaveLength(7);
    await t.bonuses.setStatus('sched-gift', 'paused');
  });

  it('property: any players, budget, page size and replays grant each eligible player at most once per occurrence', async () => {
    const pool: bigint[] = [];
    for (let i = 0; i < 6; i++) pool.push((await newPlayer(t)).userId);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('xb', 'xc', 'xd'), { minLength: 6, maxLength: 6 }),
        fc.subarray(['xb', 'xc', 'xd'], { minLength: 1 }),
        fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        async (countries, allowed, budgetUnits, pageSize, replays, parallel) => {
          run++;
          for (const [i, u] of pool.entries()) await setCountry(u, countries[i]!);
          const code = `sched-prop-${run}`;
          const at = [new Date(t.clock.nowMs() + HOUR), new Date(t.clock.nowMs() + 2 * HOUR)];
          const budget = budgetUnits === null ? null : AMOUNT * BigInt(budgetUnits);
          const campaign = await t.bonuses.createCampaign(
            scheduleCampaign(code, { countries: allowed, budget, at }),
          );
          const w1 = worker(new Set(), new Set());
          const w2 = worker(new Set(), new Set());
          for (const _ of at) {
            t.clock.advance(HOUR);
            for (let r = 0; r < replays; r++) {
              if (parallel)
                await Promise.all([w1.processSchedules({ pageSize }), w2.processSchedules({ pageSize })]);
              else await w1.processSchedules({ pageSize });
            }
            // Enough passes to finish the occurrence whatever the page size.
            for (let r = 0; r < 3; r++) await w1.processSchedules({ pageSize });
          }
          const eligible = pool.filter((_, i) => allowed.includes(countries[i]!));
          const grants = await grantsOf(code);
          const keys = grants.map((g) => g.key);
          expect(new Set(keys).size).toBe(keys.length);
          for (const g of grants) expect(eligible).toContain(g.userId);
          const possible = eligible.length * at.length;
          const expected = budgetUnits === null ? possible : Math.min(possible, budgetUnits);
          expect(grants).toHaveLength(expected);
          for (const occ of at) {
            const users = grants.filter((g) => g.key.includes(occ.toISOString())).map((g) => g.userId);
            expect(new Set(users).size).toBe(users.length);
          }
          const row = await t.db
            .selectFrom('bonus_campaigns')
            .select('spent_minor')
            .where('id', '=', campaign.id)
            .executeTakeFirstOrThrow();
          expect(BigInt(row.spent_minor)).toBe(AMOUNT * BigInt(expected));
          if (budget !== null) expect(BigInt(row.spent_minor) <= budget).toBe(true);
          expect((await t.ledger.check()).differences).toEqual([]);
          await t.bonuses.setStatus(code, 'paused');
        },
      ),
      { numRuns: 8, seed: 2026 },
    );
  });
});
