import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair/fair-random.ts';
import { SimulationSource } from '../fair/fast-source.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { MINES } from './definition.ts';
import { MINES_GAME, type MinesAction } from './game.ts';
import { minesMultiplier } from './mines.ts';

const reveal = (tile: number): MinesAction => ({ type: 'reveal', tile });
const CASHOUT: MinesAction = { type: 'cashout' };

// The known round's 3 mines lie on tiles 1, 4 and 9 (mines.test.ts).
describe('MINES_GAME', () => {
  it('parses params and actions, refusing bad ones', () => {
    expect(MINES_GAME.parseParams({ mines: 24 })).toEqual({ mines: 24 });
    for (const bad of [{ mines: 0 }, { mines: 25 }, { mines: '3' }, []]) {
      expect(() => MINES_GAME.parseParams(bad)).toThrow(GameRuleError);
    }
    expect(MINES_GAME.parseAction({ type: 'reveal', tile: 7 })).toEqual(reveal(7));
    expect(MINES_GAME.parseAction({ type: 'cashout', tile: 7 })).toEqual(CASHOUT);
    for (const bad of [{ type: 'reveal' }, { type: 'flag', tile: 1 }, 'cashout', null]) {
      expect(() => MINES_GAME.parseAction(bad)).toThrow(GameRuleError);
    }
  });

  it('an open round hides the mines and offers only reveal before the first safe tile', () => {
    const state = MINES_GAME.play({ mines: 3 }, 100n, [], knownRandom());
    expect(state).toEqual({
      finished: false,
      stakedMinor: 100n,
      payoutMinor: 0n,
      allowed: ['reveal'],
      view: {
        mines: 3,
        revealed: [],
        busted: false,
        cashedOut: false,
        multiplier: null,
        nextMultiplier: '9/8',
        mineTiles: null,
      },
    });
    expect(() => MINES_GAME.play({ mines: 3 }, 100n, [CASHOUT], knownRandom())).toThrow(GameRuleError);
  });

  it('reveals safe tiles, then cashes out at the exact multiplier', () => {
    const open = MINES_GAME.play({ mines: 3 }, 1000n, [reveal(0), reveal(2)], knownRandom());
    expect(open.allowed).toEqual(['reveal', 'cashout']);
    expect(open.view).toMatchObject({
      revealed: [0, 2],
      mineTiles: null,
      multiplier: minesMultiplier(MINES, 3, 2).toString(),
    });
    const done = MINES_GAME.play({ mines: 3 }, 1000n, [reveal(0), reveal(2), CASHOUT], knownRandom());
    expect(done.finished).toBe(true);
    expect(done.payoutMinor).toBe((1000n * 99n * 25n * 24n) / (100n * 22n * 21n));
    expect(done.view).toMatchObject({ cashedOut: true, mineTiles: [1, 4, 9] });
  });

  it('a mine ends the round with nothing; later actions are refused', () => {
    const boom = MINES_GAME.play({ mines: 3 }, 1000n, [reveal(0), reveal(4)], knownRandom());
    expect(boom).toMatchObject({ finished: true, payoutMinor: 0n, allowed: [] });
    expect(boom.view).toMatchObject({
      busted: true,
      mineTiles: [1, 4, 9],
      multiplier: minesMultiplier(MINES, 3, 1).toString(),
    });
    expect(() => MINES_GAME.play({ mines: 3 }, 1000n, [reveal(4), reveal(0)], knownRandom())).toThrow(
      GameRuleError,
    );
    expect(() => MINES_GAME.play({ mines: 3 }, 1000n, [reveal(0), reveal(0)], knownRandom())).toThrow(
      GameRuleError,
    );
    expect(() => MINES_GAME.play({ mines: 3 }, 1000n, [reveal(25)], knownRandom())).toThrow(GameRuleError);
  });

  it('revealing the last safe tile cashes out by itself', () => {
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => ![1, 4, 9].includes(tile));
    const state = MINES_GAME.play({ mines: 3 }, 1_000_000n, safe.map(reveal), knownRandom());
    expect(state.finished).toBe(true);
    expect(state.payoutMinor).toBe((1_000_000n * 99n * 2300n) / 100n);
    expect(MINES_GAME.maxMultiplier.equals(minesMultiplier(MINES, 12, 13))).toBe(true);
  });

  it('is deterministic; 200,000 rounds cashing out after 3 tiles land within 99 % of the RTP', () => {
    const seeds = { ...KNOWN_ROUND, nonce: 21 };
    const actions = [reveal(6), reveal(12), reveal(18), CASHOUT];
    expect(MINES_GAME.play({ mines: 5 }, 10n, [reveal(6)], knownRandom(seeds))).toEqual(
      MINES_GAME.play({ mines: 5 }, 10n, [reveal(6)], knownRandom(seeds)),
    );
    // Each simulated round is replayed action by action from its own seed, as the server does.
    const tally = simulateReturn(
      (random) => {
        const seed = random.int(2 ** 32);
        const taken: MinesAction[] = [];
        let state = MINES_GAME.play(
          { mines: 5 },
          1_000_000n,
          taken,
          new FairRandom(new SimulationSource(seed)),
        );
        for (const action of actions) {
          if (state.finished) break;
          taken.push(action);
          state = MINES_GAME.play(
            { mines: 5 },
            1_000_000n,
            taken,
            new FairRandom(new SimulationSource(seed)),
          );
        }
        return new Ratio(state.payoutMinor, 1_000_000n);
      },
      200_000,
      16,
    );
    expect(tally.covers(MINES_GAME.rtp.toNumber())).toBe(true);
  }, 60_000);
});
