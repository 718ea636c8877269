import type { LabelNames } from '@parlay/domain/sportsbook/market-labels.ts';
import { describe, expect, it } from 'vitest';
import { type GameCardProps, sameCard } from './GamePage.tsx';
import { applyMessage, type LiveState } from './live-state.ts';
import { marketCards } from './markets.ts';
import type { GamePage } from './model.ts';
import { testGame, testMarket, testOutcome } from './test-games.ts';

const names: LabelNames = { t: (key) => key, sportSlug: 'football', home: 'Arsenal', away: 'Chelsea' };

/** The props of each card of `state`'s game, as GameView passes them. */
function cardProps(state: LiveState): GameCardProps[] {
  const game = state.games[0] as GamePage;
  return marketCards(game.markets).map((card) => ({
    card,
    game,
    names,
    moves: state.moves,
    suspendedText: 'Suspended',
  }));
}

describe('a game page card renders again only when something of its own changed', () => {
  const result = testMarket(1, [testOutcome(11, 'home', 2100), testOutcome(12, 'draw', 3400)]);
  const total = testMarket(2, [testOutcome(21, 'over', 1900), testOutcome(22, 'under', 1900)], {
    key: 'total',
    type: 'total',
    specifiers: { line: '2.5' },
    position: 1,
  });
  const start: LiveState = { games: [testGame({ markets: [result, total] })], moves: {} };

  it('a price tick of one market: only that card differs, and a later tick without moves keeps the rest', () => {
    const ticked = applyMessage(
      start,
      {
        type: 'odds',
        gameId: start.games[0]?.id,
        outcomes: [{ id: 21, marketId: 2, oddsMilli: 2000, prev: 1900, state: 'open', version: 2 }],
      },
      1_000,
    );
    const [before, after] = [cardProps(start), cardProps(ticked)];
    expect(before.length).toBe(2);
    expect(sameCard(before[0] as GameCardProps, after[0] as GameCardProps)).toBe(true);
    expect(sameCard(before[1] as GameCardProps, after[1] as GameCardProps)).toBe(false);
  });

  it('a score changes the game object but no card; a new move of a price renders its card', () => {
    const gameId = start.games[0]?.id;
    const scored = applyMessage(
      start,
      {
        type: 'score',
        gameId,
        status: 2,
        period: 1,
        clockSeconds: 900,
        clockRunning: true,
        clockAt: '2026-11-29T01:00:00.000Z',
        score: { home: 1, away: 0 },
        periodScores: [[1, 0]],
        stats: {},
        version: 5,
      },
      1_000,
    );
    expect(scored.games[0]).not.toBe(start.games[0]);
    for (const [i, props] of cardProps(scored).entries()) {
      expect(sameCard(cardProps(start)[i] as GameCardProps, props)).toBe(true);
    }
    // The same markets with a move on outcome 11: the result card only.
    const moved: LiveState = { ...scored, moves: { 11: { dir: 'up', atMs: 1_000 } } };
    const [resultCard, totalCard] = cardProps(moved);
    const [resultBefore, totalBefore] = cardProps(scored);
    expect(sameCard(resultBefore as GameCardProps, resultCard as GameCardProps)).toBe(false);
    expect(sameCard(totalBefore as GameCardProps, totalCard as GameCardProps)).toBe(true);
  });

  it('other labels (a language change) render every card', () => {
    const relabelled = cardProps(start).map((props) => ({ ...props, names: { ...names } }));
    for (const [i, props] of relabelled.entries()) {
      expect(sameCard(cardProps(start)[i] as GameCardProps, props)).toBe(false);
    }
  });
});
