/**
 * The money property of a seat (quality bar of issue 19): whatever the player does — legal and
 * illegal actions, rebuys, timeouts, idle pages, leaving mid-hand — the money the studio pays back
 * over the wallet is exactly the final stack, which is the buy-ins plus what the player won from
 * the pots less what they put in (the rake comes out of the pots first), and a replayed leave pays
 * once. The wallet here is a model of Parlay's: idempotent by transaction id.
 */
import { type Hand, HoldemError } from '@parlay/domain/casino/holdem/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cashOut,
  deal,
  IDLE_MS,
  leave,
  openSeat,
  playerAct,
  playerLegal,
  rebuy,
  type SeatState,
  TURN_MS,
  tableMoney,
  tick,
} from './holdem-seat.ts';
import { POKER_TABLES } from './poker-tables.ts';

class ModelWallet {
  readonly moves = new Map<string, { kind: 'bet' | 'win'; amount: number }>();
  call(kind: 'bet' | 'win', id: string, amount: number) {
    if (!this.moves.has(id)) this.moves.set(id, { kind, amount });
  }
  total(kind: 'bet' | 'win') {
    return [...this.moves.values()].filter((m) => m.kind === kind).reduce((a, m) => a + m.amount, 0);
  }
}

/** What each seat got from a finished hand (refunds and pot shares) and put in (net of refunds). */
function net(hand: Hand): { put: number[]; got: number[] } {
  const got = hand.players.map(() => 0);
  for (const e of hand.events) {
    if (e.kind === 'refund') got[e.seat]! += e.amount;
    if (e.kind === 'pot')
      e.winners.forEach((w, k) => {
        got[w]! += e.shares[k]!;
      });
  }
  const refunds = hand.events.flatMap((e) => (e.kind === 'refund' ? [e] : []));
  // hand.players[i].total is after the refund: what the player had put in is total + refund.
  const put = hand.players.map(
    (p, i) => (p?.total ?? 0) + refunds.filter((r) => r.seat === i).reduce((a, r) => a + r.amount, 0),
  );
  return { put, got };
}

const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('act' as const), pick: fc.nat(), size: fc.nat() }), weight: 8 },
  { arbitrary: fc.record({ kind: fc.constant('deal' as const) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('rebuy' as const),
      amount: fc.integer({ min: -100, max: 60_000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom(1_000, TURN_MS, IDLE_MS),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('leave' as const) }), weight: 1 },
);

describe('a seat’s money (property)', () => {
  it('pays back exactly the final stack = buy-ins + won − put in; a replayed leave pays once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...POKER_TABLES),
        fc.nat(),
        fc.nat(),
        fc.array(command, { minLength: 1, maxLength: 120 }),
        (table, buyInPick, botSeed, commands) => {
          const money = tableMoney(table, 'RUB')!;
          const buyIn = money.minBuyIn + (buyInPick % (money.maxBuyIn - money.minBuyIn + 1));
          const wallet = new ModelWallet();
          let now = Date.parse('2026-11-28T00:00:00Z');
          let seeds = 0;
          const seed = () => (seeds++ + botSeed).toString(16).padStart(64, '0');
          let state: SeatState = openSeat(table, 'RUB', buyIn, now, botSeed);
          wallet.call('bet', 'buyin:0', buyIn);
          let rebuys = 0;
          let result = 0;
          let fromBots = 0;
          let rake = 0;
          const counted = new Set<number>();
          const count = (s: SeatState) => {
            const hand = s.table.hand;
            if (hand?.finished && !counted.has(hand.number)) {
              counted.add(hand.number);
              const { put, got } = net(hand);
              result += got[0]! - put[0]!;
              for (let i = 1; i < put.length; i += 1) fromBots += put[i]! - got[i]!;
              rake += hand.rake;
            }
          };
          const guarded = (f: () => SeatState) => {
            try {
              state = f();
            } catch (error) {
              if (!(error instanceof HoldemError)) throw error;
            }
          };
          state = deal(state, seed(), now, money);
          for (const c of commands) {
            if (state.left) break;
            if (c.kind === 'act') {
              const legal = playerLegal(state);
              const options = ['fold', 'check', 'call', 'all-in', 'bet', 'raise'] as const;
              const type = options[c.pick % options.length]!;
              const range = type === 'bet' ? legal?.bet : type === 'raise' ? legal?.raise : null;
              const amount = range ? range.min + (c.size % (range.max - range.min + 1)) : c.size;
              guarded(() =>
                playerAct(state, type === 'bet' || type === 'raise' ? { type, amount } : { type }, now),
              );
            } else if (c.kind === 'deal') guarded(() => deal(state, seed(), now, money));
            else if (c.kind === 'rebuy') {
              const before = state;
              guarded(() => rebuy(state, c.amount, money));
              if (state !== before) wallet.call('bet', `buyin:${++rebuys}`, c.amount);
            } else if (c.kind === 'wait') {
              now += c.ms;
              state = tick(state, now);
            } else state = leave(state, 'player', now);
            count(state);
            for (const s of state.table.seats) expect(s.stack).toBeGreaterThanOrEqual(0);
            const chips = state.table.seats.reduce((a, s) => a + s.stack, 0) + state.table.rakeTotal;
            const inPot =
              state.table.hand && !state.table.hand.finished
                ? state.table.hand.players.reduce((a, p) => a + (p?.total ?? 0), 0)
                : 0;
            expect(chips + inPot).toBe(state.buyIns + state.botTopUps);
          }
          if (!state.left) state = leave(state, 'player', now);
          count(state);
          const paid = cashOut(state);
          // The cash-out, sent twice (a replayed leave): one win.
          wallet.call('win', 'cashout', paid);
          const again = leave(state, 'player', now + 1);
          expect(again).toBe(state);
          wallet.call('win', 'cashout', cashOut(again));
          expect(wallet.total('win')).toBe(paid);
          expect(wallet.total('bet')).toBe(state.buyIns);
          expect(paid).toBe(state.table.seats[0]!.stack);
          expect(paid).toBe(state.buyIns + result);
          // = the buy-ins + the chips the bots lost − the rake of the player's hands (nothing else).
          expect(paid).toBe(state.buyIns + fromBots - rake);
          expect(paid).toBeLessThanOrEqual(
            state.buyIns + Math.max(0, fromBots) - rake + Math.max(0, -fromBots),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
