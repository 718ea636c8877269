import type { InHouseGame, Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { SimulationSource } from '@parlay/domain/casino/fair/fast-source.ts';
import { SLOT_CLASSIC_GAME } from '@parlay/domain/casino/slot-classic/game.ts';
import { SLOT_CLUSTER_GAME } from '@parlay/domain/casino/slot-cluster/game.ts';
import { SLOT_FRUITS_GAME } from '@parlay/domain/casino/slot-fruits/game.ts';
import { describe, expect, it } from 'vitest';
import SlotClassicGame, { SLOT_CLASSIC_SCREEN } from '../slot-classic/index.tsx';
import SlotClusterGame, { SLOT_CLUSTER_SCREEN } from '../slot-cluster/index.tsx';
import SlotFruitsGame, { SLOT_FRUITS_SCREEN } from '../slot-fruits/index.tsx';
import { drawnLines, winningPositions } from './SlotScreen.tsx';
import { readSlotView } from './slot-view.ts';
import { SYMBOL_IDS } from './symbols.tsx';
import { DICTIONARIES, renderScreen, testProps, testRound } from './test-support.tsx';

/** The first seeded round of a slot whose view passes `wanted` (deterministic: fixed seeds). */
function findRound(game: InHouseGame, wanted: (view: ReturnType<typeof readSlotView>) => boolean) {
  for (let seed = 1; seed < 20_000; seed += 1) {
    const state = game.play({}, 1000n, [], new FairRandom(new SimulationSource(seed)));
    const round = testRound(state.view as Json, { payoutMinor: state.payoutMinor.toString() });
    if (wanted(readSlotView(round))) return round;
  }
  throw new Error('no such round in 20,000 seeds');
}

const cellsOf = (html: string) =>
  [...html.matchAll(/title="([^"]*)"><svg[^>]*data-symbol="([^"]+)"/g)].map((m) => m[2]);

describe('slot symbols', () => {
  it('draws every symbol of every strip and names it in both languages', () => {
    for (const config of [SLOT_CLASSIC_SCREEN, SLOT_FRUITS_SCREEN, SLOT_CLUSTER_SCREEN]) {
      for (const symbol of new Set(config.strips.flat())) {
        expect(SYMBOL_IDS).toContain(symbol);
        expect(DICTIONARIES.en.screen.symbols).toHaveProperty(symbol);
        expect(DICTIONARIES.ru.screen.symbols).toHaveProperty(symbol);
      }
    }
  });
});

describe('slot-classic screen', () => {
  it('draws the window of the view and the winning lines over it', () => {
    const round = findRound(SLOT_CLASSIC_GAME, (view) => (view.spins[0]?.wins.length ?? 0) >= 1);
    const view = readSlotView(round);
    const spin = view.spins[0]!;
    const html = renderScreen(SlotClassicGame, testProps({ round }));
    // the cells, reel by reel, are the view's grid
    expect(cellsOf(html)).toEqual(spin.grid.flat());
    expect(html.match(/<polyline/g)).toHaveLength(spin.wins.length);
    expect(html.match(/data-lit="true"/g)).toHaveLength(winningPositions(spin).size);
    const line = spin.wins[0]!;
    expect(html).toContain(`Line ${line.line! + 1}: `);
    expect(drawnLines(spin, SLOT_CLASSIC_SCREEN.lines)[0]!.points).toHaveLength(3);
    expect(html).toContain(`You win ${(Number(round.payoutMinor) / 100).toFixed(2)} RUB`);
  });

  it('names the symbols of each reel for screen readers, in Russian too', () => {
    const round = findRound(SLOT_CLASSIC_GAME, () => true);
    const grid = readSlotView(round).spins[0]!.grid;
    const html = renderScreen(SlotClassicGame, testProps({ round }), 'ru');
    const names = grid[0]!.map(
      (symbol) => DICTIONARIES.ru.screen.symbols[symbol as keyof typeof DICTIONARIES.ru.screen.symbols],
    );
    expect(html).toContain(`Барабан 1: ${names.join(', ')}`);
  });
});

describe('slot-fruits screen', () => {
  it('shows a round with free spins: the last free spin, the counter and the totals', () => {
    const round = findRound(SLOT_FRUITS_GAME, (view) => view.freeSpinsAwarded > 0);
    const view = readSlotView(round);
    const played = view.spins.length - 1;
    expect(played).toBe(view.freeSpinsAwarded);
    const html = renderScreen(SlotFruitsGame, testProps({ round }));
    expect(html).toContain(`Free spin ${played} of ${played}`);
    expect(html).toMatch(/Base spin [\d.]+ RUB, free spins \(\d+\) [\d.]+ RUB/);
    expect(cellsOf(html)).toEqual(view.spins.at(-1)!.grid.flat());
    // 5 reels × 3 rows
    expect(cellsOf(html)).toHaveLength(15);
  });

  it('lists the 20-line paytable with the scatter first', () => {
    expect(SLOT_FRUITS_SCREEN.lines).toHaveLength(20);
    expect(SLOT_FRUITS_SCREEN.paytable[0]!.kind).toBe('scatter');
    const html = renderScreen(SlotFruitsGame, testProps());
    // seven ×5 pays 1000 line bets = 50 total bets: 500.00 RUB at a 10.00 RUB stake
    expect(html).toContain('×5 on a line: 500.00 RUB');
  });
});

describe('slot-cluster screen', () => {
  it('draws ways wins without paylines', () => {
    const round = findRound(SLOT_CLUSTER_GAME, (view) => (view.spins[0]?.wins.length ?? 0) >= 1);
    const spin = readSlotView(round).spins[0]!;
    const html = renderScreen(SlotClusterGame, testProps({ round }));
    expect(html).not.toContain('<polyline');
    expect(html.match(/data-lit="true"/g)).toHaveLength(winningPositions(spin).size);
    expect(html).toContain(`, ${spin.wins[0]!.ways} ways — `);
  });
});
