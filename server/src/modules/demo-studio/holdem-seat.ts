/**
 * A player's seat at one of the studio's hold'em tables (docs/demo-studio.md, "Table play"), as pure
 * functions over a JSON-able SeatState: sitting down with bots, dealing, the player's actions, the
 * timeouts the studio's clock drives, rebuys between hands and leaving. No I/O: holdem-routes.ts
 * keeps the state in the studio's seat table and moves the money over Parlay's wallet.
 *
 * The player is seat 0; the bots fill seats 1 … k, k = the lobby's seats taken for this minute (at
 * least one bot, at most the table's seats − 1). A bot that has fewer chips than a big blind between
 * hands is topped up from the studio's bank to the middle of the buy-in range (botTopUps counts it).
 */

import {
  act,
  BOT_NAMES,
  type HoldemAction,
  HoldemError,
  type HoldemRules,
  legalActions,
  newTable,
  playBots,
  startHand,
  type TableState,
} from '@parlay/domain/casino/holdem/index.ts';
import { currency as currencyInfo } from '@parlay/domain/money/currencies.ts';
import { type PokerTable, seatedAt } from './poker-tables.ts';

/** The player's turn lasts this long on the studio's clock; then the studio folds for them. */
export const TURN_MS = 30_000;
/** Hands in a row the player let time out before the studio stands them up. */
export const IDLE_HANDS = 3;
/** Between hands: no call from the page for this long (the page is closed) stands the player up. */
export const IDLE_MS = 120_000;
/**
 * A table session is cashed out when its last wallet call is this old (at the end of a hand, or by
 * the studio's sweep), well before Parlay's open-round sweep (60 min without a call) would close the
 * round with the buy-in kept and refuse the cash-out win.
 */
export const SESSION_MS = 45 * 60_000;
/** The rake: 3 % of each pot of a hand that saw a flop, at most this many big blinds a hand. */
export const RAKE_PERCENT = 3;
export const RAKE_CAP_BIG_BLINDS = 3;

export type LeaveReason = 'player' | 'timeout' | 'idle' | 'session';

export interface SeatState {
  tableId: string;
  currency: string;
  table: TableState;
  /** The player's buy-ins (the first and the rebuys), minor units. */
  buyIns: number;
  botTopUps: number;
  idleHands: number;
  /** When the player's current turn times out (ms), or null when it is not their turn. */
  turnDeadline: number | null;
  lastSeen: number;
  walletAt: number;
  left: LeaveReason | null;
}

export function minorOf(amount: string, code: string): number | null {
  const scale = currencyInfo(code).scale;
  const [whole, fraction = ''] = amount.split('.');
  if (fraction.length > scale || !/^\d+$/.test(whole ?? '')) return null;
  const value = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}

export function textOf(minor: number, code: string): string {
  const scale = currencyInfo(code).scale;
  if (scale === 0) return `${minor}`;
  const unit = 10 ** scale;
  return `${Math.floor(minor / unit)}.${`${minor % unit}`.padStart(scale, '0')}`;
}

export interface TableMoney {
  rules: HoldemRules;
  minBuyIn: number;
  maxBuyIn: number;
}

/** The table's blinds and buy-ins in the currency's minor units (null when it cannot express them). */
export function tableMoney(table: PokerTable, code: string): TableMoney | null {
  const small = minorOf(table.smallBlind, code);
  const big = minorOf(table.bigBlind, code);
  const min = minorOf(table.minBuyIn, code);
  const max = minorOf(table.maxBuyIn, code);
  if (!small || !big || !min || !max) return null;
  return {
    rules: {
      variant: table.variant,
      smallBlind: small,
      bigBlind: big,
      rakePercent: RAKE_PERCENT,
      rakeCap: big * RAKE_CAP_BIG_BLINDS,
    },
    minBuyIn: min,
    maxBuyIn: max,
  };
}

const player = (state: SeatState) => state.table.seats[0]!;

function playersTurn(state: SeatState): boolean {
  const hand = state.table.hand;
  return !!hand && !hand.finished && hand.toAct === 0;
}

function afterPlay(state: SeatState, now: number): SeatState {
  const table = playBots(state.table);
  return { ...state, table, turnDeadline: playersTurn({ ...state, table }) ? now + TURN_MS : null };
}

/** Sits the player down with `buyIn` and the bots (the first hand is dealt by `deal`). */
export function openSeat(
  table: PokerTable,
  code: string,
  buyIn: number,
  now: number,
  botSeed: number,
): SeatState {
  const money = tableMoney(table, code);
  if (!money) throw new HoldemError('HOLDEM_BAD_AMOUNT', 'the table cannot be played in this currency');
  if (!Number.isSafeInteger(buyIn) || buyIn < money.minBuyIn || buyIn > money.maxBuyIn)
    throw new HoldemError('HOLDEM_BAD_AMOUNT', 'the buy-in is outside the table’s range');
  const bots = Math.max(1, Math.min(table.seats - 1, seatedAt(table, now)));
  const step = money.rules.bigBlind;
  const range = Math.floor((money.maxBuyIn - money.minBuyIn) / step);
  const seats = [{ name: '', bot: false, stack: buyIn }];
  let botStacks = 0;
  for (let i = 0; i < bots; i += 1) {
    const stack = money.minBuyIn + (((botSeed >>> (i * 3)) + i * 7) % (range + 1)) * step;
    botStacks += stack;
    seats.push({ name: BOT_NAMES[(botSeed + i) % BOT_NAMES.length]!, bot: true, stack });
  }
  return {
    tableId: table.id,
    currency: code,
    table: newTable(money.rules, seats),
    buyIns: buyIn,
    botTopUps: botStacks,
    idleHands: 0,
    turnDeadline: null,
    lastSeen: now,
    walletAt: now,
    left: null,
  };
}

function between(state: SeatState): boolean {
  return !state.table.hand || state.table.hand.finished;
}

/** Deals the next hand (seed: 64 hex digits from the studio's randomness). */
export function deal(state: SeatState, seed: string, now: number, money: TableMoney): SeatState {
  if (state.left) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'the player has left');
  if (!between(state)) throw new HoldemError('HOLDEM_HAND_IN_PROGRESS');
  if (player(state).stack === 0) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'rebuy or leave');
  const table = structuredClone(state.table);
  let topUps = state.botTopUps;
  const middle = Math.floor((money.minBuyIn + money.maxBuyIn) / 2);
  for (const seat of table.seats)
    if (seat.bot && seat.stack < money.rules.bigBlind) {
      topUps += middle - seat.stack;
      seat.stack = middle;
    }
  return afterPlay({ ...state, table: startHand(table, seed), botTopUps: topUps, lastSeen: now }, now);
}

/** The player's action (then the bots act until it is the player's turn again or the hand ends). */
export function playerAct(state: SeatState, action: HoldemAction, now: number): SeatState {
  if (state.left) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'the player has left');
  const table = act(state.table, 0, action);
  return afterPlay({ ...state, table, idleHands: 0, lastSeen: now }, now);
}

/** A rebuy: only between hands, up to the table's maximum buy-in. */
export function rebuy(state: SeatState, amount: number, money: TableMoney): SeatState {
  if (state.left) throw new HoldemError('HOLDEM_ACTION_NOT_ALLOWED', 'the player has left');
  if (!between(state)) throw new HoldemError('HOLDEM_HAND_IN_PROGRESS');
  if (!Number.isSafeInteger(amount) || amount <= 0 || player(state).stack + amount > money.maxBuyIn)
    throw new HoldemError('HOLDEM_BAD_AMOUNT', 'a rebuy tops the stack up to the table’s maximum at most');
  const table = structuredClone(state.table);
  table.seats[0]!.stack += amount;
  return { ...state, table, buyIns: state.buyIns + amount };
}

/**
 * Stands the player up: a hand in progress is folded for them (it is their turn: the bots have
 * acted up to it) and played out by the bots. The cash-out is the player's stack.
 */
export function leave(state: SeatState, reason: LeaveReason, now: number): SeatState {
  if (state.left) return state;
  let next = state;
  if (playersTurn(next)) next = { ...next, table: playBots(act(next.table, 0, { type: 'fold' })) };
  return { ...next, left: reason, turnDeadline: null, lastSeen: reason === 'player' ? now : next.lastSeen };
}

/** What the studio's clock does to the seat: the turn timeout, idle hands, a closed page, the session. */
export function tick(state: SeatState, now: number): SeatState {
  if (state.left) return state;
  let next = state;
  if (playersTurn(next) && next.turnDeadline !== null && now >= next.turnDeadline) {
    next = afterPlay(
      { ...next, table: act(next.table, 0, { type: 'fold' }), idleHands: next.idleHands + 1 },
      now,
    );
    if (next.idleHands >= IDLE_HANDS) return leave(next, 'timeout', now);
  }
  // The session limit stands the player up between hands, or mid-hand 5 minutes later.
  if (now - next.walletAt >= SESSION_MS + (between(next) ? 0 : 5 * 60_000))
    return leave(next, 'session', now);
  if (between(next) && now - next.lastSeen >= IDLE_MS) return leave(next, 'idle', now);
  return next;
}

export function cashOut(state: SeatState): number {
  return player(state).stack;
}

/** The player's legal actions when it is their turn (for the page). */
export function playerLegal(state: SeatState) {
  return playersTurn(state) ? legalActions(state.table) : null;
}
