/** An event row (DESIGN.md): time or live clock and score, teams, the main market prices, "+N". */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { formatLine, type LabelNames } from '@parlay/domain/sportsbook/market-labels.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { memo } from 'react';
import { useSport, useSportsContext } from './context.tsx';
import styles from './Events.module.css';
import { useFavorites } from './favorites.ts';
import { GameStatusText } from './GameClock.tsx';
import type { Move } from './live-state.ts';
import { mainMarkets } from './markets.ts';
import type { Game } from './model.ts';
import { Price } from './Price.tsx';
import { gamePath } from './paths.ts';
import { useSportsView } from './sports-view.ts';

export interface EventRowProps {
  game: Game;
  moves: Record<number, Move>;
  showChamp?: boolean;
  /** The block's price columns (its header's): a two-way block has no X column at all. */
  threeWay?: boolean | undefined;
}

/**
 * A live message changes one game (live-state.ts keeps the others' objects) but the moves map of the
 * whole list: a row renders again only when its game or one of its own prices' moves changed, so a
 * price tick in a 100-row list renders one row, not a hundred.
 */
function sameRow(prev: EventRowProps, next: EventRowProps): boolean {
  if (prev.game !== next.game || prev.showChamp !== next.showChamp || prev.threeWay !== next.threeWay) {
    return false;
  }
  if (prev.moves === next.moves) return true;
  return next.game.markets.every((market) =>
    market.outcomes.every((outcome) => prev.moves[outcome.id] === next.moves[outcome.id]),
  );
}

export const EventRow = memo(EventRowView, sameRow);

function EventRowView({ game, moves, showChamp = false, threeWay: blockThreeWay }: EventRowProps) {
  const t = useT('sports');
  const { lng } = useSportsContext();
  const sport = useSport(game.sportId);
  const [favorites, toggleFavorite] = useFavorites();
  const view = useSportsView();
  const markets = useT('markets');
  const names: LabelNames = {
    t: markets,
    sportSlug: sport?.slug ?? '',
    home: game.home.name,
    away: game.away.name,
  };
  const main = mainMarkets(game);
  const live = game.status !== GAME_STATUS.NOT_STARTED;
  const shown = [main.result, main.total, main.handicap].filter(Boolean).length;
  // Lists carry the main markets only; the count of the rest is known once the API sends marketCount.
  const more = game.marketCount !== undefined && game.marketCount > shown ? game.marketCount - shown : null;
  const href = gamePath(lng, game, sport ?? { slug: 'sport' });
  const threeWay = blockThreeWay ?? main.result?.type === 'result';
  const mv = (key: string, market = main.result) => {
    const o = market?.outcomes.find((x) => x.key === key);
    return o ? moves[o.id] : undefined;
  };
  const favorite = favorites.games.includes(game.id);
  return (
    <li className={styles.row} data-game-id={game.id} data-live={live ? 'true' : undefined}>
      <div className={styles.when}>
        {live ? <span className={styles.liveDot} aria-hidden="true" /> : null}
        <GameStatusText game={game} />
        {/* On a phone the time runs along a top line: the game number joins it there (a line of its
            own above the teams made a compact row taller than a plain one). */}
        {view.showGameId ? (
          <span className={styles.gameNumberTop} data-testid="game-number">
            #{game.number}
          </span>
        ) : null}
      </div>
      <a className={styles.teams} href={href}>
        {/* The game number heads the teams, not the narrow time column: a 10-digit number there
            wrapped in two and made a compact phone row taller than a plain one. */}
        {view.showGameId || showChamp ? (
          <span className={styles.champLine} data-number-only={showChamp ? undefined : 'true'}>
            {view.showGameId ? (
              <span className={styles.gameNumber} data-testid="game-number">
                #{game.number}
              </span>
            ) : null}
            {view.showGameId && showChamp ? <span className={styles.gameNumber}> · </span> : null}
            {showChamp ? game.champ.name : null}
          </span>
        ) : null}
        <span className={styles.team}>
          <span className={styles.teamName}>{game.home.name}</span>
          {live ? <span className={styles.score}>{game.score.home}</span> : null}
        </span>
        <span className={styles.team}>
          <span className={styles.teamName}>{game.away.name}</span>
          {live ? <span className={styles.score}>{game.score.away}</span> : null}
        </span>
        {view.detailedScore && live && game.periodScores.length > 0 ? (
          <span className={styles.periodScores} data-testid="period-scores">
            {game.periodScores.map(([h, a]) => `${h}:${a}`).join(' · ')}
          </span>
        ) : null}
      </a>
      <div className={styles.prices}>
        <div className={styles.group}>
          <Price game={game} market={main.result} outcomeKey="home" names={names} move={mv('home')} />
          {threeWay ? (
            <Price game={game} market={main.result} outcomeKey="draw" names={names} move={mv('draw')} />
          ) : null}
          <Price game={game} market={main.result} outcomeKey="away" names={names} move={mv('away')} />
        </div>
        <div className={`${styles.group} ${styles.extra}`}>
          <Price
            game={game}
            market={main.total}
            outcomeKey="over"
            names={names}
            move={mv('over', main.total)}
          />
          <span className={styles.line}>
            {main.total ? formatLine(main.total.specifiers.line ?? '', false) : ''}
          </span>
          <Price
            game={game}
            market={main.total}
            outcomeKey="under"
            names={names}
            move={mv('under', main.total)}
          />
        </div>
        <div className={`${styles.group} ${styles.extra}`}>
          <Price
            game={game}
            market={main.handicap}
            outcomeKey="home"
            names={names}
            move={mv('home', main.handicap)}
          />
          <span className={styles.line}>
            {main.handicap ? formatLine(main.handicap.specifiers.line ?? '', true) : ''}
          </span>
          <Price
            game={game}
            market={main.handicap}
            outcomeKey="away"
            names={names}
            move={mv('away', main.handicap)}
          />
        </div>
      </div>
      <a
        className={styles.more}
        href={href}
        aria-label={more === null ? t('all_markets') : t('more_markets', { count: more })}
      >
        {more === null ? '+' : `+${more}`}
      </a>
      <button
        type="button"
        className={styles.star}
        aria-pressed={favorite}
        aria-label={t(favorite ? 'favorites.remove_game' : 'favorites.add_game')}
        onClick={() => toggleFavorite('games', game.id)}
      >
        {favorite ? '★' : '☆'}
      </button>
    </li>
  );
}

/** The column header of a championship block: its name and the labels of the price columns. */
export function ChampHeader({
  name,
  country,
  href,
  threeWay,
  champId,
}: {
  name: string;
  country?: string | undefined;
  href?: string | undefined;
  threeWay: boolean;
  /** Given: the header has the champ's favourite star. */
  champId?: number | undefined;
}) {
  const t = useT('sports');
  const markets = useT('markets');
  const [favorites, toggleFavorite] = useFavorites();
  const favorite = champId !== undefined && favorites.champs.includes(champId);
  return (
    <div className={styles.champHeader}>
      <h3 className={styles.champName}>
        {href ? <a href={href}>{name}</a> : name}
        {country ? <span className={styles.country}>{country}</span> : null}
      </h3>
      <div className={styles.prices} aria-hidden="true">
        <div className={styles.group}>
          <span className={styles.col}>1</span>
          {threeWay ? <span className={styles.col}>X</span> : null}
          <span className={styles.col}>2</span>
        </div>
        <div className={`${styles.group} ${styles.extra}`}>
          <span className={styles.col}>{markets('short.over_col')}</span>
          <span className={styles.line}>{markets('short.total_col')}</span>
          <span className={styles.col}>{markets('short.under_col')}</span>
        </div>
        <div className={`${styles.group} ${styles.extra}`}>
          <span className={styles.col}>1</span>
          <span className={styles.line}>{markets('short.hcp_col')}</span>
          <span className={styles.col}>2</span>
        </div>
      </div>
      <span className={styles.more} />
      {champId === undefined ? (
        <span className={styles.star} />
      ) : (
        <button
          type="button"
          className={styles.star}
          aria-pressed={favorite}
          aria-label={t(favorite ? 'favorites.remove_champ' : 'favorites.add_champ', { name })}
          onClick={() => toggleFavorite('champs', champId)}
        >
          {favorite ? '★' : '☆'}
        </button>
      )}
    </div>
  );
}
