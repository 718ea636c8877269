/**
 * What the content, blocks, redirects, terms and configuration sections call: the owning modules'
 * own services (the content store and editor, the block and redirect rules, the terms service, the
 * site configuration), each change written to the audit log after it is done, and a refusal by the
 * service (a loop, a taken slug, an unknown item) audited as `refused` before it answers.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { TermsService } from '../auth/index.ts';
import type { BlockRules } from '../blocks/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import type { ContentEditor, ContentStore } from '../content/index.ts';
import type { RedirectRules } from '../redirects/index.ts';
import { type AuditDetails, appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';

export interface ContentDeskServices {
  store: ContentStore;
  editor: ContentEditor;
  blocks: BlockRules;
  redirects: RedirectRules;
  terms: Pick<TermsService, 'latest' | 'publish'>;
  siteConfig: SiteConfigService;
}

export interface DeskContext {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Runs one operator change: `work` through the owning service, then one audit record (`ok`); an
 * AppError from the service is audited `refused` with its code and passed on.
 */
export async function audited<T>(
  ctx: DeskContext,
  actor: Actor,
  record: { action: string; target: string; details?: AuditDetails },
  work: () => Promise<T>,
  detailsOf: (result: T) => AuditDetails = () => ({}),
): Promise<T> {
  const write = (outcome: 'ok' | 'refused', details: AuditDetails) =>
    appendAuditNow(ctx.db, ctx.clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: record.action,
      target: record.target.slice(0, 200),
      outcome,
      details: { ...record.details, ...details },
      ip: actor.ip,
    });
  let result: T;
  try {
    result = await work();
  } catch (err) {
    if (err instanceof AppError) await write('refused', { code: err.code });
    throw err;
  }
  await write('ok', detailsOf(result));
  return result;
}
