/** The statistics the API answers (server statistics-schemas.ts): a champ's table and a game's figures. */

export type FormLetter = 'W' | 'D' | 'L';

/** id is null for a team of the simulated past the catalogue has not listed yet (no link then). */
export interface StatTeam {
  id: number | null;
  name: string;
}

export interface TableRow {
  position: number;
  team: StatTeam;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scoreFor: number;
  scoreAgainst: number;
  points: number;
  form: FormLetter[];
}

export interface ChampStatistics {
  champ: {
    id: number;
    name: string;
    sport: { id: number; slug: string; name: string };
    country: { name: string };
  };
  season: { from: string; to: string; games: number };
  pointsRule: { win: number; draw: number; loss: number };
  table: TableRow[];
}

export interface StatLine {
  key: string;
  home: number;
  away: number;
}

export interface PastGame {
  startAt: string;
  home: StatTeam;
  away: StatTeam;
  score: { home: number; away: number };
}

export interface GameStatistics {
  game: {
    id: number;
    sportId: number;
    champ: { id: number; name: string };
    home: StatTeam;
    away: StatTeam;
    status: number;
  };
  match: StatLine[];
  form: { home: FormLetter[]; away: FormLetter[] };
  headToHead: { games: PastGame[]; homeWins: number; draws: number; awayWins: number };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function parseChampStatistics(body: unknown): ChampStatistics | null {
  if (!isObject(body) || !isObject(body.champ) || !isObject(body.season) || !Array.isArray(body.table))
    return null;
  return body.table.every((r) => isObject(r) && isObject(r.team) && Array.isArray(r.form))
    ? (body as unknown as ChampStatistics)
    : null;
}

export function parseGameStatistics(body: unknown): GameStatistics | null {
  if (!isObject(body) || !isObject(body.game) || !Array.isArray(body.match)) return null;
  if (!isObject(body.form) || !isObject(body.headToHead) || !Array.isArray(body.headToHead.games))
    return null;
  return body as unknown as GameStatistics;
}
