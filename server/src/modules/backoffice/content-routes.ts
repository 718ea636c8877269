/**
 * The back office's content editor (/backoffice-api/v1/content/…): pages, articles, news, landings
 * and categories per language, edited through the content store (the same save, publish and
 * unpublish the `parlay content` command calls, so exactly the item's cached answers drop in every
 * process) and the content editor (latest versions, removal). `content.view` reads and previews,
 * `content.manage` changes; every change is audited.
 */
import { type Static, Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { type ContentType, readingMinutes, renderMarkdown } from '../content/index.ts';
import { audited, type ContentDeskServices } from './content-desk.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';

export interface ContentRoutesOptions extends GuardContext, ContentDeskServices {}

const P = '/backoffice-api/v1/content';
const TAGS = ['backoffice'];
const Kind = Type.Union(
  ['page', 'article', 'news', 'category', 'landing'].map((k) => Type.Literal(k)),
  { description: 'page, article, news, category or landing' },
);
const Lang = Type.String({ pattern: '^[a-z]{2}$' });
const Slug = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$',
});
const Optional = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const ItemKey = Type.Object({ type: Kind, lang: Lang, slug: Slug });

const Save = Type.Object(
  {
    mode: Type.Union([Type.Literal('create'), Type.Literal('edit')]),
    type: Kind,
    lang: Lang,
    slug: Slug,
    /** Edit: the slug the item has now (a different `slug` renames it; the old one answers 301). */
    previousSlug: Type.Optional(Slug),
    title: Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' }),
    description: Type.String({ maxLength: 1000 }),
    body: Type.String({ maxLength: 200_000 }),
    category: Optional(Slug),
    author: Optional(Type.String({ minLength: 1, maxLength: 200 })),
    seoTitle: Optional(Type.String({ minLength: 1, maxLength: 300 })),
    metaRobots: Optional(
      Type.String({ pattern: '^[a-z]+(-[a-z]+)*(, ?[a-z]+(-[a-z]+)*)*$', maxLength: 100 }),
    ),
    canonical: Optional(Type.String({ pattern: '^(https?://[^\\s/]+|/)[^\\s]*$', maxLength: 2000 })),
    publishAt: Optional(Type.String({ format: 'date-time' })),
    status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
  },
  { additionalProperties: false },
);
type SaveBody = Static<typeof Save>;

const Plain = (description: string) => Type.Object({}, { additionalProperties: true, description });

function schema<T extends object>(summary: string, parts: T) {
  return { schema: { tags: TAGS, summary, ...parts } };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const target = (k: { type: string; lang: string; slug: string }) => `content:${k.type}:${k.lang}:${k.slug}`;

export async function contentRoutes(app: RoutesApp, options: ContentRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const { store, editor } = options;

  app.get(
    `${P}/items`,
    schema('Items of a type and language, drafts included, newest change first', {
      querystring: Type.Object({ type: Kind, lang: Lang }),
      response: { 200: Type.Object({ items: Type.Array(Plain('an item')) }) },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'content.view');
      const rows = await editor.list(request.query.type as ContentType, request.query.lang);
      return {
        items: rows.map((r) => ({ ...r, publishAt: iso(r.publishAt), updatedAt: r.updatedAt.toISOString() })),
      };
    },
  );

  app.get(
    `${P}/item`,
    schema('One item with its latest version (a draft included)', {
      querystring: ItemKey,
      response: { 200: Plain('the item') },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'content.view');
      const q = request.query;
      const item = await editor.item(q.type as ContentType, q.lang, q.slug);
      if (!item) throw new AppError('CONTENT_NOT_FOUND');
      return { ...item, publishAt: iso(item.publishAt), updatedAt: item.updatedAt.toISOString() };
    },
  );

  app.post(
    `${P}/preview`,
    schema('The body rendered as guests would see it (safe Markdown with short codes)', {
      body: Type.Object({ body: Type.String({ maxLength: 200_000 }) }),
      response: {
        200: Type.Object({
          html: Type.String(),
          headings: Type.Array(Plain('a heading')),
          readingMinutes: Type.Integer(),
        }),
      },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'content.view');
      const rendered = renderMarkdown(request.body.body);
      return {
        html: rendered.html,
        headings: rendered.headings,
        readingMinutes: readingMinutes(rendered.words),
      };
    },
  );

  app.post(
    `${P}/items`,
    schema('Create or edit an item (a new version; published at once when status is published)', {
      body: Save,
      response: { 200: Type.Object({ version: Type.Integer(), created: Type.Boolean() }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'content.manage');
      const body = request.body;
      return audited(
        options,
        actorOf(operator, request),
        {
          action: body.mode === 'create' ? 'content.create' : 'content.edit',
          target: target(body),
          details: { status: body.status, renamedFrom: body.previousSlug ?? null },
        },
        () => saveItem(options, body),
        (r) => ({ version: r.version }),
      );
    },
  );

  for (const action of ['publish', 'unpublish', 'delete'] as const) {
    app.post(
      `${P}/${action}`,
      schema(`${action[0]!.toUpperCase()}${action.slice(1)} an item`, {
        body: Type.Object({
          type: Kind,
          lang: Lang,
          slug: Slug,
          ...(action === 'publish' ? { at: Type.Optional(Type.String({ format: 'date-time' })) } : {}),
        }),
        response: { 200: Type.Object({ ok: Type.Boolean() }) },
      }),
      async (request) => {
        const operator = await requireOperator(ctx, request, 'content.manage');
        const key = request.body as { type: ContentType; lang: string; slug: string; at?: string };
        await audited(
          options,
          actorOf(operator, request),
          { action: `content.${action}`, target: target(key), details: { at: key.at ?? null } },
          async () => {
            const done =
              action === 'publish'
                ? await store.publish(key.type, key.lang, key.slug, key.at ? new Date(key.at) : undefined)
                : action === 'unpublish'
                  ? await store.unpublish(key.type, key.lang, key.slug)
                  : await editor.remove(key.type, key.lang, key.slug);
            if (!done) throw new AppError('CONTENT_NOT_FOUND');
          },
        );
        return { ok: true };
      },
    );
  }
}

async function saveItem(options: ContentRoutesOptions, body: SaveBody) {
  const type = body.type as ContentType;
  const { store, editor } = options;
  const existing = await editor.item(type, body.lang, body.slug);
  if (body.mode === 'create' && existing) throw new AppError('CONTENT_ALREADY_EXISTS');
  const renaming = body.mode === 'edit' && body.previousSlug !== undefined && body.previousSlug !== body.slug;
  if (body.mode === 'edit') {
    if (renaming && existing) throw new AppError('CONTENT_ALREADY_EXISTS');
    const current = await editor.item(type, body.lang, renaming ? body.previousSlug! : body.slug);
    if (!current) throw new AppError('CONTENT_NOT_FOUND');
  }
  const cover =
    body.mode === 'edit'
      ? ((await editor.item(type, body.lang, body.previousSlug ?? body.slug))?.coverImage ?? null)
      : null;
  const result = await store.save({
    type,
    lang: body.lang,
    slug: body.slug,
    title: body.title.trim(),
    description: body.description,
    body: body.body,
    category: body.category,
    author: body.author,
    seoTitle: body.seoTitle,
    metaRobots: body.metaRobots,
    canonical: body.canonical,
    publishAt: body.publishAt ? new Date(body.publishAt) : null,
    status: body.status,
    renamedFrom: renaming ? body.previousSlug! : null,
    coverImage: cover,
  });
  return { version: result.version, created: result.created };
}
