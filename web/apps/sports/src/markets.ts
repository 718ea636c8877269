/**
 * How markets are shown: the game page's tabs (by market kind), cards (markets of one type and
 * specifiers but the line, e.g. every "Total" line as the rows of one card), and the names of markets
 * and outcomes from the dictionary (market.<type>, outcome.<key>; correct scores use outcome.score).
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import type { Game, Market, Outcome } from './model.ts';

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

/** The unit of a period per sport (halves, quarters, sets, maps…), for "1st half", "Set 2". */
const PERIOD_UNIT: Record<string, string> = {
  football: 'half',
  efootball: 'half',
  'virtual-football': 'half',
  handball: 'half',
  basketball: 'quarter',
  'virtual-basketball': 'quarter',
  'american-football': 'quarter',
  'ice-hockey': 'period',
  tennis: 'set',
  volleyball: 'set',
  'table-tennis': 'set',
  baseball: 'inning',
  cricket: 'innings',
  mma: 'round',
  cs2: 'map',
  'dota-2': 'map',
  'league-of-legends': 'map',
  valorant: 'map',
};

export function periodUnit(sportSlug: string): string {
  return PERIOD_UNIT[sportSlug] ?? 'period';
}

/** "−0.5", "+1.25", "0": a line with a real minus sign and an explicit plus for handicaps. */
export function formatLine(line: string, signed: boolean): string {
  const value = Number(line);
  if (!Number.isFinite(value)) return line;
  const abs = String(Math.abs(value));
  if (value < 0) return `−${abs}`;
  return signed && value > 0 ? `+${abs}` : abs;
}

/** The away side's handicap line is the home line negated. */
export function awayLine(line: string): string {
  const value = Number(line);
  return Number.isFinite(value) ? String(value === 0 ? 0 : -value) : line;
}

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

export interface Names {
  t: TranslateFn;
  sportSlug: string;
  home: string;
  away: string;
}

/** "1st half · Corners · Total", "Team total · Arsenal", "Goal 2: who scores". */
export function cardTitle(card: Pick<MarketCardModel, 'type' | 'specifiers'>, names: Names): string {
  const { t } = names;
  const s = card.specifiers;
  const parts: string[] = [];
  if (s.period) {
    parts.push(t(`period.${periodUnit(names.sportSlug)}`, { ord: t(`ordinal.${s.period}`), n: s.period }));
  }
  if (s.stat) parts.push(t(`stat.${s.stat}`));
  if (card.type === 'next_goal') parts.push(t('market.next_goal', { n: s.goal ?? '1' }));
  else parts.push(t(`market.${card.type}`));
  if (s.team) parts.push(s.team === 'home' ? names.home : names.away);
  return parts.join(' · ');
}

/** The short label on an odds button: "1", "X", "O 2.5", "1 (−0.5)", "2:1". */
export function outcomeShort(market: Market, outcome: Outcome, t: TranslateFn): string {
  const line = market.specifiers.line;
  if (outcome.nameKey === 'outcome.score') return outcome.key;
  if (line !== undefined && (outcome.key === 'over' || outcome.key === 'under')) {
    return t(`short.${outcome.key}`, { line: formatLine(line, false) });
  }
  if (market.type === 'handicap' && line !== undefined) {
    const own = outcome.key === 'away' ? awayLine(line) : line;
    return `${t(`short.${outcome.key}`)} (${formatLine(own, true)})`;
  }
  return t(`short.${outcome.key}`);
}

/** The full name of an outcome for screen readers and the bet slip: "Home win", "Over 2.5", "Arsenal (−0.5)". */
export function outcomeName(market: Market, outcome: Outcome, names: Names): string {
  const { t } = names;
  const line = market.specifiers.line;
  if (outcome.nameKey === 'outcome.score') return t('outcome.score', { score: outcome.key });
  if (line !== undefined && (outcome.key === 'over' || outcome.key === 'under')) {
    return t(`outcome.${outcome.key}_line`, { line: formatLine(line, false) });
  }
  if (market.type === 'handicap' && line !== undefined) {
    const team = outcome.key === 'away' ? names.away : names.home;
    const own = outcome.key === 'away' ? awayLine(line) : line;
    return `${team} (${formatLine(own, true)})`;
  }
  if ((market.type === 'result' || market.type === 'winner') && outcome.key !== 'draw') {
    return t(`outcome.${outcome.key}_win`);
  }
  return t(outcome.nameKey);
}

/** Whether a market matches the game page's market search (title or outcome names, case-insensitive). */
export function marketMatches(card: MarketCardModel, query: string, names: Names): boolean {
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
