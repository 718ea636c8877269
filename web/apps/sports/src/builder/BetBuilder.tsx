/**
 * The game page's Bet builder tab: the player picks outcomes of this match (result, goals, both
 * teams to score, goal ranges, correct score, corners), sees their combined price as the server
 * prices it from the joint model of the match (or why they cannot all happen), and adds the
 * combination to the bet slip as one selection.
 */

import { isBuilderMarket, isBuilderSport } from '@parlay/domain/sportsbook/bet-builder.ts';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import {
  cardTitle,
  formatLine,
  type LabelNames,
  outcomeShort,
} from '@parlay/domain/sportsbook/market-labels.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { openCoupon } from '@parlay/mf/coupon-store.ts';
import { MarketCard, OddsButton } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useOddsFormat } from '../context.tsx';
import gameStyles from '../Game.module.css';
import { marketCards } from '../markets.ts';
import type { GamePage, Market, Outcome } from '../model.ts';
import styles from './BetBuilder.module.css';
import { quoteBuilder } from './builder-api.ts';
import { builderErrorText, builderLegName } from './builder-labels.ts';
import { setBuilderSlip, useBuilderSlip } from './builder-store.ts';

const MAX_LEGS = 8;

/** The builder's markets of a game, or none when the game is not one the builder prices. */
export function builderMarkets(game: Pick<GamePage, 'sportId' | 'status' | 'markets'>): Market[] {
  if (game.status !== GAME_STATUS.NOT_STARTED) return [];
  try {
    if (!isBuilderSport(profileOf(game.sportId))) return [];
  } catch {
    return [];
  }
  return game.markets.filter((m) => !m.isLive && isBuilderMarket(m));
}

type QuoteState =
  | { phase: 'idle' }
  | { phase: 'loading'; coefMilli: number | null }
  | { phase: 'priced'; coefMilli: number }
  | { phase: 'refused'; code: string; conflict: number[] };

export function BetBuilderPanel({ game, names }: { game: GamePage; names: LabelNames }) {
  const t = useT('sports');
  const format = useOddsFormat();
  const inSlip = useBuilderSlip();
  const [picked, setPicked] = useState<number[]>([]);
  const [quote, setQuote] = useState<QuoteState>({ phase: 'idle' });
  const [added, setAdded] = useState(false);
  const sequence = useRef(0);
  const markets = useMemo(() => builderMarkets(game), [game]);
  const cards = useMemo(() => marketCards(markets), [markets]);
  const byOutcome = useMemo(() => {
    const map = new Map<number, { market: Market; outcome: Outcome }>();
    for (const market of markets)
      for (const outcome of market.outcomes) map.set(outcome.id, { market, outcome });
    return map;
  }, [markets]);
  const legName = (id: number) => {
    const found = byOutcome.get(id);
    return found ? builderLegName(found.market, found.outcome, names, t) : String(id);
  };
  const key = picked.join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    const n = ++sequence.current;
    if (ids.length < 2) {
      setQuote({ phase: 'idle' });
      return;
    }
    setQuote((q) => ({ phase: 'loading', coefMilli: q.phase === 'priced' ? q.coefMilli : null }));
    void quoteBuilder(ids).then((answer) => {
      if (n !== sequence.current) return;
      setQuote(
        answer.ok
          ? { phase: 'priced', coefMilli: answer.coefMilli }
          : { phase: 'refused', code: answer.code, conflict: answer.conflictOutcomeIds },
      );
    });
  }, [key]);

  const toggle = (id: number) => {
    setAdded(false);
    setPicked((list) =>
      list.includes(id) ? list.filter((x) => x !== id) : list.length >= MAX_LEGS ? list : [...list, id],
    );
  };
  const gameLabel = `${game.home.name} — ${game.away.name}`;
  const addToSlip = () => {
    if (quote.phase !== 'priced') return;
    setBuilderSlip({
      gameId: game.id,
      gameLabel,
      legs: picked.map((outcomeId) => ({ outcomeId, label: legName(outcomeId) })),
      coefMilli: quote.coefMilli,
    });
    setAdded(true);
  };

  /** A leg's button: its full name for screen readers; a row of a line card shows the short label ("O 2.5"). */
  const button = (market: Market, outcome: Outcome, short = false) => {
    const name = builderLegName(market, outcome, names, t);
    const state =
      market.state !== 'open' ? 'suspended' : outcome.state === 'resulted' ? 'resulted' : outcome.state;
    return (
      <OddsButton
        key={outcome.id}
        className={`${gameStyles.wide} ${styles.legButton}`}
        label={short ? outcomeShort(market, outcome, names.t) : name}
        price={format(outcome.oddsMilli)}
        name={`${gameLabel}, ${t('builder.title')}: ${name}`}
        state={state}
        selected={picked.includes(outcome.id)}
        suspendedText={t('suspended')}
        data-builder-outcome-id={outcome.id}
        onToggle={() => toggle(outcome.id)}
      />
    );
  };

  const summary = () => {
    if (picked.length < 2)
      return <p className={styles.hint}>{t('builder.pick_more', { count: 2 - picked.length })}</p>;
    if (quote.phase === 'refused') {
      if (quote.code === 'BET_BUILDER_CONTRADICTION') {
        const legs = (quote.conflict.length > 0 ? quote.conflict : picked).map(legName).join(' + ');
        return (
          <p className={styles.refused} data-testid="builder-contradiction">
            {t('builder.contradiction', { legs })}
          </p>
        );
      }
      return (
        <p className={styles.refused} data-testid="builder-refused">
          {builderErrorText(quote.code, t)}
        </p>
      );
    }
    const coef =
      quote.phase === 'priced' ? quote.coefMilli : quote.phase === 'loading' ? quote.coefMilli : null;
    return (
      <p className={styles.price}>
        <span>{t('builder.price')}</span>
        <strong
          data-testid="builder-price"
          data-coef-milli={coef ?? undefined}
          aria-busy={quote.phase === 'loading'}
        >
          {coef === null ? '…' : format(coef)}
        </strong>
      </p>
    );
  };

  return (
    <div className={styles.builder} data-testid="bet-builder">
      <p className={styles.intro}>{t('builder.intro')}</p>
      <div className={gameStyles.cards}>
        {cards.map((card) => {
          const withLines = card.markets.length > 1 || card.markets[0]?.specifiers.line !== undefined;
          return (
            <MarketCard key={card.key} title={cardTitle(card, names)} data-market={card.key}>
              {withLines ? (
                <div className={gameStyles.lines}>
                  {card.markets.map((market) => (
                    <div key={market.id} className={gameStyles.lineRow} data-state={market.state}>
                      <span className={gameStyles.lineValue}>
                        {formatLine(market.specifiers.line ?? '', market.type === 'handicap')}
                      </span>
                      {market.outcomes.map((outcome) => button(market, outcome, true))}
                    </div>
                  ))}
                </div>
              ) : (
                <div className={styles.outcomes}>
                  {card.markets[0]?.outcomes.map((outcome) => button(card.markets[0]!, outcome))}
                </div>
              )}
            </MarketCard>
          );
        })}
      </div>
      <section className={styles.summary} aria-label={t('builder.summary')} data-testid="builder-summary">
        {picked.length > 0 ? (
          <ul className={styles.legs}>
            {picked.map((id) => (
              <li key={id} className={styles.leg}>
                <span>{legName(id)}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('builder.remove', { name: legName(id) })}
                  onClick={() => toggle(id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={styles.actions} role="status" aria-live="polite">
          {summary()}
        </div>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.add}
            disabled={quote.phase !== 'priced'}
            onClick={addToSlip}
            data-testid="builder-add"
          >
            {t('builder.add')}
          </button>
          {picked.length > 0 ? (
            <button type="button" className={styles.clear} onClick={() => setPicked([])}>
              {t('builder.clear')}
            </button>
          ) : null}
        </div>
        {added && inSlip?.gameId === game.id ? (
          <p className={styles.hint} data-testid="builder-added">
            {t('builder.added')}{' '}
            <button type="button" className={styles.clear} onClick={openCoupon}>
              {t('builder.open_slip')}
            </button>
          </p>
        ) : null}
      </section>
    </div>
  );
}
