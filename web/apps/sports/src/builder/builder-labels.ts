/**
 * Names of bet builder legs by team names ("Arsenal to win", "Over 2.5 goals", "Corners: Chelsea
 * to win"), for the builder panel and the slip. Texts are the sports dictionary's builder.leg.*
 * with the markets dictionary's outcome names (domain/sportsbook/market-labels.ts).
 */
import { type LabelNames, outcomeName } from '@parlay/domain/sportsbook/market-labels.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';

interface LegMarket {
  type: string;
  specifiers: Record<string, string>;
}
interface LegOutcome {
  key: string;
  nameKey: string;
}

/** The leg's name without the statistic ("Arsenal to win", "Both teams to score: yes"). */
function plainName(market: LegMarket, outcome: LegOutcome, names: LabelNames, t: TranslateFn): string {
  const team = (side: string) => (side === 'away' ? names.away : names.home);
  const line = market.specifiers.line ?? '';
  switch (market.type) {
    case 'result':
      return outcome.key === 'draw'
        ? t('builder.leg.draw')
        : t('builder.leg.win', { team: team(outcome.key) });
    case 'double_chance':
      if (outcome.key === '12') return t('builder.leg.either', { home: names.home, away: names.away });
      return t('builder.leg.or_draw', { team: team(outcome.key === 'x2' ? 'away' : 'home') });
    case 'total':
      if (market.specifiers.stat) return outcomeName(market, outcome, names);
      return t(`builder.leg.total_${outcome.key === 'over' ? 'over' : 'under'}`, { line });
    case 'team_total':
      return t(`builder.leg.team_${outcome.key === 'over' ? 'over' : 'under'}`, {
        team: team(market.specifiers.team ?? 'home'),
        line,
      });
    case 'btts':
      return t(outcome.key === 'yes' ? 'builder.leg.btts_yes' : 'builder.leg.btts_no');
    default:
      return outcomeName(market, outcome, names);
  }
}

/** The leg's full name: corners legs say so ("Corners: over 9.5"). */
export function builderLegName(
  market: LegMarket,
  outcome: LegOutcome,
  names: LabelNames,
  t: TranslateFn,
): string {
  const name = plainName(market, outcome, names, t);
  return market.specifiers.stat === 'corners' ? t('builder.leg.corners', { name }) : name;
}

/** Builder codes with their own text (builder.errors.<code>); others read builder.errors.generic. */
const KNOWN_CODES = new Set([
  'BET_BUILDER_UNSUPPORTED',
  'BET_BUILDER_DIFFERENT_GAMES',
  'BET_BUILDER_STARTED',
  'BET_BUILDER_NOT_OFFERED',
  'MARKET_SUSPENDED',
  'MARKET_UNAVAILABLE',
  'GAME_FINISHED',
  'NETWORK',
]);

export function builderErrorText(code: string, t: TranslateFn): string {
  return t(KNOWN_CODES.has(code) ? `builder.errors.${code}` : 'builder.errors.generic');
}
