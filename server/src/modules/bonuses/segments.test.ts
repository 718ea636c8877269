/**
 * Player segments (segments.ts, migration 0250) as campaign conditions: a campaign naming a segment
 * is refused to players outside it (BONUS_NOT_ELIGIBLE, reason segment) and granted to members,
 * by opt-in and by a schedule campaign's worker pass; `parlay bonuses segment-add|segment-remove|
 * segments` fill and show them, refusing bad names and unknown players with nothing written. The
 * ledger check runs after every test.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { runBonusesCommand } from './bonuses-command.ts';
import { type BonusTestApp, newKey, newPlayer, setUpBonusTestApp } from './test-support.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

const HOUR = 3_600_000;

async function command(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  const code = await runBonusesCommand(t.bonuses, args, out);
  return { code, lines };
}

const optIn = (userId: bigint, campaignCode: string) =>
  t.bonuses.optIn({ userId, currency: 'RUB', country: null, idempotencyKey: newKey(), campaignCode }).then(
    (row) => row?.status ?? 'nothing',
    (e: unknown) => (e instanceof AppError ? `${e.code}:${(e.details as { reason?: string })?.reason}` : e),
  );

describe('player segments in campaign conditions', () => {
  it('an opt-in campaign for a segment is granted to its members only', async () => {
    await t.bonuses.createCampaign({
      code: 'vip-reload',
      category: 'bonuses',
      trigger: 'opt_in',
      title: { ru: 'Бонус VIP', en: 'VIP reload' },
      conditions: { segments: ['vip', 'high-roller'] },
      reward: { kind: 'fixed', amountMinor: '50000' },
      wagering: { multiple: 0 },
      limits: { perPlayer: 1 },
    });
    const [member, outsider, viaFile] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];

    expect(await optIn(member.userId, 'vip-reload')).toBe('BONUS_NOT_ELIGIBLE:segment');
    const added = await command('segment-add', 'vip', member.userId.toString());
    expect(added).toEqual({ code: 0, lines: ['segment vip: 1 added, 0 already in it'] });
    // A CRM export of ids: spaces, commas and new lines; a member listed again is counted as such.
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'segment-')), 'ids.txt');
    await writeFile(file, `${viaFile.userId},\n${member.userId}\n`);
    expect(await command('segment-add', 'high-roller', `@${file}`)).toEqual({
      code: 0,
      lines: ['segment high-roller: 2 added, 0 already in it'],
    });
    expect(await command('segment-add', 'vip', member.userId.toString())).toEqual({
      code: 0,
      lines: ['segment vip: 0 added, 1 already in it'],
    });

    // Wagering ×0: granted and converted at once.
    expect(await optIn(member.userId, 'vip-reload')).toBe('completed');
    expect(await optIn(viaFile.userId, 'vip-reload')).toBe('completed');
    expect(await optIn(outsider.userId, 'vip-reload')).toBe('BONUS_NOT_ELIGIBLE:segment');
    expect((await command('segments')).lines).toEqual(['high-roller\t2', 'vip\t1']);
    expect((await command('segments', 'high-roller')).lines).toEqual(
      [member.userId, viaFile.userId].sort((a, b) => (a < b ? -1 : 1)).map(String),
    );

    // Taken out: a second campaign for the segment refuses the player.
    expect(
      await command('segment-remove', 'vip', member.userId.toString(), outsider.userId.toString()),
    ).toEqual({ code: 0, lines: ['segment vip: 1 removed'] });
    await t.bonuses.createCampaign({
      code: 'vip-only-2',
      category: 'bonuses',
      trigger: 'opt_in',
      title: { ru: 'Бонус VIP 2', en: 'VIP 2' },
      conditions: { segments: ['vip'] },
      reward: { kind: 'fixed', amountMinor: '100' },
      wagering: { multiple: 0 },
    });
    expect(await optIn(member.userId, 'vip-only-2')).toBe('BONUS_NOT_ELIGIBLE:segment');
  });

  it('a schedule campaign for a segment grants its members in the worker pass', async () => {
    const [a, b, c] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    expect((await command('segment-add', 'weekend', a.userId.toString(), c.userId.toString())).code).toBe(0);
    await t.bonuses.createCampaign({
      code: 'weekend-gift',
      category: 'bonuses',
      trigger: 'schedule',
      title: { ru: 'Подарок', en: 'Gift' },
      conditions: { segments: ['weekend'] },
      reward: { kind: 'fixed', amountMinor: '1000' },
      wagering: { multiple: 0 },
      limits: { perPlayer: 5 },
      schedule: { at: [new Date(t.clock.nowMs() + HOUR).toISOString()] },
    });
    t.clock.advance(2 * HOUR);
    await Promise.all([
      t.bonuses.processSchedules({ pageSize: 2 }),
      t.bonuses.processSchedules({ pageSize: 3 }),
    ]);
    await t.bonuses.processSchedules();
    const granted = await t.db
      .selectFrom('bonus_player_bonuses')
      .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_player_bonuses.campaign_id')
      .select('bonus_player_bonuses.user_id')
      .where('bonus_campaigns.code', '=', 'weekend-gift')
      .orderBy('bonus_player_bonuses.user_id')
      .execute();
    expect(granted.map((r) => r.user_id)).toEqual([a.userId, c.userId]);
    expect(granted.map((r) => r.user_id)).not.toContain(b.userId);
  });

  it('bad names and unknown players are refused, with nothing written', async () => {
    const p = await newPlayer(t);
    expect(await command('segment-add', 'Bad Name', p.userId.toString())).toMatchObject({ code: 1 });
    expect((await command('segment-add', 'Bad Name', p.userId.toString())).lines[0]).toMatch(
      /^BONUS_SEGMENT_INVALID/,
    );
    const unknown = await command('segment-add', 'ghosts', p.userId.toString(), '999999999');
    expect(unknown.code).toBe(1);
    expect(unknown.lines[0]).toMatch(/^BONUS_SEGMENT_INVALID: no such player .*999999999/);
    expect(await command('segment-add', 'ghosts', 'abc')).toEqual({
      code: 1,
      lines: ['BONUS_SEGMENT_INVALID: user ids are whole numbers'],
    });
    expect(await t.bonuses.segmentMembers('ghosts')).toEqual([]);
    expect((await command('segment-add', 'ghosts')).code).toBe(1);
  });
});
