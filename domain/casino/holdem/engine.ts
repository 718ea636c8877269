/**
 * Texas hold'em, no-limit and fixed-limit, as pure functions over a JSON-able table state (the
 * studio keeps it in its seat row between requests). Money is whole minor units (safe integers).
 *
 * - Seats with chips are dealt in; the button moves one dealt seat clockwise each hand. Heads-up the
 *   button posts the small blind and acts first preflop, last after.
 * - Betting: fold, check, call, bet, raise, all-in. Bet and raise amounts are "to" amounts: the
 *   player's chips in this street after the action. No-limit: a bet is at least the big blind and a
 *   raise at least the last full raise (the minimum raise); fixed-limit: bets and raises are one small
 *   bet (the big blind) preflop and on the flop, one big bet (two big blinds) on the turn and river,
 *   at most RAISE_CAP bets a street (a bet and three raises; the blind counts as the preflop bet). An
 *   all-in for less than a full raise does not reopen the betting for players who already acted.
 * - An uncalled bet is given back; the pots are built from what each player put in (side pots for
 *   all-ins of different sizes); each pot goes to the best five of seven among the players still in
 *   it, split evenly, odd chips one at a time from the first seat left of the button.
 * - Rake: 3 % (rules.rakePercent) of each pot of a hand that saw a flop, rounded down, at most
 *   rules.rakeCap a hand in all; no flop, no rake.
 * - Cards: a deck shuffled by FairRandom (Fisher–Yates, rejection sampling) from the hand's seed.
 */
import { FairByteStream } from '../fair/byte-stream.ts';
import { FairRandom } from '../fair/fair-random.ts';
import { bestHand, categoryOf, type HandCategory } from './evaluator.ts';

export type HoldemVariant = 'no-limit' | 'fixed-limit';
export type Street = 'preflop' | 'flop' | 'turn' | 'river';

export const RAISE_CAP = 4;

export interface HoldemRules {
  variant: HoldemVariant;
  smallBlind: number;
  bigBlind: number;
  rakePercent: number;
  /** The most rake one hand pays, in minor units. */
  rakeCap: number;
}

export interface Seat {
  name: string;
  bot: boolean;
  /** Chips behind (not in the current hand's pot). */
  stack: number;
}

export interface HandPlayer {
  hole: number[];
  /** Chips put in on this street. */
  committed: number;
  /** Chips put in this hand. */
  total: number;
  folded: boolean;
  allIn: boolean;
  /** Acted since the last full bet or raise (may then only call or fold). */
  acted: boolean;
}

export type HoldemAction =
  | { type: 'fold' | 'check' | 'call' | 'all-in' }
  | { type: 'bet' | 'raise'; amount: number };

export type HandEvent =
  | { kind: 'blind'; seat: number; amount: number }
  | { kind: 'action'; seat: number; action: HoldemAction['type']; amount: number; to: number }
  | { kind: 'street'; street: Street; board: number[] }
  | { kind: 'refund'; seat: number; amount: number }
  | { kind: 'show'; seat: number; hole: number[]; category: HandCategory }
  | { kind: 'pot'; amount: number; rake: number; winners: number[]; shares: number[] };

export interface Pot {
  amount: number;
  rake: number;
  eligible: number[];
  winners: number[];
  shares: number[];
}

export interface Hand {
  number: number;
  seed: string;
  button: number;
  /** Indexed by seat; null for a seat not dealt in. */
  players: (HandPlayer | null)[];
  deck: number[];
  next: number;
  board: number[];
  street: Street;
  toAct: number | null;
  currentBet: number;
  minRaise: number;
  bets: number;
  finished: boolean;
  pots: Pot[];
  rake: number;
  events: HandEvent[];
}

export interface TableState {
  rules: HoldemRules;
  seats: Seat[];
  button: number;
  handNumber: number;
  hand: Hand | null;
  rakeTotal: number;
}

export type HoldemErrorCode =
  | 'HOLDEM_NO_HAND'
  | 'HOLDEM_HAND_IN_PROGRESS'
  | 'HOLDEM_NOT_YOUR_TURN'
  | 'HOLDEM_ACTION_NOT_ALLOWED'
  | 'HOLDEM_BAD_AMOUNT'
  | 'HOLDEM_TOO_FEW_PLAYERS';

export class HoldemError extends Error {
  readonly code: HoldemErrorCode;
  constructor(code: HoldemErrorCode, message: string = code) {
    super(message);
    this.name = 'HoldemError';
    this.code = code;
  }
}

export function newTable(rules: HoldemRules, seats: Seat[]): TableState {
  for (const seat of seats)
    if (!Number.isSafeInteger(seat.stack) || seat.stack < 0)
      throw new Error('a stack is whole minor units ≥ 0');
  return { rules, seats: seats.map((s) => ({ ...s })), button: -1, handNumber: 0, hand: null, rakeTotal: 0 };
}

/** The 52 cards in the order the hand's seed shuffles them. */
export function deckFor(seed: string): number[] {
  const random = new FairRandom(
    new FairByteStream({ serverSeed: seed, clientSeed: 'holdem-deck', nonce: 0 }),
  );
  return random.shuffle(Array.from({ length: 52 }, (_, i) => i));
}

/** The next seat clockwise after `from` for which `ok` holds (from itself last), or null. */
function nextSeat(n: number, from: number, ok: (seat: number) => boolean): number | null {
  for (let step = 1; step <= n; step += 1) {
    const seat = (((from + step) % n) + n) % n;
    if (ok(seat)) return seat;
  }
  return null;
}

function betSize(rules: HoldemRules, street: Street): number {
  return street === 'turn' || street === 'river' ? rules.bigBlind * 2 : rules.bigBlind;
}

/** Deals a new hand from the seed (64 hex digits). Needs two seats with chips. */
export function startHand(state: TableState, seed: string): TableState {
  if (state.hand && !state.hand.finished) throw new HoldemError('HOLDEM_HAND_IN_PROGRESS');
  const table = structuredClone(state);
  const n = table.seats.length;
  const dealt = (seat: number) => table.seats[seat]!.stack > 0;
  if (table.seats.filter((s) => s.stack > 0).length < 2) throw new HoldemError('HOLDEM_TOO_FEW_PLAYERS');
  const button = nextSeat(n, table.button, dealt)!;
  table.button = button;
  table.handNumber += 1;
  const deck = deckFor(seed);
  const players: (HandPlayer | null)[] = table.seats.map((s) =>
    s.stack > 0 ? { hole: [], committed: 0, total: 0, folded: false, allIn: false, acted: false } : null,
  );
  const hand: Hand = {
    number: table.handNumber,
    seed,
    button,
    players,
    deck,
    next: 0,
    board: [],
    street: 'preflop',
    toAct: null,
    currentBet: 0,
    minRaise: table.rules.bigBlind,
    bets: 1,
    finished: false,
    pots: [],
    rake: 0,
    events: [],
  };
  // Two cards each, one at a time, from the seat left of the button.
  for (let round = 0; round < 2; round += 1) {
    let seat = button;
    for (let k = 0; k < players.filter(Boolean).length; k += 1) {
      seat = nextSeat(n, seat, dealt)!;
      players[seat]!.hole.push(deck[hand.next++]!);
    }
  }
  const headsUp = players.filter(Boolean).length === 2;
  const small = headsUp ? button : nextSeat(n, button, dealt)!;
  const big = nextSeat(n, small, dealt)!;
  const post = (seat: number, blind: number) => {
    const amount = Math.min(blind, table.seats[seat]!.stack);
    put(table, hand, seat, amount);
    hand.events.push({ kind: 'blind', seat, amount });
  };
  post(small, table.rules.smallBlind);
  post(big, table.rules.bigBlind);
  hand.currentBet = Math.max(players[small]!.committed, players[big]!.committed);
  hand.toAct = big;
  table.hand = hand;
  advance(table, hand, big);
  return table;
}

function put(table: TableState, hand: Hand, seat: number, amount: number): void {
  const player = hand.players[seat]!;
  const s = table.seats[seat]!;
  if (amount < 0 || amount > s.stack) throw new Error('cannot put more than the stack');
  s.stack -= amount;
  player.committed += amount;
  player.total += amount;
  if (s.stack === 0) player.allIn = true;
}

export interface Legal {
  seat: number;
  fold: boolean;
  check: boolean;
  /** Chips a call puts in (all-in when the stack is short), or null. */
  call: number | null;
  /** Bet / raise "to" ranges (fixed-limit: min = max), or null. */
  bet: { min: number; max: number } | null;
  raise: { min: number; max: number } | null;
  /** The "to" amount of an all-in, or null when it is not allowed (fixed-limit beyond the raise). */
  allIn: number | null;
}

/** What the player to act may do (null when nobody is to act). */
export function legalActions(state: TableState): Legal | null {
  const hand = state.hand;
  if (!hand || hand.finished || hand.toAct === null) return null;
  const seat = hand.toAct;
  const p = hand.players[seat]!;
  const stack = state.seats[seat]!.stack;
  const toCall = hand.currentBet - p.committed;
  const others = hand.players.some((o, i) => i !== seat && o && !o.folded && !o.allIn);
  const limit = state.rules.variant === 'fixed-limit';
  const size = limit ? betSize(state.rules, hand.street) : 0;
  const canAggress = stack > toCall && !p.acted && others && (!limit || hand.bets < RAISE_CAP);
  const everything = p.committed + stack;
  let bet: Legal['bet'] = null;
  let raise: Legal['raise'] = null;
  let allIn: number | null = null;
  if (canAggress) {
    const min =
      hand.currentBet === 0
        ? limit
          ? size
          : state.rules.bigBlind
        : hand.currentBet + (limit ? size : hand.minRaise);
    const max = limit ? min : everything;
    if (everything >= min) {
      if (hand.currentBet === 0) bet = { min, max };
      else raise = { min, max };
    }
    allIn = !limit || everything <= min ? everything : null;
  }
  if (stack > 0 && stack <= toCall) allIn = everything;
  return {
    seat,
    fold: true,
    check: toCall === 0,
    call: toCall > 0 ? Math.min(toCall, stack) : null,
    bet,
    raise,
    allIn,
  };
}

/** The seat to act takes an action; illegal actions throw HoldemError and change nothing. */
export function act(state: TableState, seat: number, action: HoldemAction): TableState {
  const legal = legalActions(state);
  if (!state.hand || state.hand.finished) throw new HoldemError('HOLDEM_NO_HAND');
  if (!legal || legal.seat !== seat) throw new HoldemError('HOLDEM_NOT_YOUR_TURN');
  const table = structuredClone(state);
  const hand = table.hand!;
  const p = hand.players[seat]!;
  const log = (type: HoldemAction['type'], amount: number) =>
    hand.events.push({ kind: 'action', seat, action: type, amount, to: p.committed });
  switch (action.type) {
    case 'fold':
      p.folded = true;
      log('fold', 0);
      break;
    case 'check':
      if (!legal.check) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'there is a bet to call');
      p.acted = true;
      log('check', 0);
      break;
    case 'call':
      if (legal.call === null) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'nothing to call');
      put(table, hand, seat, legal.call);
      p.acted = true;
      log('call', legal.call);
      break;
    case 'bet':
    case 'raise': {
      const range = action.type === 'bet' ? legal.bet : legal.raise;
      if (!range) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', `no ${action.type} now`);
      if (!Number.isSafeInteger(action.amount) || action.amount < range.min || action.amount > range.max)
        throw new HoldemError('HOLDEM_BAD_AMOUNT', `${action.type} to ${range.min} … ${range.max}`);
      aggress(table, hand, seat, action.amount, action.type);
      break;
    }
    case 'all-in': {
      if (legal.allIn === null) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'no all-in now');
      if (legal.allIn <= hand.currentBet) {
        const amount = table.seats[seat]!.stack;
        put(table, hand, seat, amount);
        p.acted = true;
        log('all-in', amount);
      } else aggress(table, hand, seat, legal.allIn, 'all-in');
      break;
    }
    default:
      throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'unknown action');
  }
  advance(table, hand, seat);
  return table;
}

function aggress(table: TableState, hand: Hand, seat: number, to: number, type: HoldemAction['type']): void {
  const p = hand.players[seat]!;
  const amount = to - p.committed;
  const increment = to - hand.currentBet;
  const limit = table.rules.variant === 'fixed-limit';
  const full = limit ? increment >= betSize(table.rules, hand.street) : increment >= hand.minRaise;
  put(table, hand, seat, amount);
  if (full) {
    if (!limit) hand.minRaise = increment;
    hand.bets += 1;
    for (const other of hand.players) if (other) other.acted = false;
  }
  hand.currentBet = to;
  p.acted = true;
  hand.events.push({ kind: 'action', seat, action: type, amount, to });
}

/** After an action of `from`: the next player, the next street, or the end of the hand. */
function advance(table: TableState, hand: Hand, from: number): void {
  const n = table.seats.length;
  for (;;) {
    const live = hand.players.flatMap((p, i) => (p && !p.folded ? [i] : []));
    if (live.length === 1) {
      finish(table, hand);
      return;
    }
    const canAct = live.filter((i) => !hand.players[i]!.allIn);
    const needs = (i: number) => {
      const p = hand.players[i];
      return !!p && !p.folded && !p.allIn && (!p.acted || p.committed < hand.currentBet);
    };
    const lone = canAct.length === 1 && hand.players[canAct[0]!]!.committed >= hand.currentBet;
    const next = canAct.length === 0 || lone ? null : nextSeat(n, from, needs);
    if (next !== null) {
      hand.toAct = next;
      return;
    }
    // The street is over.
    if (hand.street === 'river') {
      finish(table, hand);
      return;
    }
    for (const p of hand.players) {
      if (!p) continue;
      p.committed = 0;
      p.acted = false;
    }
    hand.currentBet = 0;
    hand.minRaise = table.rules.bigBlind;
    hand.bets = 0;
    hand.next += 1; // burn
    const count = hand.street === 'preflop' ? 3 : 1;
    for (let k = 0; k < count; k += 1) hand.board.push(hand.deck[hand.next++]!);
    hand.street = hand.street === 'preflop' ? 'flop' : hand.street === 'flop' ? 'turn' : 'river';
    hand.events.push({ kind: 'street', street: hand.street, board: [...hand.board] });
    hand.toAct = null;
    from = hand.button;
  }
}

function finish(table: TableState, hand: Hand): void {
  hand.toAct = null;
  hand.finished = true;
  const n = table.seats.length;
  const dealt = hand.players.flatMap((p, i) => (p ? [i] : []));
  // An uncalled bet goes back to the player who made it.
  const byTotal = [...dealt].sort((a, b) => hand.players[b]!.total - hand.players[a]!.total);
  const top = byTotal[0]!;
  const second = hand.players[byTotal[1]!]!.total;
  const excess = hand.players[top]!.total - second;
  if (excess > 0) {
    hand.players[top]!.total -= excess;
    table.seats[top]!.stack += excess;
    hand.events.push({ kind: 'refund', seat: top, amount: excess });
  }
  const live = dealt.filter((i) => !hand.players[i]!.folded);
  const levels = [...new Set(live.map((i) => hand.players[i]!.total))].sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    let amount = 0;
    for (const i of dealt) {
      const total = hand.players[i]!.total;
      amount += Math.min(total, level) - Math.min(total, previous);
    }
    const eligible = live.filter((i) => hand.players[i]!.total >= level);
    if (amount > 0) pots.push({ amount, rake: 0, eligible, winners: [], shares: [] });
    previous = level;
  }
  // Chips of folded players above every live player's total (none after the refund, kept safe).
  const dead = dealt.reduce((sum, i) => sum + Math.max(0, hand.players[i]!.total - previous), 0);
  if (dead > 0) pots[pots.length - 1]!.amount += dead;
  // A showdown needs the whole board.
  if (live.length > 1) {
    while (hand.board.length < 5) {
      hand.next += 1;
      const count = hand.board.length === 0 ? 3 : 1;
      for (let k = 0; k < count; k += 1) hand.board.push(hand.deck[hand.next++]!);
      const street: Street = hand.board.length === 3 ? 'flop' : hand.board.length === 4 ? 'turn' : 'river';
      hand.street = street;
      hand.events.push({ kind: 'street', street, board: [...hand.board] });
    }
  }
  const sawFlop = hand.board.length >= 3;
  const values = new Map<number, number>();
  if (live.length > 1)
    for (const i of live) {
      const value = bestHand([...hand.players[i]!.hole, ...hand.board]).value;
      values.set(i, value);
      hand.events.push({
        kind: 'show',
        seat: i,
        hole: [...hand.players[i]!.hole],
        category: categoryOf(value),
      });
    }
  let rakeLeft = sawFlop ? table.rules.rakeCap : 0;
  // Odd chips go first to the first seat left of the button.
  const order = (seat: number) => (seat - hand.button - 1 + n) % n;
  for (const pot of pots) {
    const rake = Math.min(rakeLeft, Math.floor((pot.amount * table.rules.rakePercent) / 100));
    rakeLeft -= rake;
    pot.rake = rake;
    const best = Math.max(...pot.eligible.map((i) => values.get(i) ?? 0));
    pot.winners = pot.eligible
      .filter((i) => (values.get(i) ?? 0) === best)
      .sort((a, b) => order(a) - order(b));
    const net = pot.amount - rake;
    const share = Math.floor(net / pot.winners.length);
    const odd = net - share * pot.winners.length;
    pot.shares = pot.winners.map((_, k) => share + (k < odd ? 1 : 0));
    pot.winners.forEach((seat, k) => {
      table.seats[seat]!.stack += pot.shares[k]!;
    });
    hand.rake += rake;
    hand.events.push({ kind: 'pot', amount: pot.amount, rake, winners: pot.winners, shares: pot.shares });
  }
  hand.pots = pots;
  table.rakeTotal += hand.rake;
  for (const p of hand.players) if (p) p.committed = 0;
}

/** Chips on the table: stacks, chips in an unfinished hand's pot, and the rake taken. */
export function chipsOnTable(state: TableState): number {
  const stacks = state.seats.reduce((sum, s) => sum + s.stack, 0);
  const inPot =
    state.hand && !state.hand.finished ? state.hand.players.reduce((sum, p) => sum + (p?.total ?? 0), 0) : 0;
  return stacks + inPot + state.rakeTotal;
}

/** The pot now: every chip put in this hand (or, after the end, what the pots held). */
export function potOf(hand: Hand): number {
  return hand.finished
    ? hand.pots.reduce((sum, p) => sum + p.amount, 0)
    : hand.players.reduce((sum, p) => sum + (p?.total ?? 0), 0);
}
