/**
 * How markets are shown: the game page's tabs (by market kind), cards (markets of one type and
 * specifiers but the line, e.g. every "Total" line as the rows of one card), and the names of markets
 * and outcomes from the dictionary (domain/sportsbook/market-labels.ts, shared with the server's bet history).
 */
import { cardTitle, type LabelNames, outcomeName } from '@parlay/domain/sportsbook/market-labels.ts';
import type { Game, Market } from './model.ts';

/** Tab order of the game page; kinds the game does not have are not shown. */
export const TAB_ORDER = [
  'main',
  'totals',
  'handicaps',
  'periods',
  'goals',
  'teams',
  'score',
  'corners',
  'cards',
  'live',
  'specials',
];
export const ALL_TAB = 'all';

export interface MarketCardModel {
  /** Stable key: type and specifiers but the line. */
  key: string;
  kind: string;
  type: string;
  specifiers: Record<string, string>;
  /** Markets of the card, by line (a market without a line is the card's only row). */
  markets: Market[];
}

function cardKey(market: Market): string {
  const parts = Object.keys(market.specifiers)
    .filter((k) => k !== 'line')
    .sort()
    .map((k) => `${k}=${market.specifiers[k]}`);
  return [market.type, ...parts].join('|');
}

/** Markets gathered into cards, in the order their first market comes. */
export function marketCards(markets: readonly Market[]): MarketCardModel[] {
  const cards = new Map<string, MarketCardModel>();
  for (const market of markets) {
    const key = cardKey(market);
    let card = cards.get(key);
    if (!card) {
      const { line: _line, ...specifiers } = market.specifiers;
      card = { key, kind: market.kind, type: market.type, specifiers, markets: [] };
      cards.set(key, card);
    }
    card.markets.push(market);
  }
  for (const card of cards.values()) {
    card.markets.sort((a, b) => Number(a.specifiers.line ?? 0) - Number(b.specifiers.line ?? 0));
  }
  return [...cards.values()];
}

export interface MarketTab {
  id: string;
  count: number;
}

/** Tabs of the game page: "all" then each kind the game has, in TAB_ORDER (unknown kinds last). */
export function marketTabs(markets: readonly Market[]): MarketTab[] {
  const counts = new Map<string, number>();
  for (const card of marketCards(markets)) counts.set(card.kind, (counts.get(card.kind) ?? 0) + 1);
  const rank = (kind: string) => {
    const index = TAB_ORDER.indexOf(kind);
    return index < 0 ? TAB_ORDER.length : index;
  };
  const kinds = [...counts.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [
    { id: ALL_TAB, count: [...counts.values()].reduce((a, b) => a + b, 0) },
    ...kinds.map((id) => ({ id, count: counts.get(id) ?? 0 })),
  ];
}

/** Whether a market matches the game page's market search (title or outcome names, case-insensitive). */
export function marketMatches(card: MarketCardModel, query: string, names: LabelNames): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  if (cardTitle(card, names).toLocaleLowerCase().includes(q)) return true;
  return card.markets.some((m) =>
    m.outcomes.some((o) => outcomeName(m, o, names).toLocaleLowerCase().includes(q)),
  );
}

/** The three main-market slots of an event row: the result (1 X 2 or 1 2), the total and the handicap. */
export interface MainMarkets {
  result: Market | null;
  total: Market | null;
  handicap: Market | null;
}

export function mainMarkets(game: Pick<Game, 'markets'>): MainMarkets {
  const main = game.markets.filter((m) => m.isMain && !m.specifiers.period);
  return {
    result: main.find((m) => m.type === 'result' || m.type === 'winner') ?? null,
    total: main.find((m) => m.type === 'total') ?? null,
    handicap: main.find((m) => m.type === 'handicap') ?? null,
  };
}

/** Games grouped under their championship, groups in the order their first game comes. */
export function groupByChamp<T extends Pick<Game, 'champ' | 'sportId'>>(games: readonly T[]) {
  const groups = new Map<number, { champ: T['champ']; sportId: number; games: T[] }>();
  for (const game of games) {
    let group = groups.get(game.champ.id);
    if (!group) {
      group = { champ: game.champ, sportId: game.sportId, games: [] };
      groups.set(game.champ.id, group);
    }
    group.games.push(game);
  }
  return [...groups.values()];
}

/**
 * Champ groups with the champs of one country (within one sport) brought together, in the order
 * the country first comes: the "group championships by country" setting.
 */
export function groupByCountry<G extends { sportId: number; champ: Pick<Game['champ'], 'country'> }>(
  groups: readonly G[],
): G[] {
  const byCountry = new Map<string, G[]>();
  for (const group of groups) {
    const key = `${group.sportId}:${group.champ.country.id}`;
    byCountry.set(key, [...(byCountry.get(key) ?? []), group]);
  }
  return [...byCountry.values()].flat();
}
