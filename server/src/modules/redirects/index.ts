/**
 * Redirects module: POST /redirects-api/api/v1/redirect-light {url} →
 * {redirect, code, url, reasons, breadcrumbs} from the operator's redirect rules.
 */
import { Type } from '@sinclair/typebox';
import { Cached } from '../../platform/cached.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { SiteConfigService } from '../config/index.ts';
import { type RedirectAnswer, type RedirectRule, resolveRedirect } from './resolve-redirect.ts';

export {
  makesLoop,
  REDIRECT_CODES,
  type RedirectRuleInput,
  RedirectRules,
  redirectRuleProblem,
  type StoredRedirectRule,
} from './redirect-rules.ts';
export { type RedirectAnswer, type RedirectRule, resolveRedirect } from './resolve-redirect.ts';

export const REDIRECT_RULES_CHANGED_TOPIC = 'redirects:changed';

/**
 * Another module's redirects for a URL no rule covers (the casino's game routes, coupon-accounts §5):
 * handed in by the composition root, asked in order, the first answer wins.
 */
export type RedirectResolver = (url: string) => Promise<RedirectAnswer | null>;
const RULES_TTL_MS = 30_000;

export async function redirectsModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; siteConfig: SiteConfigService; resolvers?: readonly RedirectResolver[] },
): Promise<void> {
  const { deps, siteConfig, resolvers = [] } = options;
  const rules = new Cached<Map<string, RedirectRule>>(
    async () => {
      const rows = await deps.db.db
        .selectFrom('redirect_rules')
        .select(['source_path', 'target_url', 'code', 'reason'])
        .where('is_active', '=', true)
        .execute();
      return new Map(
        rows.map((r) => [
          r.source_path,
          { sourcePath: r.source_path, targetUrl: r.target_url, code: r.code, reason: r.reason },
        ]),
      );
    },
    deps.clock,
    RULES_TTL_MS,
  );
  deps.bus.subscribe(REDIRECT_RULES_CHANGED_TOPIC, () => rules.invalidate());

  app.post(
    '/redirects-api/api/v1/redirect-light',
    {
      schema: {
        tags: ['shell'],
        summary: 'Where should this URL go?',
        description:
          'redirect true with code and url when a rule applies; a rule that would loop is skipped (reasons ["cyclic"]).',
        body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000, pattern: '^(/|https?://)' }) }),
        response: {
          200: Type.Object({
            redirect: Type.Boolean(),
            code: Type.Integer(),
            url: Type.String(),
            reasons: Type.Array(Type.String()),
            breadcrumbs: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
          }),
        },
      },
    },
    async (request, reply) => {
      const { url } = request.body;
      if (!URL.canParse(url, 'http://local')) {
        throw new AppError('VALIDATION_FAILED', 'body/url: not a URL', [
          { field: 'body/url', message: 'not a URL' },
        ]);
      }
      // The same url gets the same answer until an operator changes the rules (which clears server
      // renders' shared copies at once): renders may share it for a few seconds.
      reply.header('cache-control', 'public, max-age=0, s-maxage=5');
      const { main } = await siteConfig.groups(['main'], 'en');
      const answer = resolveRedirect(url, await rules.get(), String(main?.defaultLanguage ?? 'ru'));
      if (answer.reasons.includes('cyclic')) request.log.error({ url }, 'cyclic redirect rule skipped');
      if (answer.redirect) return answer;
      for (const resolve of resolvers) {
        const other = await resolve(url);
        if (other) return other;
      }
      return answer;
    },
  );
}
