/**
 * The page props travel to the browser with the values every list game repeats left out (an open
 * outcome with no result, a market's name key that its type gives, empty statistics…), and the
 * browser puts them back before hydrating: the same objects, so the same render, in about half the
 * bytes (the props of a live list were a third of the page).
 */
import type { Game, Market, Outcome } from './model.ts';
import type { PageModel, SportsPageProps } from './page-model.ts';

type Packed<T> = Partial<T> & { [key: string]: unknown };

function packOutcome(o: Outcome): Packed<Outcome> {
  const { nameKey, state, result, version, ...rest } = o;
  return {
    ...rest,
    ...(version === 1 ? {} : { version }),
    ...(nameKey === `outcome.${o.key}` ? {} : { nameKey }),
    ...(state === 'open' ? {} : { state }),
    ...(result === null ? {} : { result }),
  };
}

function unpackOutcome(o: Packed<Outcome>): Outcome {
  return {
    id: o.id as number,
    key: o.key as string,
    nameKey: o.nameKey ?? `outcome.${o.key}`,
    oddsMilli: o.oddsMilli as number,
    state: o.state ?? 'open',
    result: o.result ?? null,
    version: o.version ?? 1,
  };
}

function packMarket(m: Market): Packed<Market> {
  const { nameKey, specifiers, state, isLive, isMain, version, outcomes, ...rest } = m;
  return {
    ...rest,
    ...(isMain ? {} : { isMain }),
    ...(version === 1 ? {} : { version }),
    ...(nameKey === `market.${m.type}` ? {} : { nameKey }),
    ...(Object.keys(specifiers).length === 0 ? {} : { specifiers }),
    ...(state === 'open' ? {} : { state }),
    ...(isLive ? { isLive } : {}),
    outcomes: outcomes.map(packOutcome) as Outcome[],
  };
}

function unpackMarket(m: Packed<Market>): Market {
  return {
    id: m.id as number,
    key: m.key as string,
    typeId: m.typeId as number,
    type: m.type as string,
    kind: m.kind as string,
    nameKey: m.nameKey ?? `market.${m.type}`,
    specifiers: m.specifiers ?? {},
    state: m.state ?? 'open',
    isMain: m.isMain ?? true,
    isLive: m.isLive ?? false,
    position: m.position as number,
    version: m.version ?? 1,
    outcomes: (m.outcomes as Packed<Outcome>[]).map(unpackOutcome),
  };
}

/** A list game without its repeated defaults (isLive and isFinished follow from the status). */
export function packGame(g: Game): Packed<Game> {
  const { stats, periodScores, clockAt, statisticId, isLive, isFinished, markets, ...rest } = g;
  return {
    ...rest,
    ...(Object.keys(stats).length === 0 ? {} : { stats }),
    ...(periodScores.length === 0 ? {} : { periodScores }),
    ...(clockAt === null ? {} : { clockAt }),
    ...(statisticId === null ? {} : { statisticId }),
    ...(isLive === (g.status >= 1 && g.status <= 3) ? {} : { isLive }),
    ...(isFinished === g.status >= 4 ? {} : { isFinished }),
    markets: markets.map(packMarket) as Market[],
  };
}

export function unpackGame(p: Packed<Game>): Game {
  const status = p.status as number;
  const game: Game = {
    id: p.id as number,
    number: p.number as number,
    sportId: p.sportId as number,
    champ: p.champ as Game['champ'],
    home: p.home as Game['home'],
    away: p.away as Game['away'],
    startAt: p.startAt as string,
    status,
    period: p.period as number,
    clockSeconds: p.clockSeconds as number,
    clockRunning: p.clockRunning as boolean,
    clockAt: p.clockAt ?? null,
    score: p.score as Game['score'],
    periodScores: p.periodScores ?? [],
    stats: p.stats ?? {},
    isLive: p.isLive ?? (status >= 1 && status <= 3),
    isFinished: p.isFinished ?? status >= 4,
    isTop: p.isTop as boolean,
    statisticId: p.statisticId ?? null,
    version: p.version as number,
    markets: (p.markets as Packed<Market>[]).map(unpackMarket),
  };
  if (p.marketCount !== undefined) game.marketCount = p.marketCount;
  return game;
}

function mapListGames(page: PageModel, map: (g: Game) => Game): PageModel {
  const all = (games: Game[]) => games.map(map);
  switch (page.kind) {
    case 'home':
      return { ...page, live: all(page.live), top: all(page.top) };
    case 'list':
    case 'results':
    case 'search':
      return { ...page, games: all(page.games) };
    case 'live-and-line':
      return { ...page, live: all(page.live), line: all(page.line) };
    case 'team':
      return { ...page, live: all(page.live), line: all(page.line), results: all(page.results) };
    case 'multi':
      return { ...page, candidates: all(page.candidates) };
    default:
      return page;
  }
}

/** The props as embedded in the page (list games packed). */
export function packProps(props: SportsPageProps): SportsPageProps {
  return { ...props, page: mapListGames(props.page, (g) => packGame(g) as Game) };
}

/** The props the server rendered with, from the embedded ones. */
export function unpackProps(props: SportsPageProps): SportsPageProps {
  return { ...props, page: mapListGames(props.page, (g) => unpackGame(g as Packed<Game>)) };
}
