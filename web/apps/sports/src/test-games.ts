/**
 * For the sports tests: a game, its 1X2 result market and outcomes as the API sends them. Each
 * factory takes what differs from the base; the base game is Arsenal — Chelsea of the Premier
 * League, in play (status 2, first period, 10 minutes on a running clock), with no market.
 */
import type { Game, Market, Outcome } from './model.ts';

/** An open outcome of `key` (its name key outcome.<key>) priced at oddsMilli. */
export const testOutcome = (
  id: number,
  key: string,
  oddsMilli: number,
  extra: Partial<Outcome> = {},
): Outcome => ({
  id,
  key,
  nameKey: `outcome.${key}`,
  oddsMilli,
  state: 'open',
  result: null,
  version: 1,
  ...extra,
});

/** The open main result market (1X2) of a line game, at position 0. */
export const testMarket = (id: number, outcomes: Outcome[], extra: Partial<Market> = {}): Market => ({
  id,
  key: 'result',
  typeId: 1,
  type: 'result',
  kind: 'main',
  nameKey: 'market.result',
  specifiers: {},
  state: 'open',
  isMain: true,
  isLive: false,
  position: 0,
  version: 1,
  outcomes,
  ...extra,
});

export const testGame = (extra: Partial<Game> = {}): Game => ({
  id: 1,
  number: 1,
  sportId: 1,
  champ: { id: 2, name: 'Premier League', isTop: true, country: { id: 1, code: 'EN', name: 'England' } },
  home: { id: 1, name: 'Arsenal' },
  away: { id: 2, name: 'Chelsea' },
  startAt: '2026-11-22T10:00:00.000Z',
  status: 2,
  period: 1,
  clockSeconds: 600,
  clockRunning: true,
  clockAt: '2026-11-22T10:10:00.000Z',
  score: { home: 0, away: 0 },
  periodScores: [[0, 0]],
  stats: {},
  isLive: true,
  isFinished: false,
  isTop: false,
  statisticId: null,
  version: 1,
  markets: [],
  ...extra,
});
