import { describe, expect, it } from 'vitest';
import { type GameInfo, gameInfoCache, gameLabel } from './game-names.ts';

const CATALOGUE: Record<number, GameInfo> = {
  1001: { name: 'Dice', route: '/casino/game/1001/dice' },
  1008: { name: 'Fruit Storm', route: '/slots/game/1008/fruit-storm' },
};

function catalogue() {
  const asked: number[] = [];
  const cache = gameInfoCache(async (id) => {
    asked.push(id);
    if (id === 666) throw new Error('network');
    return CATALOGUE[id] ?? null;
  });
  return { cache, asked };
}

describe('game names of rounds', () => {
  it('names the games of a page of rounds, asking the catalogue once per game', async () => {
    const { cache, asked } = catalogue();
    const first = await cache.many([1008, 1001, 1008, 1008]);
    expect(gameLabel(first, 1008)).toBe('Fruit Storm');
    expect(gameLabel(first, 1001)).toBe('Dice');
    expect(asked.sort()).toEqual([1001, 1008]);
    await cache.many([1001, 1008]);
    expect(asked.length).toBe(2);
  });

  it('shows the id of a game the catalogue does not name or that failed to load', async () => {
    const { cache } = catalogue();
    const found = await cache.many([1001, 4242, 666, 0, -3]);
    expect([...found.keys()]).toEqual([1001]);
    expect(gameLabel(found, 4242)).toBe('#4242');
    expect(gameLabel(found, 666)).toBe('#666');
  });
});
