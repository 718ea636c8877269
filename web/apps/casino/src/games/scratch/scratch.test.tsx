import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import ScratchGame from './index.tsx';
import { readScratchView } from './scratch-view.ts';

const cells = ['seven', 'bell', 'seven', 'cherry', 'seven', 'lemon', 'bell', 'plum', 'cherry'];

describe('scratch card view', () => {
  it('reads nine cells from a flat list or three rows, and the winning cells', () => {
    const flat = readScratchView(testRound({ cells, winning: [0, 2, 4], multiplier: '10' }));
    expect(flat.cells).toEqual(cells);
    expect(flat.winning).toEqual([0, 2, 4]);
    expect(flat.multiplier).toBe('10.00');
    const rows = readScratchView(
      testRound({ grid: [cells.slice(0, 3), cells.slice(3, 6), cells.slice(6)], prizeSymbol: 'seven' }),
    );
    expect(rows.cells).toEqual(cells);
    expect(rows.winning).toEqual([0, 2, 4]);
  });
});

describe('scratch screen', () => {
  it('shows a card handed in by the frame uncovered, its three alike marked', () => {
    const round = testRound({ cells, winning: [0, 2, 4], multiplier: '10' }, { payoutMinor: '10000' });
    const html = renderScreen(ScratchGame, testProps({ round }));
    expect(html.match(/data-won="true"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Cell 1-1: Seven"');
    expect(html).toContain('You win 100.00 RUB');
    expect(html).not.toContain('<canvas');
    expect(html).toContain('Buy a card');
  });

  it('speaks Russian', () => {
    const round = testRound({ cells, winning: [], multiplier: '0' });
    const html = renderScreen(ScratchGame, testProps({ round }), 'ru');
    expect(html).toContain('Ячейка 3-2: Слива');
    expect(html).toContain('Купить карту');
  });
});

describe('scratch screen with the domain game', () => {
  it('draws a card the scratch game dealt: its grid, the three winning cells and the prize row', async () => {
    const { SCRATCH_GAME } = await import('@parlay/domain/casino/scratch/game.ts');
    const { FairRandom } = await import('@parlay/domain/casino/fair/fair-random.ts');
    const { SimulationSource } = await import('@parlay/domain/casino/fair/fast-source.ts');
    let found: ReturnType<typeof testRound> | null = null;
    for (let seed = 1; seed < 5_000 && !found; seed += 1) {
      const state = SCRATCH_GAME.play({}, 1000n, [], new FairRandom(new SimulationSource(seed)));
      if (state.payoutMinor > 0n)
        found = testRound(state.view, { payoutMinor: state.payoutMinor.toString() });
    }
    expect(found).not.toBeNull();
    const card = readScratchView(found);
    expect(card.cells).toHaveLength(9);
    expect(card.winning).toHaveLength(3);
    expect(card.prizeSymbol).not.toBeNull();
    const html = renderScreen(ScratchGame, testProps({ round: found }));
    expect(html.match(/<button[^>]*data-won="true"/g)).toHaveLength(3);
    expect(html).toMatch(/<tr data-won="true">/);
    for (const symbol of card.cells) expect(html).toContain(`data-symbol="${symbol}"`);
  });
});

describe('scratch symbols', () => {
  it('draws and names every prize symbol', async () => {
    const { SCRATCH } = await import('@parlay/domain/casino/scratch/definition.ts');
    const { SYMBOL_IDS } = await import('../slot-shared/symbols.tsx');
    const { DICTIONARIES } = await import('../slot-shared/test-support.tsx');
    for (const tier of SCRATCH.tiers) {
      expect(SYMBOL_IDS).toContain(tier.symbol);
      expect(DICTIONARIES.en.screen.symbols).toHaveProperty(tier.symbol);
      expect(DICTIONARIES.ru.screen.symbols).toHaveProperty(tier.symbol);
    }
  });
});
