/** TypeBox schemas of the sportsbook API: request parameters and response bodies (also the OpenAPI). */

import { TIME_FILTERS } from '@parlay/domain/sportsbook/time-filter.ts';
import { Type } from '@sinclair/typebox';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './search-events.ts';

export const SUPPORTED_LANGUAGES = ['ru', 'en'] as const;
export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 10_000;

export const Lang = Type.Union(
  SUPPORTED_LANGUAGES.map((l) => Type.Literal(l)),
  { default: 'ru', description: 'Language code' },
);
const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });
const Pair = Type.Tuple([Type.Integer(), Type.Integer()]);

export const TimeFilterParam = Type.Union(
  TIME_FILTERS.map((f) => Type.Literal(f)),
  {
    default: 0,
    description: 'coupon-accounts §9: 0 all, 1 upcoming, 2 first period, 3 second period, 6 recommended',
  },
);

export const Paging = {
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
};

export const ListQuery = Type.Object({
  sportId: Type.Optional(Id('Sport id')),
  countryId: Type.Optional(Id('Country id')),
  champId: Type.Optional(Id('Championship id')),
  timeFilter: TimeFilterParam,
  ...Paging,
  lang: Lang,
});

export const ChampsQuery = Type.Object({
  sportId: Id('Sport id'),
  countryId: Type.Optional(Id('Country id')),
  mode: Type.Union([Type.Literal('all'), Type.Literal('line'), Type.Literal('live')], { default: 'all' }),
  lang: Lang,
});

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: SEARCH_MIN_LENGTH, maxLength: SEARCH_MAX_LENGTH, pattern: '\\S\\S' }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  lang: Lang,
});

export const ResultsQuery = Type.Object({
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Calendar day, YYYY-MM-DD' }),
  tz: Type.Integer({ minimum: -12, maximum: 14, default: 3, description: 'UTC offset in hours of the day' }),
  sportId: Type.Optional(Id('Sport id')),
  ...Paging,
  lang: Lang,
});

export const GameParams = Type.Object({ gameId: Id('Game id') });

const OutcomeSchema = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  nameKey: Type.String(),
  oddsMilli: Type.Integer({ description: 'Decimal odds in thousandths (1.85 → 1850)' }),
  state: Type.String(),
  result: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});

export const MarketSchema = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  typeId: Type.Integer(),
  type: Type.String(),
  kind: Type.String(),
  nameKey: Type.String(),
  specifiers: Type.Record(Type.String(), Type.String()),
  state: Type.String(),
  isMain: Type.Boolean(),
  isLive: Type.Boolean(),
  position: Type.Integer(),
  version: Type.Integer(),
  outcomes: Type.Array(OutcomeSchema),
});

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

export const GameSchema = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  sportId: Type.Integer(),
  champ: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    isTop: Type.Boolean(),
    country: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  }),
  home: Named,
  away: Named,
  startAt: Type.String({ format: 'date-time' }),
  status: Type.Integer({
    description: '0 not started, 1 starting, 2 in play, 3 break, 4 finished, 5 cancelled',
  }),
  period: Type.Integer(),
  clockSeconds: Type.Integer(),
  clockRunning: Type.Boolean(),
  clockAt: Type.Union([Type.String(), Type.Null()]),
  score: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
  periodScores: Type.Array(Pair),
  stats: Type.Record(Type.String(), Pair),
  isLive: Type.Boolean(),
  isFinished: Type.Boolean(),
  isTop: Type.Boolean(),
  statisticId: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  markets: Type.Array(MarketSchema),
  marketCount: Type.Optional(
    Type.Integer({ description: 'Every market of the game (lists carry the main markets only)' }),
  ),
});

export const GamePageSchema = Type.Composite([
  GameSchema,
  Type.Object({
    groups: Type.Array(Type.Object({ kind: Type.String(), markets: Type.Array(MarketSchema) })),
  }),
]);

export const SportSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  position: Type.Integer(),
  icon: Type.String(),
  isEsport: Type.Boolean(),
  isVirtual: Type.Boolean(),
  liveCount: Type.Integer(),
  lineCount: Type.Integer(),
});

export const ChampSchema = Type.Object({
  id: Type.Integer(),
  sportId: Type.Integer(),
  name: Type.String(),
  position: Type.Integer(),
  isTop: Type.Boolean(),
  country: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  lineCount: Type.Integer(),
  liveCount: Type.Integer(),
});

export const SearchSchema = Type.Object({
  teams: Type.Array(Type.Object({ id: Type.Integer(), sportId: Type.Integer(), name: Type.String() })),
  games: Type.Array(GameSchema),
});

const Country = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() });
const FavoriteIdList = Type.Array(Id('Game or champ id'), { maxItems: 200, description: 'Oldest first' });

export const FavoriteIdsSchema = Type.Object({ games: FavoriteIdList, champs: FavoriteIdList });

export const FavoritesSchema = Type.Composite([
  FavoriteIdsSchema,
  Type.Object({
    gameList: Type.Array(GameSchema, { description: 'The favourite games still in the line or live' }),
    champList: Type.Array(
      Type.Object({ id: Type.Integer(), sportId: Type.Integer(), name: Type.String(), country: Country }),
    ),
  }),
]);

export const FavoritesBody = Type.Object(
  { games: Type.Optional(FavoriteIdList), champs: Type.Optional(FavoriteIdList) },
  { additionalProperties: false },
);

export const FavoriteParams = Type.Object({
  kind: Type.Union([Type.Literal('games'), Type.Literal('champs')]),
  id: Id('Game or champ id'),
});

export const TeamParams = Type.Object({ teamId: Id('Team id') });
export const PlayerParams = Type.Object({ playerId: Id('Player id (a competitor of an individual sport)') });

export const TeamPageSchema = Type.Object({
  team: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    sport: Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
    country: Type.Union([Country, Type.Null()]),
    isPlayer: Type.Boolean({ description: 'A single person (tennis, table tennis, MMA)' }),
  }),
  live: Type.Array(GameSchema),
  line: Type.Array(GameSchema, { description: 'The next games, soonest first (at most 20)' }),
  results: Type.Array(GameSchema, { description: 'The latest finished games, newest first (at most 10)' }),
});
