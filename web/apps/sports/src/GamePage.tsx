/** The game page: scoreboard, live match visualisation, every market grouped into tabs of collapsible cards, a market search. */

import { isInLiveList } from '@parlay/domain/sportsbook/game-status.ts';
import { cardTitle, formatLine, type LabelNames } from '@parlay/domain/sportsbook/market-labels.ts';
import { useStableT, useT } from '@parlay/i18n/runtime.tsx';
import { MarketCard, Skeleton, type TabItem, Tabs } from '@parlay/ui/index.ts';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { BetBuilderPanel, builderMarkets } from './builder/BetBuilder.tsx';
import { useSport } from './context.tsx';
import styles from './Game.module.css';
import type { Move } from './live-state.ts';
import { ALL_TAB, type MarketCardModel, marketCards, marketMatches, marketTabs } from './markets.ts';
import type { GamePage } from './model.ts';
import { Price } from './Price.tsx';
import { Scoreboard } from './Scoreboard.tsx';
import { useLiveGames } from './use-live.ts';

const MatchVisual = lazy(() => import('./MatchVisual.tsx'));
const BUILDER_TAB = 'builder';

function CardBody({
  card,
  game,
  names,
  moves,
}: {
  card: MarketCardModel;
  game: GamePage;
  names: LabelNames;
  moves: Record<number, Move>;
}) {
  const withLines = card.markets.length > 1 || card.markets[0]?.specifiers.line !== undefined;
  if (withLines) {
    return (
      <div className={styles.lines}>
        {card.markets.map((market) => (
          <div key={market.id} className={styles.lineRow} data-state={market.state}>
            <span className={styles.lineValue}>
              {formatLine(market.specifiers.line ?? '', market.type === 'handicap')}
            </span>
            {market.outcomes.map((outcome) => (
              <Price
                key={outcome.id}
                game={game}
                market={market}
                outcome={outcome}
                names={names}
                move={moves[outcome.id]}
                labelled
                className={styles.wide}
              />
            ))}
          </div>
        ))}
      </div>
    );
  }
  const market = card.markets[0];
  if (!market) return null;
  const many = market.outcomes.length > 4;
  return (
    <div className={many ? styles.gridMany : styles.gridFew} data-state={market.state}>
      {market.outcomes.map((outcome) => (
        <Price
          key={outcome.id}
          game={game}
          market={market}
          outcome={outcome}
          names={names}
          move={moves[outcome.id]}
          labelled
          className={styles.wide}
        />
      ))}
    </div>
  );
}

export interface GameCardProps {
  card: MarketCardModel;
  game: GamePage;
  names: LabelNames;
  moves: Record<number, Move>;
  suspendedText: string;
}

/**
 * A live message changes a few markets (live-state.ts keeps the others' objects) but every card model
 * and the moves map are built again, and the game object changes with each score: a card renders
 * again only when one of its markets, the labels, or one of its own prices' moves changed, so a price
 * tick renders its card, not the game's hundred. The card uses the game's id and team names only.
 */
export function sameCard(prev: GameCardProps, next: GameCardProps): boolean {
  if (
    prev.names !== next.names ||
    prev.suspendedText !== next.suspendedText ||
    prev.card.key !== next.card.key ||
    prev.game.id !== next.game.id ||
    prev.game.home.name !== next.game.home.name ||
    prev.game.away.name !== next.game.away.name
  ) {
    return false;
  }
  const [before, after] = [prev.card.markets, next.card.markets];
  if (before.length !== after.length || before.some((market, i) => market !== after[i])) return false;
  if (prev.moves === next.moves) return true;
  return after.every((market) =>
    market.outcomes.every((outcome) => prev.moves[outcome.id] === next.moves[outcome.id]),
  );
}

const GameCard = memo(function GameCard({ card, game, names, moves, suspendedText }: GameCardProps) {
  const suspended = card.markets.every(
    (m) => m.state !== 'open' || m.outcomes.every((o) => o.state !== 'open'),
  );
  return (
    <MarketCard
      title={cardTitle(card, names)}
      suspended={suspended}
      suspendedText={suspendedText}
      data-market={card.key}
    >
      <CardBody card={card} game={game} names={names} moves={moves} />
    </MarketCard>
  );
}, sameCard);

/**
 * The live match visualisation, loaded once the page has hydrated (the server's HTML has its
 * skeleton). Its own state: the flip after hydration renders this part, not the game's cards.
 */
function LiveVisual({ game, sportSlug }: { game: GamePage; sportSlug: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <Skeleton height="280px" />;
  return (
    <Suspense fallback={<Skeleton height="280px" />}>
      <MatchVisual game={game} sportSlug={sportSlug} />
    </Suspense>
  );
}

export function GameView({ game: initial, compact = false }: { game: GamePage; compact?: boolean }) {
  const t = useT('sports');
  const { games, moves } = useLiveGames([initial], { perGame: true, mainOnly: false });
  const game = (games[0] as GamePage | undefined) ?? initial;
  const sport = useSport(game.sportId);
  const [tab, setTab] = useState(compact ? 'main' : ALL_TAB);
  const [query, setQuery] = useState('');
  const markets = useStableT('markets');
  const sportSlug = sport?.slug ?? '';
  const names: LabelNames = useMemo(
    () => ({ t: markets, sportSlug, home: game.home.name, away: game.away.name }),
    [markets, sportSlug, game.home.name, game.away.name],
  );
  const cards = useMemo(() => marketCards(game.markets), [game.markets]);
  const tabs: TabItem[] = marketTabs(game.markets).map((x) => ({
    id: x.id,
    label: t(`tab.${x.id}`),
    count: x.count,
  }));
  // The bet builder (builder/BetBuilder.tsx): before the start of a football-like game.
  const hasBuilder = !compact && builderMarkets(game).length > 0;
  if (hasBuilder) tabs.push({ id: BUILDER_TAB, label: t('tab.builder') });
  const builderOpen = hasBuilder && tab === BUILDER_TAB;
  const shown = cards.filter(
    (card) => (tab === ALL_TAB || card.kind === tab) && marketMatches(card, query, names),
  );
  const live = isInLiveList(game.status);
  return (
    <div className={styles.page} data-game-id={game.id}>
      <Scoreboard game={game} />
      {live && !compact ? <LiveVisual game={game} sportSlug={sportSlug} /> : null}
      <div className={styles.toolbar}>
        <Tabs
          items={tabs}
          selected={tab}
          onSelect={setTab}
          label={t('markets_label')}
          idPrefix={`markets-${game.id}`}
          className={styles.tabs}
        />
        <input
          type="search"
          className={styles.marketSearch}
          placeholder={t('market_search')}
          aria-label={t('market_search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div
        id={`markets-${game.id}-panel`}
        role="tabpanel"
        aria-labelledby={`markets-${game.id}-tab-${tab}`}
        className={styles.cards}
        data-testid="markets"
      >
        {builderOpen ? <BetBuilderPanel game={game} names={names} /> : null}
        {!builderOpen && shown.length === 0 ? <p className={styles.empty}>{t('no_markets')}</p> : null}
        {(builderOpen ? [] : shown).map((card) => (
          <GameCard
            key={card.key}
            card={card}
            game={game}
            names={names}
            moves={moves}
            suspendedText={t('suspended')}
          />
        ))}
      </div>
    </div>
  );
}
