/** `parlay bonuses create|list|pause|resume|shop-add`: the operator's side of campaigns until the back office. */
import { readFile } from 'node:fs/promises';
import { AppError } from '../../platform/errors.ts';
import type { BonusService } from './bonus-service.ts';

export const BONUSES_USAGE = `  bonuses create <file.json>     create a campaign from JSON: {campaign: {...}, promoCodes?: [{code,
                                 maxUses?, endsAt?}]} or the campaign itself (docs/bonuses.md)
  bonuses list                   campaigns with status, trigger, granted count and budget spent
  bonuses pause <code>           stop granting a campaign (granted bonuses go on)
  bonuses resume <code>          grant it again
  bonuses shop-add <code> <points> <campaign>
                                 a rewards shop item spending points on a campaign's reward
  bonuses segment-add <segment> <userId…|@file>
                                 put players in a segment (campaign conditions.segments); @file
                                 reads user ids separated by spaces, commas or new lines
  bonuses segment-remove <segment> <userId…|@file>
                                 take players out of a segment
  bonuses segments [segment]     the segments with their sizes, or one segment's user ids`;

export async function runBonusesCommand(
  bonuses: BonusService,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, first, second, third] = args;
  try {
    if (action === 'create' && first) {
      const json = JSON.parse(await readFile(first, 'utf8')) as Record<string, unknown>;
      const hasWrapper = typeof json.campaign === 'object' && json.campaign !== null;
      const campaign = await bonuses.createCampaign(
        hasWrapper ? json.campaign : json,
        hasWrapper && Array.isArray(json.promoCodes) ? json.promoCodes : [],
      );
      out.log(`campaign ${campaign.definition.code} created (id ${campaign.id})`);
      return 0;
    }
    if (action === 'list') {
      for (const c of await bonuses.listCampaigns()) {
        const d = c.definition;
        const budget = d.limits.budgetMinor === null ? '-' : d.limits.budgetMinor.toString();
        out.log(
          `${d.code}\t${c.status}\t${d.trigger}\t${d.category}\tgranted ${c.grantedCount}\tspent ${c.spentMinor}/${budget}`,
        );
      }
      return 0;
    }
    if ((action === 'pause' || action === 'resume') && first) {
      const c = await bonuses.setStatus(first, action === 'pause' ? 'paused' : 'active');
      out.log(`campaign ${c.definition.code}: ${c.status}`);
      return 0;
    }
    if ((action === 'segment-add' || action === 'segment-remove') && first && args.length > 2) {
      const userIds = await userIdsOf(args.slice(2));
      if (userIds === null) {
        out.error('BONUS_SEGMENT_INVALID: user ids are whole numbers');
        return 1;
      }
      if (action === 'segment-add') {
        const added = await bonuses.addToSegment(first, userIds);
        out.log(`segment ${first}: ${added} added, ${userIds.length - added} already in it`);
      } else {
        const removed = await bonuses.removeFromSegment(first, userIds);
        out.log(`segment ${first}: ${removed} removed`);
      }
      return 0;
    }
    if (action === 'segments') {
      if (first) for (const id of await bonuses.segmentMembers(first)) out.log(id.toString());
      else for (const s of await bonuses.listSegments()) out.log(`${s.segment}\t${s.members}`);
      return 0;
    }
    if (action === 'shop-add' && first && second && /^\d{1,15}$/.test(second) && third) {
      await bonuses.addShopItem({ code: first, title: {}, costPoints: BigInt(second), campaignCode: third });
      out.log(`shop item ${first}: ${second} points → ${third}`);
      return 0;
    }
  } catch (error) {
    if (error instanceof AppError) {
      out.error(`${error.code}: ${error.message}${error.details ? ` ${JSON.stringify(error.details)}` : ''}`);
      return 1;
    }
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      out.error(String(error));
      return 1;
    }
    throw error;
  }
  out.error(`usage:\n${BONUSES_USAGE}`);
  return 1;
}

/** User ids from the arguments: numbers, or @file with ids separated by spaces, commas or new lines. */
async function userIdsOf(args: string[]): Promise<bigint[] | null> {
  const words: string[] = [];
  for (const arg of args) {
    const text = arg.startsWith('@') ? await readFile(arg.slice(1), 'utf8') : arg;
    words.push(...text.split(/[\s,]+/).filter((w) => w !== ''));
  }
  if (!words.every((w) => /^\d{1,18}$/.test(w))) return null;
  return words.map((w) => BigInt(w));
}
