/**
 * The numeric market kind of spec §3 (Bet: market.kind, beside market.typeId) for the catalogue's
 * market kinds (markets.kind: the group a market is shown in on the game page). The spec uses the
 * number in one rule only: "every bet ... is not market kind 7" for the express bonus (§5).
 *
 * The catalogue's kinds are numbered in the order the market types introduce them (type ids 1–12
 * of domain/sportsbook/markets.ts), then the kinds only specifiers give. Kind 7 is 'live': the
 * in-play-only markets (next goal), priced and re-offered from one attack to the next; the express
 * bonus rewards combining whole-game outcomes and leaves those out. A team total (type id 7) is kind
 * 4 and qualifies. A kind the catalogue does not know is 0.
 */
import type { MarketKind } from '../sportsbook/markets.ts';

export const MARKET_KIND_CODES: Readonly<Record<MarketKind, number>> = {
  main: 1,
  totals: 2,
  handicaps: 3,
  teams: 4,
  goals: 5,
  score: 6,
  live: 7,
  specials: 8,
  periods: 9,
  corners: 10,
  cards: 11,
};

/** The spec's numeric kind of a catalogue kind. @example marketKindCode('live') === 7 */
export function marketKindCode(kind: string): number {
  return Object.hasOwn(MARKET_KIND_CODES, kind) ? MARKET_KIND_CODES[kind as MarketKind] : 0;
}
