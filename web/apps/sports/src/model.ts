/** The sportsbook data the pages show, as the API under /web-api/sportsbook/v1 answers it (schemas.ts). */

export type MarketState = 'open' | 'suspended' | 'resulted' | 'cancelled';
export type OutcomeState = 'open' | 'suspended' | 'resulted';

export interface Sport {
  id: number;
  slug: string;
  name: string;
  position: number;
  icon: string;
  isEsport: boolean;
  isVirtual: boolean;
  liveCount: number;
  lineCount: number;
}

export interface Country {
  id: number;
  code: string;
  name: string;
}

export interface Champ {
  id: number;
  sportId: number;
  name: string;
  position: number;
  isTop: boolean;
  country: Country;
  lineCount: number;
  liveCount: number;
}

export interface Outcome {
  id: number;
  key: string;
  nameKey: string;
  oddsMilli: number;
  state: OutcomeState;
  result: string | null;
  version: number;
}

export interface Market {
  id: number;
  key: string;
  typeId: number;
  type: string;
  kind: string;
  nameKey: string;
  specifiers: Record<string, string>;
  state: MarketState;
  isMain: boolean;
  isLive: boolean;
  position: number;
  version: number;
  outcomes: Outcome[];
}

export interface Game {
  id: number;
  number: number;
  sportId: number;
  champ: { id: number; name: string; isTop: boolean; country: Country };
  home: { id: number; name: string };
  away: { id: number; name: string };
  startAt: string;
  /** 0 not started, 1 starting, 2 in play, 3 break, 4 finished, 5 cancelled. */
  status: number;
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  clockAt: string | null;
  score: { home: number; away: number };
  periodScores: [number, number][];
  stats: Record<string, [number, number]>;
  isLive: boolean;
  isFinished: boolean;
  isTop: boolean;
  statisticId: string | null;
  version: number;
  markets: Market[];
  /** How many markets the game has in all (game page only; lists estimate from the sport). */
  marketCount?: number;
}

export interface GamePage extends Game {
  groups: { kind: string; markets: Market[] }[];
}

/** A team, or a player of an individual sport, with its games (GET /teams/:id, /players/:id). */
export interface TeamPage {
  team: {
    id: number;
    name: string;
    sport: { id: number; slug: string; name: string };
    country: Country | null;
    isPlayer: boolean;
  };
  live: Game[];
  line: Game[];
  results: Game[];
}

export function parseTeamPage(body: unknown): TeamPage | null {
  if (!isObject(body) || !isObject(body.team) || !Number.isInteger(body.team.id)) return null;
  const lists = [body.live, body.line, body.results];
  return lists.every((l) => Array.isArray(l) && l.every(isGame)) ? (body as unknown as TeamPage) : null;
}

export interface SearchResult {
  teams: { id: number; sportId: number; name: string }[];
  games: Game[];
}

/** A list of games with the total the API counted. */
export interface GameList {
  games: Game[];
  total: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isGame(value: unknown): value is Game {
  if (!isObject(value)) return false;
  return (
    Number.isInteger(value.id) &&
    Number.isInteger(value.sportId) &&
    isObject(value.champ) &&
    isObject(value.home) &&
    isObject(value.away) &&
    typeof value.startAt === 'string' &&
    Array.isArray(value.markets)
  );
}

/** { data: Sport[] } ordered by position, or null. */
export function parseSports(body: unknown): Sport[] | null {
  if (!isObject(body) || !Array.isArray(body.data)) return null;
  const sports = body.data.filter(
    (s): s is Sport =>
      isObject(s) && Number.isInteger(s.id) && typeof s.slug === 'string' && typeof s.name === 'string',
  );
  if (sports.length !== body.data.length) return null;
  return sports
    .map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      position: s.position,
      icon: s.icon,
      isEsport: s.isEsport === true,
      isVirtual: s.isVirtual === true,
      liveCount: Number.isInteger(s.liveCount) ? s.liveCount : 0,
      lineCount: Number.isInteger(s.lineCount) ? s.lineCount : 0,
    }))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

export function parseChamps(body: unknown): Champ[] | null {
  if (!isObject(body) || !Array.isArray(body.data)) return null;
  return body.data.every((c) => isObject(c) && Number.isInteger(c.id) && isObject(c.country))
    ? (body.data as Champ[])
    : null;
}

export function parseGameList(body: unknown): GameList | null {
  if (!isObject(body) || !Array.isArray(body.data) || !body.data.every(isGame)) return null;
  return {
    games: body.data,
    total: Number.isInteger(body.total) ? (body.total as number) : body.data.length,
  };
}

export function parseGamePage(body: unknown): GamePage | null {
  return isGame(body) && Array.isArray((body as { groups?: unknown }).groups) ? (body as GamePage) : null;
}

export function parseSearch(body: unknown): SearchResult | null {
  if (!isObject(body) || !Array.isArray(body.teams) || !Array.isArray(body.games)) return null;
  return body.games.every(isGame) ? (body as unknown as SearchResult) : null;
}

/** A list game keeps its main markets only: what the event row shows (the props stay small). */
export function toListGame(game: Game): Game {
  const { markets, ...rest } = game as GamePage;
  const { groups: _groups, ...plain } = rest as GamePage;
  const main = markets.filter((m) => m.isMain);
  // A game page answer has every market; a list answer only the main ones, so its count says nothing.
  const complete = Array.isArray((game as GamePage).groups);
  return complete ? { ...plain, marketCount: markets.length, markets: main } : { ...plain, markets: main };
}
