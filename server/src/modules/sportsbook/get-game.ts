import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { MarketView } from './events.ts';
import { type GameView, loadMarkets, selectGames, toGameView } from './game-view.ts';

/** Order of the market groups on the game page; unknown kinds follow in name order. */
export const KIND_ORDER = [
  'main',
  'totals',
  'handicaps',
  'goals',
  'teams',
  'periods',
  'score',
  'corners',
  'cards',
  'live',
  'specials',
];

export interface GameWithGroups extends GameView {
  groups: { kind: string; markets: MarketView[] }[];
}

/** One game with every market, grouped by kind. Throws GAME_NOT_FOUND. */
export async function getGame(db: Kysely<Database>, gameId: number, lang: string): Promise<GameWithGroups> {
  const row = await selectGames(db).where('g.id', '=', gameId).executeTakeFirst();
  if (!row) throw new AppError('GAME_NOT_FOUND', `No game ${gameId}`);
  const markets = (await loadMarkets(db, [gameId], false)).get(gameId) ?? [];
  return { ...toGameView(row, lang, markets), marketCount: markets.length, groups: groupByKind(markets) };
}

export function groupByKind(markets: MarketView[]): { kind: string; markets: MarketView[] }[] {
  const groups = new Map<string, MarketView[]>();
  for (const m of markets) groups.set(m.kind, [...(groups.get(m.kind) ?? []), m]);
  const rank = (kind: string) => {
    const i = KIND_ORDER.indexOf(kind);
    return i === -1 ? KIND_ORDER.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([kind, list]) => ({ kind, markets: list }));
}
