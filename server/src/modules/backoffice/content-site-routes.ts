/**
 * The back office's blocks, redirects and terms sections (/backoffice-api/v1/{blocks, redirects,
 * terms}): the block and redirect rules through their modules' own rule services (each change
 * tells every process, which drops its cached rules and the server renders' shared copies), and
 * the terms through the auth module's TermsService (players accept a new version at their next
 * state-changing call, as after `parlay terms publish`). Every change is audited.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { BLOCK_RULE_KINDS, BLOCK_TEMPLATE_TYPES } from '../blocks/index.ts';
import { REDIRECT_CODES } from '../redirects/index.ts';
import { audited, type ContentDeskServices } from './content-desk.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';

export interface ContentSiteRoutesOptions extends GuardContext, ContentDeskServices {}

const P = '/backoffice-api/v1';
const TAGS = ['backoffice'];
const Ok = Type.Object({ ok: Type.Boolean() });
const RuleId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });
const Plain = (description: string) => Type.Object({}, { additionalProperties: true, description });
const BlockRule = Type.Object(
  {
    kind: Type.Union(BLOCK_RULE_KINDS.map((k) => Type.Literal(k))),
    pattern: Type.String({ minLength: 1, maxLength: 500 }),
    templateTypeId: Type.Union(BLOCK_TEMPLATE_TYPES.map((n) => Type.Literal(n))),
    isActive: Type.Boolean(),
    note: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
const RedirectRule = Type.Object(
  {
    sourcePath: Type.String({ minLength: 1, maxLength: 500 }),
    targetUrl: Type.String({ minLength: 1, maxLength: 2000 }),
    code: Type.Union(REDIRECT_CODES.map((n) => Type.Literal(n))),
    isActive: Type.Boolean(),
  },
  { additionalProperties: false },
);

function schema<T extends object>(summary: string, parts: T) {
  return { schema: { tags: TAGS, summary, ...parts } };
}

export async function contentSiteRoutes(app: RoutesApp, options: ContentSiteRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const { blocks, redirects, terms, siteConfig } = options;

  app.get(
    `${P}/blocks`,
    schema('Block rules (geo, user agent, path, whole site)', {
      response: { 200: Type.Object({ rules: Type.Array(Plain('a rule')) }) },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'content.view');
      const rules = await blocks.list();
      return { rules: rules.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );

  app.post(
    `${P}/blocks`,
    schema('Add a block rule', { body: BlockRule, response: { 200: Type.Object({ id: Type.Integer() }) } }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const rule = request.body;
      const id = await audited(
        options,
        actorOf(operator, request),
        { action: 'blocks.add', target: `block:${rule.kind}:${rule.pattern}`, details: describeBlock(rule) },
        () => blocks.add(rule),
      );
      return { id };
    },
  );

  app.post(
    `${P}/blocks/:id`,
    schema('Change a block rule', { params: RuleId, body: BlockRule, response: { 200: Ok } }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const id = Number(request.params.id);
      await audited(
        options,
        actorOf(operator, request),
        { action: 'blocks.edit', target: `block:${id}`, details: describeBlock(request.body) },
        () => blocks.update(id, request.body),
        (before) => ({ wasPattern: before.pattern, wasKind: before.kind, wasActive: before.isActive }),
      );
      return { ok: true };
    },
  );

  app.post(
    `${P}/blocks/:id/delete`,
    schema('Remove a block rule', { params: RuleId, response: { 200: Ok } }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const id = Number(request.params.id);
      await audited(
        options,
        actorOf(operator, request),
        { action: 'blocks.remove', target: `block:${id}` },
        () => blocks.remove(id),
        (before) => describeBlock(before),
      );
      return { ok: true };
    },
  );

  app.get(
    `${P}/redirects`,
    schema('Redirect rules', { response: { 200: Type.Object({ rules: Type.Array(Plain('a rule')) }) } }),
    async (request) => {
      await requireOperator(ctx, request, 'content.view');
      const rules = await redirects.list();
      return { rules: rules.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );

  app.post(
    `${P}/redirects`,
    schema('Add a redirect rule (a loop or a target that is not a site path or http(s) URL is refused)', {
      body: RedirectRule,
      response: { 200: Type.Object({ id: Type.Integer() }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const rule = request.body;
      const saved = await audited(
        options,
        actorOf(operator, request),
        { action: 'redirects.add', target: `redirect:${rule.sourcePath}`, details: describeRedirect(rule) },
        () => redirects.save(null, rule),
        (r) => ({ id: r.id }),
      );
      return { id: saved.id };
    },
  );

  app.post(
    `${P}/redirects/:id`,
    schema('Change a redirect rule', { params: RuleId, body: RedirectRule, response: { 200: Ok } }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const id = Number(request.params.id);
      await audited(
        options,
        actorOf(operator, request),
        { action: 'redirects.edit', target: `redirect:${id}`, details: describeRedirect(request.body) },
        () => redirects.save(id, request.body),
        (r) => ({ wasSource: r.before?.sourcePath ?? null, wasTarget: r.before?.targetUrl ?? null }),
      );
      return { ok: true };
    },
  );

  app.post(
    `${P}/redirects/:id/delete`,
    schema('Remove a redirect rule', { params: RuleId, response: { 200: Ok } }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const id = Number(request.params.id);
      await audited(
        options,
        actorOf(operator, request),
        { action: 'redirects.remove', target: `redirect:${id}` },
        () => redirects.remove(id),
        (before) => describeRedirect(before),
      );
      return { ok: true };
    },
  );

  app.get(
    `${P}/terms`,
    schema('The terms in force: since when, and whether players are asked to confirm changed terms', {
      response: {
        200: Type.Object({
          inForceSince: Type.Union([Type.String(), Type.Null()]),
          confirmationEnabled: Type.Boolean(),
        }),
      },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'content.view');
      const [latest, groups] = await Promise.all([terms.latest(), siteConfig.groups(['features'], 'en')]);
      return {
        inForceSince: latest ? latest.toISOString() : null,
        confirmationEnabled: groups.features?.isTermsConfirmationEnabled !== false,
      };
    },
  );

  app.post(
    `${P}/terms`,
    schema(
      'Publish a new terms version, now or at a later moment: players confirm it at their next sign-in',
      {
        body: Type.Object(
          {
            note: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
            effectiveAt: Type.Optional(Type.String({ format: 'date-time' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ effectiveAt: Type.String() }) },
      },
    ),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const { note, effectiveAt } = request.body;
      const at = effectiveAt ? new Date(effectiveAt) : undefined;
      const published = await audited(
        options,
        actorOf(operator, request),
        { action: 'terms.publish', target: 'terms', details: { note: note.slice(0, 200) } },
        async () => {
          if (at && at.getTime() < options.clock.nowMs()) throw new AppError('TERMS_DATE_IN_PAST');
          return terms.publish(note.trim(), at);
        },
        (when) => ({ effectiveAt: when.toISOString() }),
      );
      return { effectiveAt: published.toISOString() };
    },
  );
}

function describeBlock(rule: { kind: string; pattern: string; templateTypeId: number; isActive: boolean }) {
  return {
    kind: rule.kind,
    pattern: rule.pattern,
    templateTypeId: rule.templateTypeId,
    isActive: rule.isActive,
  };
}

function describeRedirect(rule: { sourcePath: string; targetUrl: string; code: number; isActive: boolean }) {
  return {
    source: rule.sourcePath,
    target: rule.targetUrl.slice(0, 200),
    code: rule.code,
    isActive: rule.isActive,
  };
}
