import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardOfCode } from '../cards/cards.ts';
import { botView, decide, playBots, strength } from './bots.ts';
import {
  act,
  chipsOnTable,
  deckFor,
  type HoldemAction,
  HoldemError,
  type HoldemRules,
  legalActions,
  newTable,
  startHand,
  type TableState,
} from './engine.ts';
import { bestHand, categoryOf, fiveCardValue } from './evaluator.ts';

const cards = (text: string): number[] => text.split(' ').map((code) => cardOfCode(code)!);
const SEED = 'a'.repeat(64);
const seedOf = (n: number) => n.toString(16).padStart(64, '0');

const NL: HoldemRules = { variant: 'no-limit', smallBlind: 50, bigBlind: 100, rakePercent: 3, rakeCap: 300 };
const FL: HoldemRules = { ...NL, variant: 'fixed-limit' };

function table(rules: HoldemRules, stacks: number[], bots = false): TableState {
  return newTable(
    rules,
    stacks.map((stack, i) => ({ name: `s${i}`, bot: bots && i > 0, stack })),
  );
}

function expectCode(f: () => unknown, code: string) {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(HoldemError);
    expect((error as HoldemError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe('evaluator', () => {
  it.each([
    ['AS KS QS JS TS', 'straight-flush'],
    ['5C 4C 3C 2C AC', 'straight-flush'],
    ['7S 7H 7D 7C 2S', 'four-of-a-kind'],
    ['KS KH KD 3C 3S', 'full-house'],
    ['2H 9H JH 4H KH', 'flush'],
    ['AS 2H 3D 4C 5S', 'straight'],
    ['4S 4H 4D 9C TS', 'three-of-a-kind'],
    ['4S 4H 9D 9C TS', 'two-pair'],
    ['JS JH 2D 7C 9S', 'pair'],
    ['JS 3H 2D 7C 9S', 'high-card'],
  ])('%s is %s', (hand, category) => {
    expect(categoryOf(fiveCardValue(cards(hand)))).toBe(category);
  });

  it('orders hands of one category by their kickers, and the wheel below six-high', () => {
    const v = (h: string) => fiveCardValue(cards(h));
    expect(v('AS AH KD 7C 2S')).toBeGreaterThan(v('AD AC QD JC TS'));
    expect(v('KS KH 2D 2C AS')).toBeGreaterThan(v('KD KC 2H 2S QS'));
    expect(v('6S 5H 4D 3C 2S')).toBeGreaterThan(v('AS 2H 3D 4C 5S'));
    expect(v('AS KH QD JC TS')).toBeGreaterThan(v('KS QH JD TC 9S'));
    expect(v('3S 3H 3D 2C 2S')).toBeGreaterThan(v('2D 2H 2C AC AS'));
    expect(v('AS KH QD JC 9S')).toBe(v('AH KD QC JS 9D'));
  });

  it('takes the best five of seven', () => {
    const best = bestHand(cards('AS KS 2H 3S QS JS 9D'));
    expect(categoryOf(best.value)).toBe('flush');
    expect(categoryOf(bestHand(cards('AS AH AD KS KH KD 2C')).value)).toBe('full-house');
    expect(bestHand(cards('2S 3H 4D 5C 6S 7H 8D')).value).toBe(fiveCardValue(cards('4D 5C 6S 7H 8D')));
  });

  it('agrees with a brute-force maximum over the 21 five-card hands (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: 7, maxLength: 7 }),
        (seven) => {
          let max = -1;
          for (let skip1 = 0; skip1 < 7; skip1 += 1)
            for (let skip2 = skip1 + 1; skip2 < 7; skip2 += 1)
              max = Math.max(max, fiveCardValue(seven.filter((_, i) => i !== skip1 && i !== skip2)));
          expect(bestHand(seven).value).toBe(max);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('deck', () => {
  it('is a permutation of the 52 cards, fixed by the seed', () => {
    const deck = deckFor(SEED);
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(deckFor(SEED)).toEqual(deck);
    expect(deckFor(seedOf(1))).not.toEqual(deck);
  });
});

describe('betting rules', () => {
  it('posts the blinds, heads-up the button is the small blind and acts first', () => {
    const t = startHand(table(NL, [10_000, 10_000]), SEED);
    const hand = t.hand!;
    expect(hand.button).toBe(0);
    expect(hand.players[0]!.committed).toBe(50);
    expect(hand.players[1]!.committed).toBe(100);
    expect(hand.toAct).toBe(0);
    expect(legalActions(t)).toMatchObject({
      seat: 0,
      check: false,
      call: 50,
      raise: { min: 200, max: 10_000 },
    });
  });

  it('six-handed: small blind left of the button, big blind next, first to act left of the big blind', () => {
    const t = startHand(table(NL, [5000, 5000, 5000, 5000, 5000, 5000]), SEED);
    expect(t.hand!.button).toBe(0);
    expect(t.hand!.players[1]!.committed).toBe(50);
    expect(t.hand!.players[2]!.committed).toBe(100);
    expect(t.hand!.toAct).toBe(3);
    // The button moves one seat each hand.
    let u = t;
    for (const seat of [3, 4, 5, 0, 1]) u = act(u, seat, { type: 'fold' });
    expect(u.hand!.finished).toBe(true);
    expect(startHand(u, seedOf(2)).hand!.button).toBe(1);
  });

  it('refuses out-of-turn, impossible and badly sized actions with stable codes, changing nothing', () => {
    const t = startHand(table(NL, [10_000, 10_000, 10_000]), SEED);
    expect(t.hand!.toAct).toBe(0);
    expectCode(() => act(t, 1, { type: 'fold' }), 'HOLDEM_NOT_YOUR_TURN');
    expectCode(() => act(t, 0, { type: 'check' }), 'HOLDEM_ACTION_NOT_ALLOWED');
    expectCode(() => act(t, 0, { type: 'bet', amount: 300 }), 'HOLDEM_ACTION_NOT_ALLOWED');
    expectCode(() => act(t, 0, { type: 'raise', amount: 150 }), 'HOLDEM_BAD_AMOUNT');
    expectCode(() => act(t, 0, { type: 'raise', amount: 10_001 }), 'HOLDEM_BAD_AMOUNT');
    expectCode(() => act(t, 0, { type: 'raise', amount: 250.5 }), 'HOLDEM_BAD_AMOUNT');
    expectCode(() => act(newTable(NL, []), 0, { type: 'fold' }), 'HOLDEM_NO_HAND');
    expectCode(() => startHand(t, SEED), 'HOLDEM_HAND_IN_PROGRESS');
    expectCode(() => startHand(table(NL, [100, 0]), SEED), 'HOLDEM_TOO_FEW_PLAYERS');
    expect(t.hand!.toAct).toBe(0);
  });

  it('no-limit minimum raise is the last full raise; a short all-in does not reopen the betting', () => {
    let t = startHand(table(NL, [10_000, 10_000, 450]), SEED);
    t = act(t, 0, { type: 'raise', amount: 400 }); // raise of 300
    expect(legalActions(t)!.raise).toEqual({ min: 700, max: 10_000 });
    t = act(t, 1, { type: 'call' });
    t = act(t, 2, { type: 'all-in' }); // to 450: +50, not a full raise
    expect(t.hand!.currentBet).toBe(450);
    const legal = legalActions(t)!;
    expect(legal.seat).toBe(0);
    expect(legal.raise).toBeNull();
    expect(legal.call).toBe(50);
    expectCode(() => act(t, 0, { type: 'raise', amount: 900 }), 'HOLDEM_ACTION_NOT_ALLOWED');
  });

  it('fixed-limit: the small bet preflop and on the flop, the big bet after, four bets a street', () => {
    let t = startHand(table(FL, [10_000, 10_000]), SEED);
    expect(legalActions(t)!.raise).toEqual({ min: 200, max: 200 });
    expectCode(() => act(t, 0, { type: 'raise', amount: 300 }), 'HOLDEM_BAD_AMOUNT');
    t = act(t, 0, { type: 'raise', amount: 200 });
    t = act(t, 1, { type: 'raise', amount: 300 });
    t = act(t, 0, { type: 'raise', amount: 400 }); // the fourth bet: capped
    expect(legalActions(t)!.raise).toBeNull();
    expect(legalActions(t)!.allIn).toBeNull();
    t = act(t, 1, { type: 'call' });
    expect(t.hand!.street).toBe('flop');
    expect(legalActions(t)!.bet).toEqual({ min: 100, max: 100 });
    t = act(t, 1, { type: 'check' });
    t = act(t, 0, { type: 'check' });
    expect(t.hand!.street).toBe('turn');
    expect(legalActions(t)!.bet).toEqual({ min: 200, max: 200 });
  });

  it('side pots for all-ins of different sizes, each to the best hand eligible for it', () => {
    // Seats 0 (500), 1 (1500), 2 (5000) all in preflop; 3 calls the biggest and folds nothing.
    let t = startHand(table(NL, [500, 1500, 5000, 5000]), SEED);
    // button 0, SB 1, BB 2, first to act 3
    t = act(t, 3, { type: 'all-in' });
    t = act(t, 0, { type: 'all-in' });
    t = act(t, 1, { type: 'all-in' });
    t = act(t, 2, { type: 'call' });
    const hand = t.hand!;
    expect(hand.finished).toBe(true);
    expect(hand.pots.map((p) => [p.amount, p.eligible])).toEqual([
      [2000, [0, 1, 2, 3]],
      [3000, [1, 2, 3]],
      [7000, [2, 3]],
    ]);
    const values = [0, 1, 2, 3].map((i) => bestHand([...hand.players[i]!.hole, ...hand.board]).value);
    for (const pot of hand.pots) {
      const best = Math.max(...pot.eligible.map((i) => values[i]!));
      expect(pot.winners).toEqual(pot.eligible.filter((i) => values[i] === best));
    }
    expect(hand.rake).toBe(300); // 3 % of 2000 + 3000 + 7000 = 360, capped at 300
    expect(chipsOnTable(t)).toBe(500 + 1500 + 5000 + 5000);
  });

  it('splits a pot evenly with the odd chip to the first winner left of the button', () => {
    // The board plays (a royal flush on board): everyone splits.
    const rules: HoldemRules = { ...NL, rakePercent: 0, smallBlind: 1, bigBlind: 2 };
    let t = startHand(table(rules, [1000, 1000, 1000]), SEED);
    const deck = ['2C', '3D', '4C', '5D', '2H', '3H', 'X', 'AS', 'KS', 'QS', 'X', 'JS', 'X', 'TS'];
    const used = new Set(deck.filter((c) => c !== 'X').map((c) => cardOfCode(c)!));
    const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !used.has(c));
    const order = deck.map((c) => (c === 'X' ? rest.pop()! : cardOfCode(c)!));
    // Re-deal from this deck: holes 1,2,0 / 1,2,0, then burn, flop, burn, turn, burn, river.
    t = structuredClone(t);
    const hand = t.hand!;
    hand.deck = [...order, ...rest];
    hand.players[1]!.hole = [hand.deck[0]!, hand.deck[3]!];
    hand.players[2]!.hole = [hand.deck[1]!, hand.deck[4]!];
    hand.players[0]!.hole = [hand.deck[2]!, hand.deck[5]!];
    t = act(t, 0, { type: 'raise', amount: 7 }); // pot 7 × 3 = 21: 7 each
    t = act(t, 1, { type: 'call' });
    t = act(t, 2, { type: 'raise', amount: 12 });
    t = act(t, 0, { type: 'call' });
    t = act(t, 1, { type: 'all-in' });
    t = act(t, 2, { type: 'fold' });
    t = act(t, 0, { type: 'call' });
    const pots = t.hand!.pots;
    expect(t.hand!.board.map((c) => c)).toEqual(cards('AS KS QS JS TS'));
    // Seat 2 folded 12; seats 0 and 1 split 1000 + 1000 + 12 = 2012 evenly.
    expect(pots).toHaveLength(1);
    expect(pots[0]!.winners).toEqual([1, 0]);
    expect(pots[0]!.shares).toEqual([1006, 1006]);
  });

  it('gives the odd chip by position', () => {
    const rules: HoldemRules = { ...NL, rakePercent: 0, smallBlind: 1, bigBlind: 3 };
    let t = startHand(table(rules, [1000, 1000, 1000]), SEED);
    t = structuredClone(t);
    const hand = t.hand!;
    const board = cards('AS KS QS JS TS');
    const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !board.includes(c));
    hand.deck = [
      ...rest.slice(0, 6),
      rest[6]!,
      board[0]!,
      board[1]!,
      board[2]!,
      rest[7]!,
      board[3]!,
      rest[8]!,
      board[4]!,
      ...rest.slice(9),
    ];
    hand.players[1]!.hole = [hand.deck[0]!, hand.deck[3]!];
    hand.players[2]!.hole = [hand.deck[1]!, hand.deck[4]!];
    hand.players[0]!.hole = [hand.deck[2]!, hand.deck[5]!];
    // SB 1 folds after the blind: pot = 1 + 3 + 3 = 7, split by seats 2 and 0: odd chip to seat 2.
    t = act(t, 0, { type: 'call' });
    t = act(t, 1, { type: 'fold' });
    t = act(t, 2, { type: 'check' });
    for (let street = 0; street < 3; street += 1) {
      t = act(t, 2, { type: 'check' });
      t = act(t, 0, { type: 'check' });
    }
    const pot = t.hand!.pots[0]!;
    expect(pot.amount).toBe(7);
    expect(pot.winners).toEqual([2, 0]);
    expect(pot.shares).toEqual([4, 3]);
  });

  it('takes no rake without a flop and gives an uncalled bet back', () => {
    let t = startHand(table(NL, [10_000, 10_000, 10_000]), SEED);
    t = act(t, 0, { type: 'raise', amount: 5000 });
    t = act(t, 1, { type: 'fold' });
    t = act(t, 2, { type: 'fold' });
    expect(t.hand!.rake).toBe(0);
    expect(t.hand!.events).toContainEqual({ kind: 'refund', seat: 0, amount: 4900 });
    expect(t.seats.map((s) => s.stack)).toEqual([10_150, 9950, 9900]);
  });
});

describe('bots', () => {
  it('rank hands sensibly', () => {
    expect(strength({ hole: cards('AS AH'), board: [], opponents: 1 })).toBeGreaterThan(
      strength({ hole: cards('7C 2D'), board: [], opponents: 1 }),
    );
    expect(strength({ hole: cards('AS KS'), board: cards('AD 7C 2H'), opponents: 1 })).toBeGreaterThan(0.5);
    expect(strength({ hole: cards('9S 8S'), board: cards('AD KC 2H'), opponents: 1 })).toBeLessThan(0.3);
  });

  it("never see another seat's cards: the decision is the same whatever the player holds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        let t = startHand(table(NL, [10_000, 10_000, 10_000], true), seedOf(n + 1));
        t = act(t, 0, { type: 'call' });
        const view = botView(t)!;
        const swapped = structuredClone(t);
        const mine = swapped.hand!.players[0]!;
        const free = Array.from({ length: 52 }, (_, c) => c).filter(
          (c) => !swapped.hand!.players.some((p) => p?.hole.includes(c)),
        );
        mine.hole = [free[n % free.length]!, free[(n + 7) % free.length]!];
        expect(botView(swapped)).toEqual(view);
        expect(JSON.stringify(view)).not.toContain(JSON.stringify(t.hand!.players[0]!.hole));
        expect(decide(view, 0.5)).toEqual(decide(botView(swapped)!, 0.5));
      }),
      { numRuns: 50 },
    );
  });

  it('play deterministically from the seed', () => {
    const a = playBots(
      act(startHand(table(NL, [10_000, 10_000, 10_000, 10_000], true), SEED), 3, { type: 'call' }),
    );
    const b = playBots(
      act(startHand(table(NL, [10_000, 10_000, 10_000, 10_000], true), SEED), 3, { type: 'call' }),
    );
    expect(a).toEqual(b);
  });
});

/** A random legal action (sometimes an illegal one, which must be refused and change nothing). */
function randomAction(t: TableState, pick: (n: number) => number): HoldemAction {
  const legal = legalActions(t)!;
  const options: HoldemAction[] = [{ type: 'fold' }];
  if (legal.check) options.push({ type: 'check' }, { type: 'check' });
  if (legal.call !== null) options.push({ type: 'call' }, { type: 'call' }, { type: 'call' });
  if (legal.allIn !== null) options.push({ type: 'all-in' });
  for (const [type, range] of [
    ['bet', legal.bet],
    ['raise', legal.raise],
  ] as const)
    if (range) options.push({ type, amount: range.min + pick(range.max - range.min + 1) });
  return options[pick(options.length)]!;
}

describe('hands played at random (properties)', () => {
  const arbitraryTable = fc.record({
    variant: fc.constantFrom<HoldemRules['variant']>('no-limit', 'fixed-limit'),
    stacks: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 2, maxLength: 9 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 }),
    picks: fc.array(fc.nat(), { minLength: 50, maxLength: 400 }),
    hands: fc.integer({ min: 1, max: 6 }),
  });

  it('conserve chips, keep stacks ≥ 0, award every pot to the evaluator’s best hand, refuse illegal moves', () => {
    fc.assert(
      fc.property(arbitraryTable, ({ variant, stacks, seed, picks, hands }) => {
        const rules: HoldemRules = { variant, smallBlind: 5, bigBlind: 10, rakePercent: 3, rakeCap: 30 };
        let t = table(
          rules,
          stacks.map((s, i) => (i < 2 ? Math.max(s, 1) : s)),
        );
        const total = chipsOnTable(t);
        let k = 0;
        const pick = (n: number) => (picks[k++ % picks.length]! + k) % n;
        for (let h = 0; h < hands && t.seats.filter((s) => s.stack > 0).length >= 2; h += 1) {
          const rakeBefore = t.rakeTotal;
          t = startHand(t, seedOf(seed + h));
          while (!t.hand!.finished) {
            const seat = t.hand!.toAct!;
            const wrong = (seat + 1 + pick(t.seats.length - 1)) % t.seats.length;
            if (wrong !== seat) expectCode(() => act(t, wrong, { type: 'fold' }), 'HOLDEM_NOT_YOUR_TURN');
            const legal = legalActions(t)!;
            if (legal.raise)
              expectCode(
                () => act(t, seat, { type: 'raise', amount: legal.raise!.max + 1 }),
                'HOLDEM_BAD_AMOUNT',
              );
            if (!legal.check) expectCode(() => act(t, seat, { type: 'check' }), 'HOLDEM_ACTION_NOT_ALLOWED');
            t = act(t, seat, randomAction(t, pick));
            expect(chipsOnTable(t)).toBe(total);
            for (const s of t.seats) expect(s.stack).toBeGreaterThanOrEqual(0);
          }
          const hand = t.hand!;
          expect(chipsOnTable(t)).toBe(total);
          const put = hand.players.reduce((sum, p) => sum + (p?.total ?? 0), 0);
          const pots = hand.pots.reduce((sum, p) => sum + p.amount, 0);
          expect(pots).toBe(put);
          expect(t.rakeTotal - rakeBefore).toBe(hand.rake);
          expect(hand.rake).toBeLessThanOrEqual(rules.rakeCap);
          if (hand.board.length < 3) expect(hand.rake).toBe(0);
          const live = hand.players.flatMap((p, i) => (p && !p.folded ? [i] : []));
          for (const pot of hand.pots) {
            expect(pot.shares.reduce((a, b) => a + b, 0) + pot.rake).toBe(pot.amount);
            expect(Math.max(...pot.shares) - Math.min(...pot.shares)).toBeLessThanOrEqual(1);
            if (live.length > 1) {
              const values = pot.eligible.map(
                (i) => bestHand([...hand.players[i]!.hole, ...hand.board]).value,
              );
              const best = Math.max(...values);
              expect([...pot.winners].sort()).toEqual(
                pot.eligible.filter((_, j) => values[j] === best).sort(),
              );
            } else expect(pot.winners).toEqual(live);
            // Side pots: everyone eligible put in at least the pot's level; nobody else is eligible.
            for (const i of pot.eligible) expect(hand.players[i]!.folded).toBe(false);
          }
          // The pots' levels: a player's chips are in exactly the pots up to their total.
          const eligibleCounts = hand.pots.map((p) => p.eligible.length);
          for (let j = 1; j < eligibleCounts.length; j += 1)
            expect(eligibleCounts[j]!).toBeLessThan(eligibleCounts[j - 1]!);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('bots against a random player conserve chips over many hands', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.constantFrom<HoldemRules['variant']>('no-limit', 'fixed-limit'),
        (seed, variant) => {
          const rules: HoldemRules = { variant, smallBlind: 5, bigBlind: 10, rakePercent: 3, rakeCap: 30 };
          let t = table(rules, [1000, 1000, 1000, 1000], true);
          let k = seed;
          const pick = (n: number) => {
            k = (Math.imul(k, 1103515245) + 12345) >>> 1;
            return k % n;
          };
          for (let h = 0; h < 10 && t.seats.filter((s) => s.stack > 0).length >= 2; h += 1) {
            t = playBots(startHand(t, seedOf(seed * 16 + h)));
            while (!t.hand!.finished) t = playBots(act(t, 0, randomAction(t, pick)));
            expect(chipsOnTable(t)).toBe(4000);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
