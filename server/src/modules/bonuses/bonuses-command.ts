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
                                 a rewards shop item spending points on a campaign's reward`;

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
