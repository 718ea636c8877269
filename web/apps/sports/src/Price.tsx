/** One outcome as an odds button wired to the coupon store and the player's odds format. */

import {
  cardTitle,
  type LabelNames,
  outcomeName,
  outcomeShort,
} from '@parlay/domain/sportsbook/market-labels.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { OddsButton, OddsPlaceholder } from '@parlay/ui/index.ts';
import { toggleSelection, useOddsFormat, useSelections } from './context.tsx';
import type { Move } from './live-state.ts';
import type { Game, Market, Outcome } from './model.ts';
import { useSportsView } from './sports-view.ts';

export interface PriceProps {
  game: Pick<Game, 'id' | 'home' | 'away'>;
  market: Market | null;
  outcomeKey?: string;
  outcome?: Outcome;
  names: LabelNames;
  move?: Move | undefined;
  /** Show the short label ("O 2.5") on the button. */
  labelled?: boolean;
  className?: string;
}

export function Price({
  game,
  market,
  outcomeKey,
  outcome: given,
  names,
  move,
  labelled = false,
  className,
}: PriceProps) {
  const t = useT('sports');
  const format = useOddsFormat();
  const selections = useSelections();
  const { fullMarketNames } = useSportsView();
  const outcome = given ?? market?.outcomes.find((o) => o.key === outcomeKey);
  if (!market || !outcome) return <OddsPlaceholder />;
  const state = market.state !== 'open' ? 'suspended' : outcome.state;
  const name = outcomeName(market, outcome, names);
  // A screen reader hears the event and the market too ("Arsenal — Chelsea, 1X2: Arsenal, 2.10"):
  // a button in a list row or a market card says nothing of either on its own.
  const gameLabel = `${game.home.name} — ${game.away.name}`;
  const marketTitle = cardTitle(market, names);
  const spoken = `${gameLabel}, ${marketTitle}: ${name}`;
  const selected = selections.some((s) => s.outcomeId === outcome.id);
  return (
    <OddsButton
      className={className}
      label={labelled ? (fullMarketNames ? name : outcomeShort(market, outcome, names.t)) : undefined}
      price={format(outcome.oddsMilli)}
      name={spoken}
      state={state === 'resulted' ? 'resulted' : state}
      selected={selected}
      move={move}
      suspendedText={t('suspended')}
      data-outcome-id={outcome.id}
      data-odds-milli={outcome.oddsMilli}
      onToggle={() =>
        toggleSelection({
          outcomeId: outcome.id,
          gameId: game.id,
          marketId: market.id,
          oddsMilli: outcome.oddsMilli,
          gameLabel,
          marketLabel: marketTitle,
          outcomeLabel: name,
        })
      }
    />
  );
}
