/**
 * The live match visualisation's data: a game's play-by-play as the API answers it
 * (GET /web-api/sportsbook/v1/games/:id/play, server play-schemas.ts), the field each sport is drawn
 * on and where on it a zone lies. Pure, so the browser and the tests share it.
 */
import { type ApiResult, getJson } from '@parlay/client/api.ts';
import type { BallZone, PlayEventType, PlayPhase } from '@parlay/domain/sportsbook/match-play.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';

export type { PlayEventType, PlayPhase };
export type PlaySide = 'home' | 'away' | null;
export type PlayZone = BallZone;

export interface PlayEvent {
  id: string;
  type: PlayEventType;
  side: PlaySide;
  period: number;
  clockSeconds: number;
  value: number;
}

export interface GamePlay {
  gameId: number;
  status: number;
  available: boolean;
  moment: { phase: PlayPhase; side: PlaySide; zone: PlayZone | null };
  corners: [number, number];
  cards: [number, number];
  events: PlayEvent[];
}

/** How many of the latest events the visualisation asks for and lists. */
export const VISUAL_EVENTS = 8;
/** The browser asks again this often while the game is live (the page's /ws nudges it sooner). */
export const PLAY_POLL_MS = 4_000;

const PHASES: readonly PlayPhase[] = [
  'stopped',
  'possession',
  'attack',
  'dangerous_attack',
  'corner',
  'scored',
];
const TYPES: readonly PlayEventType[] = [
  'goal',
  'point',
  'shot',
  'dangerous_attack',
  'corner',
  'card',
  'period_start',
  'period_end',
];

const isSide = (x: unknown): x is PlaySide => x === 'home' || x === 'away' || x === null;
const isPair = (x: unknown): x is [number, number] =>
  Array.isArray(x) && x.length === 2 && x.every((n) => typeof n === 'number');

/** The API's answer, or null when it is not the expected shape. */
export function parseGamePlay(body: unknown): GamePlay | null {
  const b = body as Partial<GamePlay> | null;
  if (!b || typeof b.gameId !== 'number' || typeof b.available !== 'boolean') return null;
  const m = b.moment;
  if (!m || !PHASES.includes(m.phase) || !isSide(m.side)) return null;
  if (!isPair(b.corners) || !isPair(b.cards) || !Array.isArray(b.events)) return null;
  const events = b.events.filter(
    (e): e is PlayEvent =>
      typeof e?.id === 'string' &&
      TYPES.includes(e.type) &&
      isSide(e.side) &&
      typeof e.clockSeconds === 'number',
  );
  return {
    gameId: b.gameId,
    status: Number(b.status),
    available: b.available,
    moment: m,
    corners: b.corners,
    cards: b.cards,
    events,
  };
}

export const loadGamePlay = (api: ApiFetch, gameId: number): Promise<ApiResult<GamePlay>> =>
  getJson(api, `/web-api/sportsbook/v1/games/${gameId}/play?limit=${VISUAL_EVENTS}`, parseGamePlay);

export type FieldKind = 'pitch' | 'basketball' | 'handball' | 'volleyball' | 'tennis' | 'rink' | 'generic';

const FIELDS: Record<string, FieldKind> = {
  football: 'pitch',
  efootball: 'pitch',
  'virtual-football': 'pitch',
  basketball: 'basketball',
  'virtual-basketball': 'basketball',
  handball: 'handball',
  volleyball: 'volleyball',
  tennis: 'tennis',
  'table-tennis': 'tennis',
  'ice-hockey': 'rink',
};

/** The field a sport is drawn on; sports without their own drawing get a generic field. */
export function fieldOf(sportSlug: string): FieldKind {
  return FIELDS[sportSlug] ?? 'generic';
}

/** Net sports have no attacking third: the ball is on one side of the net or the other. */
export const NET_FIELDS: readonly FieldKind[] = ['volleyball', 'tennis'];

/**
 * The zone's stretch of the field's length as [from, to] shares (0 = home goal line, 1 = away),
 * the home side attacking to the right. Net sports split the field at the net.
 */
export function zoneSpan(zone: PlayZone, side: 'home' | 'away', field: FieldKind): [number, number] {
  const spans: Record<PlayZone, [number, number]> = NET_FIELDS.includes(field)
    ? { own: [0, 0.5], middle: [0, 0.5], attack: [0.5, 1], danger: [0.5, 1] }
    : { own: [0, 0.35], middle: [0.35, 0.65], attack: [0.65, 0.85], danger: [0.85, 1] };
  const [from, to] = spans[zone];
  return side === 'home' ? [from, to] : [1 - to, 1 - from];
}

/** The match minute of an event ("67'"), or null for sports without a clock. */
export function eventMinute(event: PlayEvent, hasClock: boolean): string | null {
  if (!hasClock) return null;
  return `${Math.floor(event.clockSeconds / 60) + (event.type === 'period_end' ? 0 : 1)}'`;
}
