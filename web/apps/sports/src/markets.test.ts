import { applyCouponCommand } from '@parlay/mf/coupon-store.ts';
import { oddsViewFrom } from '@parlay/mf/odds-view.ts';
import { describe, expect, it } from 'vitest';
import { groupByChamp, mainMarkets, marketCards, marketTabs } from './markets.ts';
import type { Market } from './model.ts';
import { gamePath, leadingId, listPath, slugify, withParam } from './paths.ts';

const m = (
  id: number,
  type: string,
  kind: string,
  specifiers: Record<string, string>,
  keys: string[],
  isMain = false,
): Market => ({
  id,
  key: type,
  typeId: 1,
  type,
  kind,
  nameKey: `market.${type}`,
  specifiers,
  state: 'open',
  isMain,
  isLive: false,
  position: id,
  version: 1,
  outcomes: keys.map((key, i) => ({
    id: id * 10 + i,
    key,
    nameKey: key.includes(':') ? 'outcome.score' : `outcome.${key}`,
    oddsMilli: 1850,
    state: 'open',
    result: null,
    version: 1,
  })),
});

const markets = [
  m(1, 'result', 'main', {}, ['home', 'draw', 'away'], true),
  m(2, 'total', 'totals', { line: '3.5' }, ['over', 'under']),
  m(3, 'total', 'totals', { line: '2.5' }, ['over', 'under'], true),
  m(4, 'handicap', 'handicaps', { line: '-0.5' }, ['home', 'away'], true),
  m(5, 'total', 'corners', { line: '9.5', stat: 'corners' }, ['over', 'under']),
  m(6, 'result', 'periods', { period: '1' }, ['home', 'draw', 'away']),
  m(7, 'correct_score', 'score', {}, ['1:0', '2:1']),
];

describe('market grouping', () => {
  it('gathers lines of one market into a card, sorted by line', () => {
    const cards = marketCards(markets);
    expect(cards.map((c) => c.key)).toEqual([
      'result',
      'total',
      'handicap',
      'total|stat=corners',
      'result|period=1',
      'correct_score',
    ]);
    expect(cards[1]?.markets.map((x) => x.specifiers.line)).toEqual(['2.5', '3.5']);
  });

  it('orders the tabs and counts cards', () => {
    expect(marketTabs(markets)).toEqual([
      { id: 'all', count: 6 },
      { id: 'main', count: 1 },
      { id: 'totals', count: 1 },
      { id: 'handicaps', count: 1 },
      { id: 'periods', count: 1 },
      { id: 'score', count: 1 },
      { id: 'corners', count: 1 },
    ]);
  });

  it('picks the main markets of an event row and groups rows by championship', () => {
    const main = mainMarkets({ markets });
    expect([main.result?.id, main.total?.id, main.handicap?.id]).toEqual([1, 3, 4]);
    const champ = (id: number) => ({
      id,
      name: `c${id}`,
      isTop: false,
      country: { id: 1, code: 'EN', name: 'England' },
    });
    const groups = groupByChamp([
      { sportId: 1, champ: champ(1) },
      { sportId: 1, champ: champ(2) },
      { sportId: 1, champ: champ(1) },
    ]);
    expect(groups.map((g) => [g.champ.id, g.games.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});

describe('paths', () => {
  it('builds and reads addresses', () => {
    expect(slugify('Newcastle Wanderers')).toBe('newcastle-wanderers');
    expect(leadingId('1296-newcastle')).toBe(1296);
    expect(leadingId('premier')).toBeNull();
    expect(listPath('en', 'live', 'football', { id: 2, name: 'Premier League' })).toBe(
      '/en/home/live/sports/football/2-premier-league',
    );
    const g = {
      id: 7,
      status: 2,
      champ: { id: 2, name: 'Premier League', isTop: true, country: { id: 1, code: 'EN', name: 'England' } },
      home: { id: 1, name: 'A' },
      away: { id: 2, name: 'B' },
    };
    expect(gamePath('en', g, { slug: 'football' })).toBe(
      '/en/home/live/sports/football/2-premier-league/7-a-b',
    );
    expect(gamePath('en', g, { slug: 'cs2', isEsport: true })).toBe(
      '/en/esports/real/cs2/2-premier-league/7-a-b',
    );
    expect(withParam('/en/home/line?tf=2', 'tf', null)).toBe('/en/home/line');
  });
});

describe('shared stores', () => {
  it('toggles coupon selections, one per game', () => {
    const a = { outcomeId: 1, gameId: 10, marketId: 100, oddsMilli: 1850 };
    const b = { outcomeId: 2, gameId: 10, marketId: 100, oddsMilli: 3400 };
    const one = applyCouponCommand([], { type: 'toggle', ...a });
    expect(one).toEqual([a]);
    expect(applyCouponCommand(one, { type: 'toggle', ...b })).toEqual([b]);
    expect(applyCouponCommand(one, { type: 'toggle', ...a })).toEqual([]);
    expect(applyCouponCommand(one, { type: 'clear' })).toEqual([]);
  });

  it('reads the odds format cookie', () => {
    expect([
      oddsViewFrom('2'),
      oddsViewFrom('16'),
      oddsViewFrom('3'),
      oddsViewFrom(undefined),
      oddsViewFrom('x'),
    ]).toEqual([2, 16, 0, 0, 0]);
  });
});
