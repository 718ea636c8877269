import { describe, expect, it } from 'vitest';
import { MARKET_TYPES } from '../sportsbook/markets.ts';
import { EXPRESS_BONUS_EXCLUDED_MARKET_KIND, isExpressBonusAvailable } from './express-bonus.ts';
import { MARKET_KIND_CODES, marketKindCode } from './market-kind.ts';

describe('market kind (spec §3 market.kind)', () => {
  it('numbers every catalogue kind once, in the order the market types introduce them', () => {
    const codes = Object.values(MARKET_KIND_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    const byTypes = [...new Set(Object.values(MARKET_TYPES).map((t) => t.kind))];
    expect(byTypes.map(marketKindCode)).toEqual(byTypes.map((_, i) => i + 1));
  });

  it.each([
    ['main', 1],
    ['teams', 4],
    ['live', 7],
    ['specials', 8],
    ['cards', 11],
    ['unknown', 0],
    ['toString', 0],
  ])('%s → %i', (kind, code) => {
    expect(marketKindCode(kind)).toBe(code);
  });

  it('the express bonus excludes the kind, not the type id: next goal is out, a team total (type 7) is in', () => {
    expect(EXPRESS_BONUS_EXCLUDED_MARKET_KIND).toBe(marketKindCode('live'));
    const express = (kind: string) =>
      isExpressBonusAvailable({
        isAllowedBySite: true,
        typeId: 1,
        bets: [1500, 2000, 1800].map((oddsMilli, i) => ({
          market: { oddsMilli, kind: marketKindCode(i === 2 ? kind : 'main') },
        })),
        coefMilli: 5400n,
      });
    expect(MARKET_TYPES.team_total.id).toBe(7);
    expect(express(MARKET_TYPES.team_total.kind)).toBe(true);
    expect(express(MARKET_TYPES.next_goal.kind)).toBe(false);
  });
});
