import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair/fair-random.ts';
import { SimulationSource } from '../fair/fast-source.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import {
  baccaratCounts,
  baccaratRtps,
  baccaratValue,
  bankerDraws,
  dealCoup,
  playerDraws,
} from './baccarat.ts';
import { BACCARAT } from './definition.ts';
import { BACCARAT_GAME } from './game.ts';

function anyRandom(words: readonly number[]): FairRandom {
  // The given words first (any values, rejected ones included), then a seeded stream so a run of
  // rejections always ends.
  const rest = new SimulationSource(words[0] ?? 0);
  let i = 0;
  return new FairRandom({ nextUint32: () => (i < words.length ? words[i++]! : rest.nextUint32()) });
}

describe('baccarat rules', () => {
  it('values: ace 1, pips, tens and faces 0 (any deck of the shoe)', () => {
    expect([0, 1, 8, 9, 10, 11, 12].map(baccaratValue)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(baccaratValue(52 * 7 + 13 + 4)).toBe(5);
  });

  it('the player draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  // The standard tableau: rows banker total 0–7, columns the player's third card 0–9 (D draw, S stand).
  it.each([
    [0, 'DDDDDDDDDD'],
    [1, 'DDDDDDDDDD'],
    [2, 'DDDDDDDDDD'],
    [3, 'DDDDDDDDSD'],
    [4, 'SSDDDDDDSS'],
    [5, 'SSSSDDDDSS'],
    [6, 'SSSSSSDDSS'],
    [7, 'SSSSSSSSSS'],
  ])('banker on %i against the player’s third card 0–9: %s', (banker, row) => {
    const drawn = Array.from({ length: 10 }, (_, p) => (bankerDraws(banker, p) ? 'D' : 'S')).join('');
    expect(drawn).toBe(row);
    expect(bankerDraws(banker, null)).toBe(banker <= 5);
  });

  it('naturals stand; the banker draws on 5 when the player stood', () => {
    // values only: P 9+0 natural
    expect(dealCoup([9, 3, 0, 2, 5, 5], (v) => v)).toMatchObject({
      natural: true,
      winner: 'player',
      player: [9, 0],
    });
    // P 3+3=6 stands, B 2+3=5 draws a 4 → 9
    expect(dealCoup([3, 2, 3, 3, 4, 7], (v) => v)).toMatchObject({
      natural: false,
      player: [3, 3],
      banker: [2, 3, 4],
      winner: 'banker',
    });
    // P 1+2=3 draws 8 → 1; B 1+2=3 stands on a player's 8
    expect(dealCoup([1, 1, 2, 2, 8, 9], (v) => v)).toMatchObject({ banker: [1, 2], winner: 'banker' });
  });
});

describe('baccarat odds (8 decks, exact)', () => {
  const counts = baccaratCounts(BACCARAT);

  it('enumerates every ordered draw of the top six cards: 416·415·414·413·412·411', () => {
    expect(counts.all).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    expect(counts.player + counts.banker + counts.tie).toBe(counts.all);
  });

  it('matches the published 8-deck probabilities (banker .458597, player .446247, tie .095156)', () => {
    const p = (n: bigint) => Number((n * 10n ** 6n + counts.all / 2n) / counts.all) / 10 ** 6;
    expect(p(counts.banker)).toBe(0.458597);
    expect(p(counts.player)).toBe(0.446247);
    expect(p(counts.tie)).toBe(0.095156);
  });

  it('the stated RTPs are the enumeration’s exactly (house edge banker 1.06 %, player 1.24 %, tie 14.36 %)', () => {
    const rtps = baccaratRtps(BACCARAT);
    for (const kind of ['player', 'banker', 'tie'] as const)
      expect(rtps[kind].equals(BACCARAT.rtps[kind])).toBe(true);
    expect(Math.round((1 - rtps.banker.toNumber()) * 10_000)).toBe(106);
    expect(Math.round((1 - rtps.player.toNumber()) * 10_000)).toBe(124);
    expect(Math.round((1 - rtps.tie.toNumber()) * 10_000)).toBe(1436);
    expect(BACCARAT_GAME.rtp.equals(BACCARAT.rtps.banker)).toBe(true);
    expect(BACCARAT_GAME.rtpRange).toEqual([BACCARAT.rtps.tie, BACCARAT.rtps.banker]);
  });
});

describe('BACCARAT_GAME', () => {
  it('replays the known round: a 0–0 tie with six cards, player and banker bets push', () => {
    // Python: drawDistinct(6, 416) = 298, 170, 1, 7, 267, 413 → KD 2H 2S 8S 8S JC. Player K+2 = 2
    // draws 8 → 0; banker 2+8 = 0 draws J → 0.
    const params = BACCARAT_GAME.parseParams({
      bets: [
        { kind: 'player', amountMinor: '100' },
        { kind: 'banker', amountMinor: '30' },
        { kind: 'tie', amountMinor: '7' },
      ],
    });
    const state = BACCARAT_GAME.play(params, 137n, [], knownRandom());
    expect(state.payoutMinor).toBe(100n + 30n + 63n);
    expect(state.view).toEqual({
      player: ['KD', '2S', '8S'],
      banker: ['2H', '8S', 'JC'],
      playerTotal: 0,
      bankerTotal: 0,
      natural: false,
      winner: 'tie',
      bets: [
        { kind: 'player', amountMinor: '100', multiplier: '1', payoutMinor: '100' },
        { kind: 'banker', amountMinor: '30', multiplier: '1', payoutMinor: '30' },
        { kind: 'tie', amountMinor: '7', multiplier: '9', payoutMinor: '63' },
      ],
    });
  });

  it('a banker win pays 0.95:1 rounded down to the minor unit', () => {
    // find a banker win among the first nonces
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const state = BACCARAT_GAME.play(
        { bets: [{ kind: 'banker' }] },
        31n,
        [],
        knownRandom({ ...KNOWN_ROUND, nonce }),
      );
      if ((state.view as { winner: string }).winner !== 'banker') continue;
      expect(state.payoutMinor).toBe(60n); // 31 × 39 / 20 = 60.45
      return;
    }
    throw new Error('no banker win in 50 rounds');
  });

  it.each([
    [{}],
    [{ bets: [] }],
    [{ bets: [{ kind: 'dragon' }] }],
    [{ bets: [{ kind: 'tie', amountMinor: '-1' }] }],
    [
      {
        bets: [
          { kind: 'tie', amountMinor: '1' },
          { kind: 'tie', amountMinor: '1' },
        ],
      },
    ],
    [{ bets: [{ kind: 'player' }, { kind: 'banker', amountMinor: '5' }] }],
  ])('refuses %j', (params) => {
    expect(() => BACCARAT_GAME.parseParams(params)).toThrow(GameRuleError);
  });

  it('property: for any draws a bet pays at most its amount × its win multiplier, the table at most stake × 9', () => {
    fc.assert(
      fc.property(
        fc.subarray(['player', 'banker', 'tie'] as const, { minLength: 1 }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: 12 }),
        (kinds, amounts, words) => {
          const params = BACCARAT_GAME.parseParams({
            bets: kinds.map((kind, i) => ({ kind, amountMinor: amounts[i]!.toString() })),
          });
          const stake = kinds.reduce((sum, _, i) => sum + amounts[i]!, 0n);
          const state = BACCARAT_GAME.play(params, stake, [], anyRandom(words));
          const view = state.view as { bets: { payoutMinor: string }[]; player: string[]; banker: string[] };
          kinds.forEach((kind, i) => {
            const most = BACCARAT.pays[kind];
            expect(BigInt(view.bets[i]!.payoutMinor) * most.denominator).toBeLessThanOrEqual(
              amounts[i]! * most.numerator,
            );
          });
          expect(state.payoutMinor).toBeLessThanOrEqual(stake * 9n);
          expect(view.player.length + view.banker.length).toBeGreaterThanOrEqual(4);
          expect(view.player.length + view.banker.length).toBeLessThanOrEqual(6);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic; 200,000 coups on the banker land within 99 % of its exact RTP', () => {
    const seeds = { ...KNOWN_ROUND, nonce: 5 };
    const params = BACCARAT_GAME.defaultParams;
    expect(BACCARAT_GAME.play(params, 1000n, [], knownRandom(seeds))).toEqual(
      BACCARAT_GAME.play(params, 1000n, [], knownRandom(seeds)),
    );
    const tally = simulateReturn(
      (random) => new Ratio(BACCARAT_GAME.play(params, 1_000_000n, [], random).payoutMinor, 1_000_000n),
      200_000,
      29,
    );
    expect(tally.covers(BACCARAT.rtps.banker.toNumber())).toBe(true);
  }, 60_000);
});
