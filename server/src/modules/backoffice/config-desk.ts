/**
 * The back office's site configuration section (/backoffice-api/v1/config): the settings groups
 * `parlay config get|set` manages, each setting with its value and default, changed or reset
 * through SiteConfigService (the same schema check, and every process told at once). Reading needs
 * `settings.view`, changing `settings.manage` (the admin); every change is audited.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { CONFIG_GROUP_NAMES, CONFIG_GROUPS } from '../config/index.ts';
import { audited, type ContentDeskServices } from './content-desk.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';

export interface ConfigDeskOptions extends GuardContext, Pick<ContentDeskServices, 'siteConfig'> {}

const P = '/backoffice-api/v1/config';
const TAGS = ['backoffice'];
const Path = Type.String({ pattern: '^[a-zA-Z]+\\.[a-zA-Z]+$', maxLength: 100 });
const Lang = Type.String({ pattern: '^[a-z]{2}$' });

function schema<T extends object>(summary: string, parts: T) {
  return { schema: { tags: TAGS, summary, ...parts } };
}

function isSetting(path: string): boolean {
  const [group = '', key = ''] = path.split('.');
  const settings = (CONFIG_GROUPS as Record<string, Record<string, unknown>>)[group];
  return settings !== undefined && Object.hasOwn(CONFIG_GROUPS, group) && Object.hasOwn(settings, key);
}

/** A value as the audit record keeps it: JSON, cut to 200 characters. */
const short = (value: unknown) => JSON.stringify(value ?? null).slice(0, 200);

export async function configDeskRoutes(app: RoutesApp, options: ConfigDeskOptions): Promise<void> {
  const ctx: GuardContext = options;
  const { siteConfig } = options;

  app.get(
    P,
    schema('Every settings group: each setting with its value (for the language) and default', {
      querystring: Type.Object({ lang: Lang }),
      response: {
        200: Type.Object({
          groups: Type.Array(
            Type.Object({
              name: Type.String(),
              settings: Type.Array(
                Type.Object({ key: Type.String(), value: Type.Unknown(), defaultValue: Type.Unknown() }),
              ),
            }),
          ),
        }),
      },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'settings.view');
      const all = await siteConfig.all(request.query.lang);
      return {
        groups: CONFIG_GROUP_NAMES.map((name) => ({
          name,
          settings: Object.entries(CONFIG_GROUPS[name]).map(([key, setting]) => ({
            key,
            value: all[name][key] ?? null,
            defaultValue: (setting as { value: unknown }).value,
          })),
        })),
      };
    },
  );

  app.post(
    P,
    schema('Change one setting (checked against its schema, as `parlay config set`)', {
      body: Type.Object({ path: Path, value: Type.Unknown() }, { additionalProperties: false }),
      response: { 200: Type.Object({ ok: Type.Boolean() }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'settings.manage');
      const { path, value } = request.body;
      await audited(
        options,
        actorOf(operator, request),
        { action: 'config.set', target: `config:${path}`, details: { value: short(value) } },
        () => siteConfig.set(path, value),
      );
      return { ok: true };
    },
  );

  app.post(
    `${P}/reset`,
    schema('Put one setting back to its default', {
      body: Type.Object({ path: Path }, { additionalProperties: false }),
      response: { 200: Type.Object({ ok: Type.Boolean() }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'settings.manage');
      const { path } = request.body;
      await audited(
        options,
        actorOf(operator, request),
        { action: 'config.reset', target: `config:${path}` },
        async () => {
          if (!isSetting(path)) throw new AppError('VALIDATION_FAILED', `unknown setting ${path}`);
          await siteConfig.reset(path);
        },
      );
      return { ok: true };
    },
  );
}
