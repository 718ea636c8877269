import type { Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import { KENO } from '@parlay/domain/casino/keno/definition.ts';
import { PLINKO } from '@parlay/domain/casino/plinko/definition.ts';
import { SLOT_CLASSIC } from '@parlay/domain/casino/slot-classic/definition.ts';
import { SLOT_CLUSTER } from '@parlay/domain/casino/slot-cluster/definition.ts';
import { SLOT_FRUITS } from '@parlay/domain/casino/slot-fruits/definition.ts';
import { describe, expect, it } from 'vitest';
import {
  compareWithServer,
  GAMES,
  KENO_PAYTABLES,
  PLINKO_TABLES,
  SLOT_REELS,
  verifyRound,
} from './verify-round.mjs';

/** A small deterministic generator for the sample's seeds and choices (not the game's randomness). */
function sampler(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    state ^= state >>> 13;
    return state >>> 0;
  };
  return {
    int: (n: number) => next() % n,
    hex: (length: number) => Array.from({ length }, () => (next() % 16).toString(16)).join(''),
  };
}

type Sample = { params: Json; actions: Json[] };

const SAMPLES: Record<string, (s: ReturnType<typeof sampler>) => Sample> = {
  dice: (s) => ({
    params: s.int(2)
      ? { direction: 'under', target: 100 + s.int(9700) }
      : { direction: 'over', target: 100 + s.int(9700) },
    actions: [],
  }),
  limbo: (s) => ({ params: { targetCenti: [101, 150, 200, 1000, 5000][s.int(5)]! }, actions: [] }),
  roulette: (s) => ({
    params: {
      bets: [
        { kind: ['red', 'black', 'odd', 'even'][s.int(4)]!, amountMinor: '60' },
        { kind: 'straight', numbers: [s.int(37)], amountMinor: '40' },
      ],
    } as Json,
    actions: [],
  }),
  keno: (s) => {
    const count = 1 + s.int(10);
    const picks = new Set<number>();
    while (picks.size < count) picks.add(1 + s.int(40));
    return { params: { picks: [...picks] }, actions: [] };
  },
  mines: (s) => {
    const mines = 1 + s.int(10);
    const tiles = new Set<number>();
    const reveals = 1 + s.int(5);
    while (tiles.size < reveals) tiles.add(s.int(25));
    const actions: Json[] = [...tiles].map((tile) => ({ type: 'reveal', tile }));
    return { params: { mines }, actions };
  },
  plinko: (s) => ({
    params: { rows: 8 + s.int(9), risk: ['low', 'medium', 'high'][s.int(3)]! },
    actions: [],
  }),
  'slot-classic': () => ({ params: {}, actions: [] }),
  'slot-fruits': () => ({ params: {}, actions: [] }),
  'slot-cluster': () => ({ params: {}, actions: [] }),
};

/** Plays the sample through the domain, stopping the mines reveals at a mine and cashing out if none. */
function domainRound(
  engineId: string,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  sample: Sample,
) {
  const game = inHouseGame(engineId)!;
  const params = game.parseParams(sample.params);
  const random = () => new FairRandom(new FairByteStream(seeds));
  let actions = sample.actions.map((a) => game.parseAction(a));
  if (engineId === 'mines') {
    const kept: Json[] = [];
    for (const action of actions) {
      const state = game.play(params, 100n, [...kept, action], random());
      kept.push(action);
      if (state.finished) break;
    }
    if (!game.play(params, 100n, kept, random()).finished) kept.push({ type: 'cashout' });
    actions = kept;
  }
  return { actions, state: game.play(params, 100n, actions, random()) };
}

describe('verify-round.mjs (the stand-alone script) agrees with the domain', () => {
  it('holds the same keno and plinko tables and slot reels as the definitions', () => {
    for (const slot of [SLOT_CLASSIC, SLOT_FRUITS, SLOT_CLUSTER]) {
      expect(SLOT_REELS[slot.id]).toEqual({ rows: slot.rows, strips: slot.strips });
    }
    for (const [picks, table] of Object.entries(KENO.paytables)) {
      expect(KENO_PAYTABLES[picks]).toEqual(table.multipliersMilli);
    }
    for (const [risk, boards] of Object.entries(PLINKO.tables)) {
      for (const [rows, table] of Object.entries(boards)) {
        expect(PLINKO_TABLES[risk]?.[rows]).toEqual(table.multipliersMilli);
      }
    }
  });

  it.each(Object.keys(SAMPLES))('reproduces 60 sampled %s rounds: outcome and payout', (engineId) => {
    expect(Object.keys(GAMES)).toContain(engineId);
    const s = sampler(engineId.length * 7919);
    let wins = 0;
    for (let i = 0; i < 60; i += 1) {
      const seeds = { serverSeed: s.hex(64), clientSeed: `player-${s.int(1000)}`, nonce: s.int(500) };
      const sample = SAMPLES[engineId]!(s);
      const { actions, state } = domainRound(engineId, seeds, sample);
      const server = { view: state.view, payoutMinor: state.payoutMinor.toString() };
      const result = verifyRound({
        game: engineId,
        ...seeds,
        stakeMinor: '100',
        params: sample.params,
        actions,
        server,
      });
      expect(result.commitment).toBe(commitment(seeds.serverSeed));
      expect(result.payoutMinor).toBe(state.payoutMinor.toString());
      expect(compareWithServer(result, server)).toEqual([]);
      if (state.payoutMinor > 0n) wins += 1;
    }
    // The sample covers both sides of the game (a script that always paid 0 would fail above too).
    expect(wins).toBeGreaterThan(0);
  });

  it('sees a slot spin whose stops the seeds do not give', () => {
    const seeds = { serverSeed: 'ef'.repeat(32), clientSeed: 'slots', nonce: 3 };
    const { state } = domainRound('slot-fruits', seeds, { params: {}, actions: [] });
    const view = state.view as { spins: { stops: number[] }[] };
    const forged = {
      ...view,
      spins: view.spins.map((spin, i) => (i === 0 ? { ...spin, stops: spin.stops.map((s) => s + 1) } : spin)),
    };
    const server = { view: forged, payoutMinor: state.payoutMinor.toString() };
    const result = verifyRound({ game: 'slot-fruits', ...seeds, stakeMinor: '100', params: {}, server });
    expect(compareWithServer(result, server).map((d) => d.field)).toEqual(['view.spins']);
  });

  it('reports a difference when the server claims another outcome', () => {
    const seeds = {
      serverSeed: '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
      clientSeed: 'lucky-player',
      nonce: 7,
    };
    const params = { direction: 'under', target: 5000 };
    const result = verifyRound({ game: 'dice', ...seeds, stakeMinor: '100', params });
    const forged = { view: { roll: 1234, win: true }, payoutMinor: '198' };
    expect(compareWithServer(result, forged).map((d) => d.field)).toEqual([
      'payoutMinor',
      'view.roll',
      'view.win',
    ]);
  });
});
