/**
 * Blocks module: POST /blocks-api/api/v2/block {auth, url} → {displayTypeId, templateTypeId}
 * (site-shell §7). The geo country comes from the header named in the site configuration.
 * Banned users are added by the accounts issue once sessions exist.
 */
import { Type } from '@sinclair/typebox';
import { Cached } from '../../platform/cached.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { SiteConfigService } from '../config/index.ts';
import { type BlockRule, decideBlock } from './decide-block.ts';

export {
  BLOCK_RULE_KINDS,
  BLOCK_TEMPLATE_TYPES,
  type BlockRuleInput,
  BlockRules,
  blockRuleProblem,
  type StoredBlockRule,
} from './block-rules.ts';
export { type BlockRule, decideBlock, NOT_BLOCKED } from './decide-block.ts';

export const BLOCK_RULES_CHANGED_TOPIC = 'blocks:changed';
const RULES_TTL_MS = 30_000;
const SHARED_ANSWER = 'public, max-age=0, s-maxage=5';
const LANGUAGE_PREFIX = /^\/[a-z]{2}(?=\/|$)/;

export function pathOf(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local').pathname;
  } catch {
    pathname = '/';
  }
  return pathname.replace(LANGUAGE_PREFIX, '') || '/';
}

export async function blocksModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; siteConfig: SiteConfigService },
): Promise<void> {
  const { deps, siteConfig } = options;
  const rules = new Cached<BlockRule[]>(
    async () => {
      const rows = await deps.db.db
        .selectFrom('block_rules')
        .select(['kind', 'pattern', 'template_type_id', 'display_type_id'])
        .where('is_active', '=', true)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        kind: r.kind,
        pattern: r.pattern,
        templateTypeId: r.template_type_id,
        displayTypeId: r.display_type_id,
      }));
    },
    deps.clock,
    RULES_TTL_MS,
  );
  deps.bus.subscribe(BLOCK_RULES_CHANGED_TOPIC, () => rules.invalidate());

  app.post(
    '/blocks-api/api/v2/block',
    {
      schema: {
        tags: ['shell'],
        summary: 'Is this visitor blocked?',
        description:
          'displayTypeId 1 means blocked; templateTypeId is the reason: 4 site-updates, 16 suspension, 3/1/5/2/14 block, 13 block-ua, 17 block-ie, 8 coming-soon.',
        body: Type.Object({
          auth: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 4096 })])),
          url: Type.String({ minLength: 1, maxLength: 2000 }),
        }),
        response: { 200: Type.Object({ displayTypeId: Type.Integer(), templateTypeId: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const { url, auth } = request.body;
      // A guest's answer depends only on the url, country and browser: server renders may share it
      // for a few seconds (operator changes clear their copies at once); a player's is their own.
      reply.header('cache-control', auth ? 'private, no-store' : SHARED_ANSWER);
      const { main, maintenance } = await siteConfig.groups(['main', 'maintenance'], 'en');
      const header = String(main?.geoCountryHeader ?? 'x-geo-country').toLowerCase();
      const geo = request.headers[header];
      const country = (Array.isArray(geo) ? geo[0] : geo) || String(main?.defaultGeoCountry ?? 'RU');
      return decideBlock(
        {
          path: pathOf(url),
          country,
          userAgent: request.headers['user-agent'] ?? '',
          isMaintenance: maintenance?.isMaintenance === true,
        },
        await rules.get(),
      );
    },
  );
}
