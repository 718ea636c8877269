/** TypeBox schemas of the content routes (/web-api/content/v1); types come from them. */
import { Type } from '@sinclair/typebox';

export const CONTENT_API = '/web-api/content/v1';
export const LANGUAGES = ['ru', 'en'] as const;
export const Lang = Type.Union(
  LANGUAGES.map((l) => Type.Literal(l)),
  { default: 'ru', description: 'Language of the content' },
);
const SLUG_SOURCE = '^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$';
export const Slug = Type.String({ pattern: SLUG_SOURCE, minLength: 1, maxLength: 200 });
export const SimpleSlug = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$', minLength: 1, maxLength: 200 });
export const MAX_PER_PAGE = 50;

const Heading = Type.Object({ level: Type.Integer(), id: Type.String(), text: Type.String() });
const Embed = Type.Object({
  kind: Type.Union([
    Type.Literal('game'),
    Type.Literal('promotion'),
    Type.Literal('odds'),
    Type.Literal('register'),
  ]),
  id: Type.String({ description: 'Game id, campaign code, live or line; empty for register' }),
});
const FaqEntry = Type.Object({ question: Type.String(), answer: Type.String() });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ListedItemSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  lang: Type.String(),
  slug: Type.String(),
  category: Nullable(Type.String()),
  title: Type.String(),
  description: Type.String(),
  author: Nullable(Type.String()),
  coverImage: Nullable(Type.String()),
  publishedAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  readingMinutes: Type.Integer(),
});

export const ItemSchema = Type.Object({
  ...ListedItemSchema.properties,
  version: Type.Integer(),
  seo: Type.Object({
    title: Type.String(),
    description: Type.String(),
    metaRobots: Nullable(Type.String()),
    canonical: Nullable(Type.String()),
  }),
  html: Type.String({ description: 'Safe HTML rendered from the Markdown body' }),
  headings: Type.Array(Heading),
  embeds: Type.Array(Embed),
  faq: Type.Array(FaqEntry, { description: 'Questions and answers of the [[faq]] blocks (FAQPage)' }),
  alternates: Type.Array(Type.Object({ lang: Type.String(), slug: Type.String() }), {
    description: 'The same item published in other languages (hreflang)',
  }),
});

export const ItemAnswer = Type.Union([
  Type.Object({
    status: Type.Literal('found'),
    item: ItemSchema,
    origin: Type.Union([Type.String(), Type.Null()], {
      description: 'The configured public origin (PUBLIC_ORIGIN) for absolute URLs; null when not set',
    }),
  }),
  Type.Object({
    status: Type.Literal('moved'),
    slug: Type.String({ description: 'The new slug: the page answers 301 to it' }),
  }),
]);

export const CategorySchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  count: Type.Integer({ description: 'Published articles in the category' }),
});

export const ListAnswer = Type.Object({
  items: Type.Array(ListedItemSchema),
  page: Type.Integer(),
  pages: Type.Integer(),
  total: Type.Integer(),
});

export const ListQuery = Type.Object({
  lang: Lang,
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  perPage: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: 9 }),
  category: Type.Optional(SimpleSlug),
});
