/**
 * The catalogue as the rest of the casino module and the app see it: the lobby, details, search,
 * art, the player's favourite and recent games, the rounds' game lookup and markPlayed, the route
 * guard and the seed. The list sizes, the routes and the rounds' game entries are cached and
 * dropped when the catalogue changes (the seed publishes CASINO_CATALOGUE_CHANGED_TOPIC, every
 * process listens; whoever changes casino_games or casino_game_limits publishes it too).
 */
import type { Kysely } from 'kysely';
import { Cached, CachedMap } from '../../../platform/cached.ts';
import { readsToleratingLag } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ModuleDeps } from '../../../platform/module.ts';
import type { Database } from '../../../platform/schema.ts';
import { artVersion } from './game-tile.ts';
import { gamesPreviewLight, type PreviewGroup, type PreviewItem } from './games-preview-light.ts';
import { type CategoryTab, listCategories } from './list-categories.ts';
import { type LobbyFilter, type LobbyPage, listLobby, lobbyListSizes } from './list-lobby.ts';
import { listProviders, type ProviderEntry } from './list-providers.ts';
import { addFavorites, markPlayed, readFavorites, readRecent, removeFavorite } from './player-games.ts';
import { type CatalogueGameEntry, gameEntry, readGame, type SettingsOf } from './read-game.ts';
import { type GameRoutes, type RouteRedirect, resolveGameRoute } from './resolve-game-route.ts';
import type { GameDetails, GameTile, Jurisdiction, Language } from './schemas.ts';
import { searchGames } from './search-games.ts';
import type { LobbySection } from './sections.ts';
import { gameRoute } from './sections.ts';
import { type SeedOptions, seedCasinoCatalogue } from './seed-catalogue.ts';
import { gameThumbnailSvg, providerLogoSvg } from './thumbnail-svg.ts';

export const CASINO_CATALOGUE_CHANGED_TOPIC = 'casino:catalogue-changed';
const SIZES_TTL_MS = 60_000;
/** The rounds' game entries (engine, modes, limits) per process: every round asks (bench:casino). */
const ENTRIES_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface Art {
  svg: string;
  version: string;
}

export interface CasinoCatalogue {
  lobby(input: { filter: LobbyFilter; cursor?: string; limit: number; lang: Language }): Promise<LobbyPage>;
  game(input: { gameId: number; lang: Language; currency?: string }): Promise<GameDetails>;
  categories(section: LobbySection | undefined): Promise<CategoryTab[]>;
  providers(): Promise<ProviderEntry[]>;
  search(input: { q: string; limit: number; lang: Language }): Promise<GameTile[]>;
  thumbnail(gameId: number, lang: Language): Promise<Art>;
  providerLogo(providerId: string): Promise<Art>;
  favorites(userId: bigint, lang: Language): Promise<GameTile[]>;
  addFavorites(userId: bigint, gameIds: readonly number[], options: { strict: boolean }): Promise<void>;
  removeFavorite(userId: bigint, gameId: number): Promise<void>;
  recent(userId: bigint, lang: Language): Promise<GameTile[]>;
  /** The rounds call this when a signed-in player starts a round (the "recently played" list). */
  markPlayed(userId: bigint, gameId: number): Promise<void>;
  /** What the rounds need of a game: engine, modes, limits (a GameLookup of rounds/game-lookup.ts). */
  readonly games: { game(gameId: number): Promise<CatalogueGameEntry | null> };
  /** Games preview light (§7): compact lists by group; the player's own groups when userId is given. */
  previewLight(input: {
    groupId?: PreviewGroup;
    lang: Language;
    includeCategories: boolean;
    userId: bigint | null;
  }): Promise<Record<string, PreviewItem[]>>;
  /** The §5 route guard for a page URL: a 301 to the game's current route (or the slot bonus), or null. */
  routeRedirect(url: string): Promise<RouteRedirect | null>;
  seed(options?: SeedOptions): Promise<{ games: number; playable: number }>;
  /** Drops the cached list sizes, routes and game entries (after a change to the games). */
  invalidate(): void;
}

/** The settings when no jurisdiction source is given (the config group `casino`'s defaults). */
export const DEFAULT_JURISDICTION: Jurisdiction = {
  autoplay: true,
  autoplayMaxRounds: 100,
  turbo: true,
  minRoundMs: 0,
  showNetPosition: false,
  showSessionTimer: false,
  maxStakeMinor: null,
};

export function createCasinoCatalogue(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  options: {
    settingsOf?: SettingsOf;
    /** The operator's slot first-deposit bonus page (config), or null when not configured. */
    slotBonusUrl?: () => Promise<string | null>;
  } = {},
): CasinoCatalogue {
  const db: Kysely<Database> = deps.db.db;
  // The lobby's lists, sizes and search are the same for every guest and cached anyway: they may
  // come from a read replica. Favourites, recent games and a game's own page stay on the primary.
  const lobbyReads = readsToleratingLag(deps.db);
  const sizes = new Cached(() => lobbyListSizes(lobbyReads), deps.clock, SIZES_TTL_MS);
  const listSize = async (key: string) => (await sizes.get()).get(key) ?? 0;
  const settingsOf: SettingsOf = options.settingsOf ?? (async () => DEFAULT_JURISDICTION);
  const routes = new Cached(() => loadGameRoutes(db), deps.clock, SIZES_TTL_MS);
  const slotBonusUrl = options.slotBonusUrl ?? (async () => null);
  const entries = new CachedMap<CatalogueGameEntry | null>(deps.clock, ENTRIES_TTL_MS, MAX_ENTRIES);
  const invalidate = () => {
    sizes.invalidate();
    routes.invalidate();
    entries.clear();
  };
  deps.bus.subscribe(CASINO_CATALOGUE_CHANGED_TOPIC, invalidate);

  return {
    lobby: (input) => listLobby(lobbyReads, input, listSize),
    game: (input) => readGame(db, input, settingsOf),
    categories: (section) => listCategories(lobbyReads, section, listSize),
    providers: () => listProviders(lobbyReads, listSize),
    search: (input) => searchGames(lobbyReads, input),
    async thumbnail(gameId, lang) {
      const row = await db
        .selectFrom('casino_games')
        .select(['names', 'theme'])
        .where('id', '=', gameId)
        .where('enabled', '=', true)
        .where('playable', '=', true)
        .executeTakeFirst();
      if (!row) throw new AppError('CASINO_GAME_NOT_FOUND', `no game ${gameId}`);
      return {
        svg: gameThumbnailSvg(row.theme, row.names[lang] ?? row.names.en),
        version: artVersion(row.theme, row.names),
      };
    },
    async providerLogo(providerId) {
      const row = await db
        .selectFrom('casino_providers')
        .select(['name', 'theme'])
        .where('id', '=', providerId)
        .where('enabled', '=', true)
        .executeTakeFirst();
      if (!row) throw new AppError('CASINO_PROVIDER_NOT_FOUND', `no provider ${providerId}`);
      return {
        svg: providerLogoSvg(row.theme, row.name),
        version: artVersion({ ...row.theme, glyph: '', accent: '' }, { ru: row.name, en: row.name }),
      };
    },
    favorites: (userId, lang) => readFavorites(db, userId, lang),
    addFavorites: (userId, gameIds, opts) => addFavorites(db, deps.clock, userId, gameIds, opts),
    removeFavorite: (userId, gameId) => removeFavorite(db, userId, gameId),
    recent: (userId, lang) => readRecent(db, userId, lang),
    markPlayed: (userId, gameId) => markPlayed(db, deps.clock, userId, gameId),
    games: { game: (gameId) => entries.get(`${gameId}`, () => gameEntry(db, gameId)) },
    previewLight: (input) => gamesPreviewLight(db, input),
    async routeRedirect(url) {
      const [known, bonus] = await Promise.all([routes.get(), slotBonusUrl()]);
      return resolveGameRoute(url, known, bonus);
    },
    async seed(seedOptions) {
      const counts = await seedCasinoCatalogue(db, seedOptions);
      invalidate();
      await deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, { at: deps.clock.nowMs() });
      return counts;
    },
    invalidate,
  };
}

/** Every visible game's current route by id, slug and old route (for the route guard). */
async function loadGameRoutes(db: Kysely<Database>): Promise<GameRoutes> {
  const rows = await db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true)
    .select(['g.id', 'g.slug', 'g.kind', 'g.old_route'])
    .execute();
  const byId = new Map<number, string>();
  const bySlug = new Map<string, string>();
  const byOldRoute = new Map<string, string>();
  for (const row of rows) {
    const route = gameRoute(row.kind, row.id, row.slug);
    byId.set(row.id, route);
    bySlug.set(row.slug, route);
    if (row.old_route) byOldRoute.set(row.old_route, route);
  }
  return { byId, bySlug, byOldRoute };
}
