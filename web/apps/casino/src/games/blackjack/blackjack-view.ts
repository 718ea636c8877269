/**
 * Reads a blackjack round's view (domain/casino/blackjack) into what the table draws: the dealer's
 * cards (the hole card face down while the round is open), the player's hands side by side with the
 * one being played marked, and each hand's stake and result once settled.
 */

import { blackjackTotal, type Card, HIDDEN_CARD, parseCards } from '../cards/card-model.ts';
import type { Json, RoundView } from '../game-ui.ts';

export type HandResult = 'win' | 'lose' | 'push' | 'blackjack' | 'bust' | 'surrender' | null;

export interface TableHand {
  readonly cards: readonly Card[];
  readonly total: number;
  readonly soft: boolean;
  readonly stakeMinor: string | null;
  readonly doubled: boolean;
  readonly result: HandResult;
  readonly payoutMinor: string | null;
}

export interface BlackjackTable {
  readonly dealer: readonly Card[];
  /** The dealer's total of the cards shown (the up card alone while the hole card is hidden). */
  readonly dealerTotal: number;
  readonly dealerSoft: boolean;
  readonly hands: readonly TableHand[];
  /** Index of the hand the player decides on, or null when none (round over, or insurance first). */
  readonly active: number | null;
  /** Insurance taken (its stake) or null. */
  readonly insuranceMinor: string | null;
  readonly open: boolean;
}

type Obj = { readonly [key: string]: Json };

function asObject(value: Json | undefined): Obj | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null;
}

function firstDefined(object: Obj | null, keys: readonly string[]): Json | undefined {
  if (!object) return undefined;
  for (const key of keys) if (object[key] !== undefined) return object[key];
  return undefined;
}

function minorText(value: Json | undefined): string | null {
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

const positive = (minor: string | null): string | null =>
  minor !== null && BigInt(minor) > 0n ? minor : null;

const RESULTS: readonly string[] = ['win', 'lose', 'push', 'blackjack', 'bust', 'surrender'];
const RESULT_ALIASES: Readonly<Record<string, HandResult>> = {
  loss: 'lose',
  lost: 'lose',
  won: 'win',
  tie: 'push',
};

function resultOf(value: Json | undefined): HandResult {
  if (typeof value !== 'string') return null;
  if (RESULTS.includes(value)) return value as HandResult;
  return RESULT_ALIASES[value] ?? null;
}

function handOf(value: Json): TableHand {
  const object = asObject(value);
  const cards = parseCards(Array.isArray(value) ? value : (object?.cards ?? []));
  const computed = blackjackTotal(cards);
  const total = firstDefined(object, ['total', 'value', 'points']);
  return {
    cards,
    total: typeof total === 'number' ? total : computed.total,
    soft: typeof object?.soft === 'boolean' ? object.soft : computed.soft,
    stakeMinor: minorText(firstDefined(object, ['stakeMinor', 'stake', 'stakedMinor'])),
    doubled: object?.doubled === true,
    result: resultOf(firstDefined(object, ['result', 'outcome'])),
    payoutMinor: minorText(firstDefined(object, ['payoutMinor', 'payout', 'winMinor'])),
  };
}

/** The table for a round (null round: an empty table before the first deal). */
export function blackjackTable(round: RoundView | null): BlackjackTable | null {
  if (!round) return null;
  const view = asObject(round.view);
  if (!view) return null;
  const open = round.status === 'open';
  const dealerValue = firstDefined(view, ['dealer', 'dealerCards', 'dealerHand']);
  const dealerObject = asObject(dealerValue);
  const dealerCards = parseCards(Array.isArray(dealerValue) ? dealerValue : (dealerObject?.cards ?? []));
  // While the round is open the view holds the up card only; the hole card is drawn face down.
  const dealer =
    open && dealerCards.length === 1 && dealerObject?.holeHidden !== false
      ? [...dealerCards, HIDDEN_CARD]
      : dealerCards;
  const dealerComputed = blackjackTotal(dealerCards);
  const dealerTotal = firstDefined(dealerObject, ['total', 'value', 'points']);

  const handsValue = firstDefined(view, ['hands', 'playerHands', 'player']);
  const hands = Array.isArray(handsValue)
    ? handsValue.every((item) => asObject(item as Json) || Array.isArray(item))
      ? (handsValue as readonly Json[]).map(handOf)
      : [handOf(handsValue as Json)]
    : asObject(handsValue as Json)
      ? [handOf(handsValue as Json)]
      : [];

  const activeValue = firstDefined(view, ['active', 'activeHand', 'activeHandIndex', 'current', 'handIndex']);
  const active =
    open && typeof activeValue === 'number' && activeValue >= 0 && activeValue < hands.length
      ? activeValue
      : open &&
          hands.length === 1 &&
          round.allowed.some((kind) => kind !== 'insurance' && !kind.includes('insurance'))
        ? 0
        : null;
  const insurance = firstDefined(view, ['insurance', 'insuranceMinor', 'insuranceStakeMinor']);
  const insuranceObject = asObject(insurance ?? null);
  return {
    dealer,
    dealerTotal: typeof dealerTotal === 'number' && !open ? dealerTotal : dealerComputed.total,
    dealerSoft: dealerComputed.soft,
    hands,
    active,
    insuranceMinor: positive(
      minorText(insuranceObject ? firstDefined(insuranceObject, ['stakeMinor', 'stake']) : insurance),
    ),
    open,
  };
}

/** The decisions the screen offers, in the table's button order, for what the round allows. */
export const DECISION_ORDER: readonly string[] = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no-insurance',
  'decline-insurance',
  'even-money',
  'surrender',
];

export function orderedDecisions(allowed: readonly string[]): string[] {
  const known = DECISION_ORDER.filter((kind) => allowed.includes(kind));
  const others = allowed.filter((kind) => !DECISION_ORDER.includes(kind));
  return [...known, ...others];
}

/** The action sent for a decision kind (the domain reads `{ type }`). */
export function decision(kind: string): Json {
  return { type: kind };
}

/** Keys 1–5 of the keyboard: H hit, S stand, D double, P split, I insurance. */
export const DECISION_KEYS: Readonly<Record<string, string>> = {
  h: 'hit',
  s: 'stand',
  d: 'double',
  p: 'split',
  i: 'insurance',
};
