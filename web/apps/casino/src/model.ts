/**
 * The casino data the pages show, as /web-api/casino/v1 answers it (the casino contract, §2). The
 * parsers accept what the pages need and drop what they do not understand, so one malformed game
 * never blanks a lobby: a list keeps its good entries, a body of the wrong shape is null.
 */
import type { Json, RoundView, StakeLimits } from './games/game-ui.ts';

export type Badge = 'new' | 'jackpot' | 'hot';

export interface GameTile {
  id: number;
  slug: string;
  engineId: string | null;
  name: string;
  route: string;
  provider: { id: string; name: string };
  categories: string[];
  tags: string[];
  /** Percent as text with two decimals: "99.00". */
  rtp: string;
  volatility: string;
  thumbnail: string;
  badges: Badge[];
  demo: boolean;
  real: boolean;
}

/** The jurisdiction's switches for one game (config group `casino`, per-game overrides). */
export interface Jurisdiction {
  autoplay: boolean;
  autoplayMaxRounds: number;
  turbo: boolean;
  minRoundMs: number;
  showNetPosition: boolean;
  showSessionTimer: boolean;
  maxStakeMinor: string | null;
}

export interface GameDetails extends GameTile {
  oldRoute: string | null;
  description: string | null;
  limits: StakeLimits;
  settings: Jurisdiction;
  related: GameTile[];
  inHouse: boolean;
}

export interface GamePage {
  games: GameTile[];
  nextCursor: string | null;
  total: number;
}

export interface Category {
  id: string;
  /** A key of the casino dictionary (categories.<id>), or a plain name. */
  name: string;
  count: number;
}

export interface Provider {
  id: string;
  name: string;
  count: number;
  logo: string | null;
}

export interface FairnessState {
  commitment: string;
  clientSeed: string;
  nonce: number;
  previous: { serverSeed: string; commitment: string; clientSeed: string; lastNonce: number } | null;
}

export interface DemoWallet {
  balanceMinor: string;
  currency: string;
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null;
const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};
const bool = (value: unknown, fallback = false): boolean => (typeof value === 'boolean' ? value : fallback);
const minorText = (value: unknown): string | null => {
  const text = str(value);
  return /^-?\d{1,30}$/.test(text) ? text : null;
};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const BADGES: readonly Badge[] = ['new', 'jackpot', 'hot'];

/** One game tile, or null when it lacks what a tile needs (id, name, route). */
export function parseTile(value: unknown): GameTile | null {
  if (!isRow(value)) return null;
  const id = num(value.id, Number.NaN);
  const name = str(value.name);
  const route = str(value.route);
  if (!Number.isInteger(id) || id <= 0 || !name || !route.startsWith('/')) return null;
  const provider = isRow(value.provider) ? value.provider : {};
  return {
    id,
    slug: str(value.slug),
    engineId: typeof value.engineId === 'string' && value.engineId ? value.engineId : null,
    name,
    route,
    provider: { id: str(provider.id), name: str(provider.name) },
    categories: strings(value.categories),
    tags: strings(value.tags),
    rtp: str(value.rtp),
    volatility: str(value.volatility),
    thumbnail: str(value.thumbnail),
    badges: strings(value.badges).filter((b): b is Badge => (BADGES as readonly string[]).includes(b)),
    demo: bool(value.demo, true),
    real: bool(value.real, true),
  };
}

export const parseTiles = (value: unknown): GameTile[] =>
  Array.isArray(value) ? value.map(parseTile).filter((g): g is GameTile => g !== null) : [];

/** `{ games, nextCursor, total }` of /lobby. */
export function parseGamePage(body: unknown): GamePage | null {
  if (!isRow(body) || !Array.isArray(body.games)) return null;
  const games = parseTiles(body.games);
  return {
    games,
    nextCursor: typeof body.nextCursor === 'string' && body.nextCursor ? body.nextCursor : null,
    total: num(body.total, games.length),
  };
}

/** `{ games }` of /search, /favorites and /recent. */
export function parseGameList(body: unknown): GameTile[] | null {
  return isRow(body) && Array.isArray(body.games) ? parseTiles(body.games) : null;
}

export function parseCategories(body: unknown): Category[] | null {
  if (!isRow(body) || !Array.isArray(body.categories)) return null;
  return body.categories.filter(isRow).flatMap((c) => {
    const id = str(c.id);
    return id ? [{ id, name: str(c.name, id), count: num(c.count) }] : [];
  });
}

export function parseProviders(body: unknown): Provider[] | null {
  if (!isRow(body) || !Array.isArray(body.providers)) return null;
  return body.providers.filter(isRow).flatMap((p) => {
    const id = str(p.id);
    return id ? [{ id, name: str(p.name, id), count: num(p.count), logo: str(p.logo) || null }] : [];
  });
}

function parseLimits(value: unknown): StakeLimits {
  const row = isRow(value) ? value : {};
  return {
    currency: str(row.currency, 'RUB'),
    minStakeMinor: minorText(row.minStakeMinor) ?? '100',
    maxStakeMinor: minorText(row.maxStakeMinor) ?? '1000000',
    stepMinor: minorText(row.stepMinor ?? row.step) ?? '1',
  };
}

function parseJurisdiction(value: unknown): Jurisdiction {
  const row = isRow(value) ? value : {};
  return {
    autoplay: bool(row.autoplay),
    autoplayMaxRounds: Math.max(0, Math.floor(num(row.autoplayMaxRounds))),
    turbo: bool(row.turbo),
    minRoundMs: Math.max(0, num(row.minRoundMs)),
    showNetPosition: bool(row.showNetPosition),
    showSessionTimer: bool(row.showSessionTimer),
    maxStakeMinor: minorText(row.maxStakeMinor),
  };
}

/** GameDetails of /games/:id (the body itself or `{ game }`). */
export function parseGameDetails(body: unknown): GameDetails | null {
  const value = isRow(body) && isRow(body.game) ? body.game : body;
  const tile = parseTile(value);
  if (!tile || !isRow(value)) return null;
  return {
    ...tile,
    oldRoute: str(value.oldRoute) || null,
    description: str(value.description) || null,
    limits: parseLimits(value.limits),
    settings: parseJurisdiction(value.settings),
    related: parseTiles(value.related),
    inHouse: bool(value.inHouse, tile.engineId !== null),
  };
}

export function parseFairness(body: unknown): FairnessState | null {
  if (!isRow(body) || typeof body.commitment !== 'string') return null;
  const p = isRow(body.previous) ? body.previous : null;
  return {
    commitment: body.commitment,
    clientSeed: str(body.clientSeed),
    nonce: num(body.nonce),
    previous: p
      ? {
          serverSeed: str(p.serverSeed),
          commitment: str(p.commitment),
          clientSeed: str(p.clientSeed),
          lastNonce: num(p.lastNonce),
        }
      : null,
  };
}

/** A round as the rounds API answers it, or null. */
export function parseRound(value: unknown): RoundView | null {
  if (!isRow(value) || typeof value.roundId !== 'string') return null;
  const status = value.status === 'open' ? 'open' : 'finished';
  return {
    roundId: value.roundId,
    gameId: num(value.gameId),
    engineId: str(value.engineId),
    mode: value.mode === 'real' ? 'real' : 'demo',
    status,
    stakeMinor: minorText(value.stakeMinor) ?? '0',
    stakedMinor: minorText(value.stakedMinor) ?? minorText(value.stakeMinor) ?? '0',
    payoutMinor: minorText(value.payoutMinor) ?? '0',
    allowed: strings(value.allowed),
    view: (value.view ?? null) as Json,
    params: (value.params ?? null) as Json,
    currency: str(value.currency),
    balanceBeforeMinor: minorText(value.balanceBeforeMinor) ?? '0',
    balanceAfterMinor: minorText(value.balanceAfterMinor) ?? '0',
    nonce: num(value.nonce),
    commitment: str(value.commitment),
    clientSeed: str(value.clientSeed),
    createdAt: str(value.createdAt),
    finishedAt: typeof value.finishedAt === 'string' ? value.finishedAt : null,
  };
}

/** `{ round }` of /rounds/open. */
export function parseOpenRound(body: unknown): { round: RoundView | null } | null {
  if (!isRow(body) || !('round' in body)) return null;
  return { round: body.round === null ? null : parseRound(body.round) };
}

export function parseHistory(body: unknown): { rounds: RoundView[]; nextCursor: string | null } | null {
  if (!isRow(body) || !Array.isArray(body.rounds)) return null;
  return {
    rounds: body.rounds.map(parseRound).filter((r): r is RoundView => r !== null),
    nextCursor: typeof body.nextCursor === 'string' && body.nextCursor ? body.nextCursor : null,
  };
}

/** The demo wallet (`{ balanceMinor, currency }`, or `{ wallet: … }`). */
export function parseDemoWallet(body: unknown): DemoWallet | null {
  const value = isRow(body) && isRow(body.wallet) ? body.wallet : body;
  if (!isRow(value)) return null;
  const balanceMinor = minorText(value.balanceMinor);
  return balanceMinor === null ? null : { balanceMinor, currency: str(value.currency, 'FUN') };
}
