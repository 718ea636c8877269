/**
 * Config module (BFF): the site configuration the browser reads at start, site-shell §7:
 * GET /bff-api/config/all.json?lang= and GET /bff-api/config/group/get?groups=a,b&lang=.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { CONFIG_GROUP_NAMES, isConfigGroup } from './groups.ts';
import type { SiteConfigService } from './site-config-service.ts';

export { CONFIG_GROUP_NAMES, CONFIG_GROUPS, type ConfigGroupName } from './groups.ts';
export { CONFIG_CHANGED_TOPIC, type ConfigGroups, SiteConfigService } from './site-config-service.ts';

/** Browsers and CDNs may keep the answer for 10 minutes, the low end of the spec's 600-900 s. */
const HTTP_MAX_AGE_S = 600;
const MAX_GROUPS_PER_REQUEST = 20;
const Lang = Type.String({ pattern: '^[a-z]{2}$', default: 'ru', description: 'Language code' });

export async function configModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; siteConfig: SiteConfigService },
): Promise<void> {
  const { siteConfig } = options;

  app.get(
    '/bff-api/config/all.json',
    {
      schema: {
        tags: ['config'],
        summary: 'Whole site configuration',
        description: `Every configuration group (${CONFIG_GROUP_NAMES.join(', ')}), resolved for the language.`,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      reply.header('cache-control', `public, max-age=${HTTP_MAX_AGE_S}`);
      return siteConfig.all(lang);
    },
  );

  app.get(
    '/bff-api/config/group/get',
    {
      schema: {
        tags: ['config'],
        summary: 'Chosen configuration groups',
        description: 'Comma-separated group names; an unknown name answers 400 VALIDATION_FAILED naming it.',
        querystring: Type.Object({ groups: Type.String({ minLength: 1, maxLength: 500 }), lang: Lang }),
        response: { 200: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async (request, reply) => {
      const { groups, lang } = request.query;
      const names = [
        ...new Set(
          groups
            .split(',')
            .map((g) => g.trim())
            .filter(Boolean),
        ),
      ];
      if (names.length === 0 || names.length > MAX_GROUPS_PER_REQUEST) {
        throw new AppError('VALIDATION_FAILED', `groups: give 1 to ${MAX_GROUPS_PER_REQUEST} names`);
      }
      const unknown = names.filter((n) => !isConfigGroup(n));
      if (unknown.length > 0)
        throw new AppError('VALIDATION_FAILED', `groups: unknown group ${unknown.join(', ')}`);
      reply.header('cache-control', `public, max-age=${HTTP_MAX_AGE_S}`);
      return siteConfig.groups(names.filter(isConfigGroup), lang);
    },
  );
}
