/** One baccarat coup: outcome = f(definition, random, bets), and the exact odds by enumeration. */
import { cardCode } from '../cards/cards.ts';
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import type { BaccaratBetKind, BaccaratDefinition } from './definition.ts';

/** Cards in the shoe drawn from per coup: a coup uses at most six. */
export const BACCARAT_CARDS_DRAWN = 6;

/** A card of the shoe is an integer 0 … 52·decks − 1; its face is card mod 52 (cards/cards.ts). */
export function baccaratCardCode(card: number): string {
  return cardCode(card % 52);
}

/** Point value: ace 1, two to nine their pips, ten and faces 0. */
export function baccaratValue(card: number): number {
  const rank = card % 13;
  return rank < 9 ? rank + 1 : 0;
}

/** The player, with no natural on either side, draws a third card on 0–5 and stands on 6–7. */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * The banker's third card (no natural): when the player stood, as the player (0–5 draws); when the
 * player drew a card of value p: 0–2 draw; 3 draws unless p is 8; 4 draws on p 2–7; 5 on p 4–7;
 * 6 on p 6–7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export type BaccaratWinner = 'player' | 'banker' | 'tie';

export interface BaccaratCoup {
  readonly player: readonly number[];
  readonly banker: readonly number[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly natural: boolean;
  readonly winner: BaccaratWinner;
}

const total = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) % 10;

/**
 * The coup dealt from the top of the shoe (values through `pointsOf`): player, banker, player,
 * banker, then the player's third card if drawn, then the banker's. Used with cards by play and
 * with bare values (pointsOf = identity) by the enumeration.
 */
export function dealCoup(
  top: readonly number[],
  pointsOf: (card: number) => number = baccaratValue,
): BaccaratCoup {
  const player = [top[0]!, top[2]!];
  const banker = [top[1]!, top[3]!];
  let next = 4;
  const value = (cards: readonly number[]) => total(cards.map(pointsOf));
  const natural = value(player) >= 8 || value(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(value(player))) {
      const card = top[next++]!;
      player.push(card);
      playerThird = pointsOf(card);
    }
    if (bankerDraws(value(banker), playerThird)) banker.push(top[next++]!);
  }
  const playerTotal = value(player);
  const bankerTotal = value(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, natural, winner };
}

/** Paid back per unit staked on this result: the win's pay, 1 for player/banker on a tie, else 0. */
export function baccaratReturn(
  definition: BaccaratDefinition,
  bet: BaccaratBetKind,
  winner: BaccaratWinner,
): Ratio {
  if (bet === winner) return definition.pays[bet];
  if (winner === 'tie') return new Ratio(1n);
  return Ratio.ZERO;
}

export interface BaccaratOutcome {
  readonly coup: BaccaratCoup;
  readonly multipliers: readonly Ratio[];
}

/** Deals a coup from the fair shuffle of the shoe and settles every bet. */
export function playBaccarat(
  definition: BaccaratDefinition,
  random: FairRandom,
  bets: readonly BaccaratBetKind[],
): BaccaratOutcome {
  if (bets.length === 0) throw new GameRuleError('baccarat', 'no bets');
  const top = random.drawDistinct(BACCARAT_CARDS_DRAWN, 52 * definition.decks);
  const coup = dealCoup(top);
  return { coup, multipliers: bets.map((bet) => baccaratReturn(definition, bet, coup.winner)) };
}

/** How many ordered draws of the shoe's top six cards end in each result (all sum to 416·415·…·411). */
export interface BaccaratCounts {
  readonly player: bigint;
  readonly banker: bigint;
  readonly tie: bigint;
  readonly all: bigint;
}

/**
 * Exact enumeration without replacement over card values (0 has 16 cards a deck, 1–9 four each):
 * every sequence of the 4–6 values a coup uses, weighted by the number of ordered card draws giving
 * it, times the ways to fill the unused places of the six. Under 10^6 leaves; every weight and sum is
 * below 416^6 < 2^53, so plain numbers are exact (checked).
 */
export function baccaratCounts(definition: BaccaratDefinition): BaccaratCounts {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * definition.decks);
  const size = 52 * definition.decks;
  // fill[k]: ways to draw the unused places k … 5 of the six from what is left after k cards.
  const fill: number[] = [];
  for (let k = 0; k <= BACCARAT_CARDS_DRAWN; k += 1) {
    let ways = 1;
    for (let i = k; i < BACCARAT_CARDS_DRAWN; i += 1) ways *= size - i;
    fill[k] = ways;
  }
  const tally = { player: 0, banker: 0, tie: 0 };
  const top: number[] = [];
  const walk = (weight: number) => {
    // Deal as far as the rules need with the values drawn so far; draw another value when short.
    const needed = cardsNeeded(top);
    if (top.length < needed) {
      for (let v = 0; v < 10; v += 1) {
        if (counts[v] === 0) continue;
        const w = weight * counts[v]!;
        counts[v]! -= 1;
        top.push(v);
        walk(w);
        top.pop();
        counts[v]! += 1;
      }
      return;
    }
    const coup = dealCoup(top, (v) => v);
    tally[coup.winner] += weight * fill[top.length]!;
  };
  walk(1);
  const all = fill[0]!;
  if (!Number.isSafeInteger(all) || tally.player + tally.banker + tally.tie !== all) {
    throw new Error('baccarat enumeration lost precision');
  }
  return {
    player: BigInt(tally.player),
    banker: BigInt(tally.banker),
    tie: BigInt(tally.tie),
    all: BigInt(all),
  };
}

/** How many cards the coup uses given the values drawn so far (4 until four are known). */
function cardsNeeded(values: readonly number[]): number {
  if (values.length < 4) return 4;
  const p = (values[0]! + values[2]!) % 10;
  const b = (values[1]! + values[3]!) % 10;
  if (p >= 8 || b >= 8) return 4;
  if (!playerDraws(p)) return bankerDraws(b, null) ? 5 : 4;
  if (values.length < 5) return 5;
  return bankerDraws(b, values[4]!) ? 6 : 5;
}

/** Each bet's exact RTP from the enumeration. */
export function baccaratRtps(definition: BaccaratDefinition): Record<BaccaratBetKind, Ratio> {
  const c = baccaratCounts(definition);
  const of = (kind: BaccaratBetKind) =>
    new Ratio(c.player, c.all)
      .times(baccaratReturn(definition, kind, 'player'))
      .plus(new Ratio(c.banker, c.all).times(baccaratReturn(definition, kind, 'banker')))
      .plus(new Ratio(c.tie, c.all).times(baccaratReturn(definition, kind, 'tie')));
  return { player: of('player'), banker: of('banker'), tie: of('tie') };
}
