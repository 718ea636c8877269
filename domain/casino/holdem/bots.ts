/**
 * The studio's seated bots: a simple, believable strategy from hand strength and pot odds.
 *
 * A bot decides from a BotView, built by `botView` from the table with only its own two cards (never
 * another seat's), the board, the pot and the bets. Its strength is a number in [0, 1]: preflop from
 * the two cards (pairs, high cards, suited, connected), after the flop from the best hand it makes
 * with the board (pairs count only when they use a hole card) plus draws. Then, with r a uniform draw:
 * strong (≥ 0.72): raise or bet about two thirds of the pot (no-limit) or the fixed size, else call;
 * medium: call when strength beats the pot odds (to call / (pot + to call)) by a margin, check when
 * free, sometimes (r < 0.1) bet when checked to; weak: check or fold, rarely (r < 0.06) bluff.
 * The draw r comes from the hand's seed, the seat and the number of events so far, so a bot's play
 * is deterministic given the hand's seed and the actions before it.
 */
import { cardSuit } from '../cards/cards.ts';
import { FairByteStream } from '../fair/byte-stream.ts';
import { FairRandom } from '../fair/fair-random.ts';
import {
  act,
  type HoldemAction,
  type Legal,
  legalActions,
  potOf,
  type Street,
  type TableState,
} from './engine.ts';
import { bestHand, categoryOf, height } from './evaluator.ts';

export interface BotView {
  hole: number[];
  board: number[];
  street: Street;
  pot: number;
  toCall: number;
  bigBlind: number;
  opponents: number;
  legal: Legal;
}

export const BOT_NAMES = [
  'Ada',
  'Boris',
  'Chen',
  'Dasha',
  'Emil',
  'Fatima',
  'Gleb',
  'Hana',
  'Igor',
  'Jun',
  'Kira',
];

/** What the bot at the seat to act may know: its cards, the board, the pot and the bets. */
export function botView(state: TableState): BotView | null {
  const legal = legalActions(state);
  const hand = state.hand;
  if (!legal || !hand) return null;
  const me = hand.players[legal.seat]!;
  return {
    hole: [...me.hole],
    board: [...hand.board],
    street: hand.street,
    pot: potOf(hand),
    toCall: hand.currentBet - me.committed,
    bigBlind: state.rules.bigBlind,
    opponents: hand.players.filter((p, i) => p && !p.folded && i !== legal.seat).length,
    legal,
  };
}

/** 0 … 1: how good the bot's cards are. */
export function strength(view: Pick<BotView, 'hole' | 'board' | 'opponents'>): number {
  const [a, b] = view.hole.map(height).sort((x, y) => y - x) as [number, number];
  const suited = cardSuit(view.hole[0]!) === cardSuit(view.hole[1]!);
  const crowd = Math.max(0, view.opponents - 1) * 0.03;
  if (view.board.length === 0) {
    if (a === b) return Math.min(1, 0.5 + a / 28) - crowd;
    return Math.max(
      0,
      (a + b) / 30 + (suited ? 0.06 : 0) + (a - b === 1 ? 0.05 : a - b === 2 ? 0.02 : 0) - 0.2 - crowd,
    );
  }
  const all = [...view.hole, ...view.board];
  const made = bestHand(all);
  const category = categoryOf(made.value);
  const boardBest = view.board.length >= 5 ? bestHand(view.board).value : -1;
  const boardHeights = view.board.map(height);
  const top = Math.max(...boardHeights);
  let s: number;
  switch (category) {
    case 'high-card':
      s = a > top ? 0.2 : 0.08;
      break;
    case 'pair': {
      const pairHeight = Math.floor(made.value / 15 ** 4) % 15;
      const usesHole = view.hole.some((c) => height(c) === pairHeight);
      s = !usesHole ? 0.12 : pairHeight >= top ? 0.55 + pairHeight / 100 : 0.38;
      break;
    }
    case 'two-pair':
      s = 0.7;
      break;
    case 'three-of-a-kind':
      s = 0.8;
      break;
    case 'straight':
      s = 0.84;
      break;
    case 'flush':
      s = 0.88;
      break;
    default:
      s = 0.96;
  }
  if (made.value === boardBest) s = Math.min(s, 0.3); // the board plays: everyone has it
  if (view.board.length < 5) {
    const suits = [0, 0, 0, 0];
    for (const c of all) suits[cardSuit(c)]! += 1;
    if (Math.max(...suits) === 4 && category !== 'flush') s += 0.12;
    const hs = [...new Set(all.map(height))];
    if (hs.includes(14)) hs.push(1);
    for (let low = 1; low <= 10; low += 1) {
      const run = [0, 1, 2, 3, 4].filter((k) => hs.includes(low + k)).length;
      if (run === 4 && category !== 'straight') {
        s += 0.08;
        break;
      }
    }
  }
  return Math.max(0, Math.min(1, s - crowd));
}

/** The bot's action for its view and a uniform draw r in [0, 1). */
export function decide(view: BotView, r: number): HoldemAction {
  const { legal } = view;
  const s = strength(view);
  const odds = view.toCall > 0 ? view.toCall / (view.pot + view.toCall) : 0;
  const sized = (range: { min: number; max: number }) => {
    const target = range.min + Math.floor((view.pot * 2) / 3);
    return Math.max(
      range.min,
      Math.min(range.max, target - (target % Math.max(1, Math.floor(view.bigBlind / 2)))),
    );
  };
  const aggress = (): HoldemAction | null => {
    if (legal.raise) return { type: 'raise', amount: sized(legal.raise) };
    if (legal.bet) return { type: 'bet', amount: sized(legal.bet) };
    return null;
  };
  const passive: HoldemAction = legal.check
    ? { type: 'check' }
    : legal.call !== null
      ? { type: 'call' }
      : { type: 'fold' };
  if (s >= 0.72 && r < 0.75) return aggress() ?? passive;
  if (s >= 0.72) return passive;
  if (legal.check) {
    if ((s >= 0.45 && r < 0.3) || r < 0.06) return aggress() ?? { type: 'check' };
    return { type: 'check' };
  }
  if (s >= odds + 0.12 || (s >= 0.3 && view.toCall <= view.bigBlind)) {
    return legal.call !== null
      ? { type: 'call' }
      : legal.allIn !== null
        ? { type: 'all-in' }
        : { type: 'fold' };
  }
  return { type: 'fold' };
}

/** The uniform draw for the bot's next decision, from the hand's seed. */
export function botDraw(state: TableState): number {
  const hand = state.hand!;
  const random = new FairRandom(
    new FairByteStream({
      serverSeed: hand.seed,
      clientSeed: `holdem-bot-${hand.toAct}`,
      nonce: hand.events.length,
    }),
  );
  return random.int(1_000_000) / 1_000_000;
}

/** Lets the bots act until a non-bot seat is to act or the hand is over. */
export function playBots(state: TableState): TableState {
  let table = state;
  for (;;) {
    const hand = table.hand;
    if (!hand || hand.finished || hand.toAct === null || !table.seats[hand.toAct]!.bot) return table;
    const view = botView(table)!;
    table = act(table, hand.toAct, decide(view, botDraw(table)));
  }
}
