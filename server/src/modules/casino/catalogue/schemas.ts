/** TypeBox schemas of the catalogue's routes (/web-api/casino/v1); types come from them. */
import { type Static, Type } from '@sinclair/typebox';
import { CATEGORY_ORDER, LOBBY_SECTIONS } from './sections.ts';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const Lang = Type.Union(
  LANGUAGES.map((l) => Type.Literal(l)),
  { default: 'ru', description: 'Language of names and descriptions' },
);

export const MAX_LOBBY_PAGE = 100;
export const MAX_SEARCH_RESULTS = 50;

const Slug = (description: string) =>
  Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$', maxLength: 63, description });

export const Section = Type.Union(
  LOBBY_SECTIONS.map((s) => Type.Literal(s)),
  { description: 'Lobby section (a casino route of site-shell §2); new and popular list every game' },
);
export const GameId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Numeric game id' });
const Minor = Type.String({ pattern: '^\\d{1,19}$', description: 'Amount in minor units' });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency code' });

export const GameTileSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  engineId: Type.Union([Type.String(), Type.Null()], { description: "The in-house engine ('dice', …)" }),
  name: Type.String(),
  route: Type.String({ description: 'Page path without language: /{slots|casino|keno}/game/{id}/{slug}' }),
  provider: Type.Object({ id: Type.String(), name: Type.String() }),
  categories: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  rtp: Type.String({ description: 'Return to player, percent with two decimals ("99.00")' }),
  volatility: Type.String(),
  thumbnail: Type.String({ description: 'URL of the generated SVG (versioned, cacheable)' }),
  badges: Type.Array(Type.Union([Type.Literal('new'), Type.Literal('jackpot'), Type.Literal('hot')])),
  demo: Type.Boolean(),
  real: Type.Boolean(),
});
export type GameTile = Static<typeof GameTileSchema>;

export const JurisdictionSchema = Type.Object({
  autoplay: Type.Boolean(),
  autoplayMaxRounds: Type.Integer(),
  turbo: Type.Boolean(),
  minRoundMs: Type.Integer(),
  showNetPosition: Type.Boolean(),
  showSessionTimer: Type.Boolean(),
  maxStakeMinor: Type.Union([Minor, Type.Null()]),
});
export type Jurisdiction = Static<typeof JurisdictionSchema>;

export const StakeLimitsSchema = Type.Object({
  currency: Currency,
  minStakeMinor: Minor,
  maxStakeMinor: Minor,
  step: Minor,
});
export type StakeLimits = Static<typeof StakeLimitsSchema>;

export const GameDetailsSchema = Type.Composite([
  GameTileSchema,
  Type.Object({
    oldRoute: Type.Union([Type.String(), Type.Null()]),
    tagId: Type.Integer(),
    descriptionKey: Type.String(),
    description: Type.String(),
    limits: StakeLimitsSchema,
    settings: JurisdictionSchema,
    related: Type.Array(GameTileSchema),
    inHouse: Type.Boolean(),
  }),
]);
export type GameDetails = Static<typeof GameDetailsSchema>;

export const LobbyQuery = Type.Object({
  section: Type.Optional(Section),
  category: Type.Optional(Type.Union(CATEGORY_ORDER.map((c) => Type.Literal(c)))),
  provider: Type.Optional(Slug('Provider id')),
  tag: Type.Optional(Slug('Tag')),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Name words (prefix match)' })),
  cursor: Type.Optional(
    Type.String({
      pattern: '^-?\\d{1,19}\\.\\d{1,10}$',
      maxLength: 31,
      description: 'nextCursor of the previous page',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LOBBY_PAGE, default: 48 }),
  lang: Lang,
});
export type LobbyQueryType = Static<typeof LobbyQuery>;

export const LobbyPageSchema = Type.Object({
  games: Type.Array(GameTileSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(),
});

export const GameListSchema = Type.Object({ games: Type.Array(GameTileSchema) });

export const GameParams = Type.Object({ gameId: GameId });
export const GameQuery = Type.Object({
  lang: Lang,
  currency: Type.Optional(Currency),
});

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_SEARCH_RESULTS, default: 8 }),
  lang: Lang,
});

export const CategoriesQuery = Type.Object({ section: Type.Optional(Section), lang: Lang });
export const CategoriesSchema = Type.Object({
  categories: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String({ description: 'Dictionary key (casino namespace)' }),
      count: Type.Integer(),
    }),
  ),
});

export const ProvidersSchema = Type.Object({
  providers: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), count: Type.Integer(), logo: Type.String() }),
  ),
});

export const ThumbnailParams = Type.Object({ gameId: GameId });
export const ThumbnailQuery = Type.Object({
  lang: Lang,
  v: Type.Optional(Type.String({ pattern: '^[0-9a-f]{1,16}$', description: 'Art version (cache key)' })),
});

export const PreviewLightQuery = Type.Object({
  whence: Type.Optional(
    Type.String({ maxLength: 50, pattern: '^[A-Za-z0-9_-]*$', description: 'Where the list is shown' }),
  ),
  groupId: Type.Optional(
    Type.Union(
      [...LOBBY_SECTIONS, ...(['favorites', 'recent'] as const)].map((g) => Type.Literal(g)),
      {
        description: 'One group only (a lobby section, or favorites/recent for a signed-in player)',
      },
    ),
  ),
  lng: Lang,
  ref: Type.Optional(
    Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.-]*$', description: 'Partner reference' }),
  ),
  fcountry: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: 'Country id' })),
  includeCategories: Type.Boolean({ default: false }),
});

export const PreviewItemSchema = Type.Object({
  GT: Type.Integer({ description: 'tagId' }),
  GN: Type.String({ description: 'name' }),
  R: Type.String({ description: 'route' }),
  OR: Type.Union([Type.String(), Type.Null()], { description: 'oldRoute' }),
  CRID: Type.Integer({ description: 'numeric game id' }),
  GF: Type.Array(Type.String(), { description: 'categories (with includeCategories=true)' }),
});

export const PreviewLightSchema = Type.Object({
  Success: Type.Boolean(),
  Value: Type.Record(Type.String(), Type.Array(PreviewItemSchema)),
});
