/**
 * Cash-out of one open bet in the slip's "My bets": the live offer, and beside it the coupon's fair
 * value (the offer without the house margin, from the current prices) and the margin taken (fair −
 * offer, and its share of the fair value), all from the server's quote. The first tap opens the
 * confirmation with the offer as it stands; the offer keeps moving while the player decides (a
 * quote on every price message of the bet's games, and every few seconds); the second tap cashes
 * out at the offer shown. An offer that went down in between is refused by the server
 * (CASHOUT_PRICE_CHANGED with the new offer): the slip says so and asks to confirm the new amount.
 * The coupon setting isOneTapCashout skips the confirmation.
 */
import {
  type Bet,
  type CashoutQuote,
  cashOut,
  newIdempotencyKey,
  quoteCashout,
} from '@parlay/client/bets-api.ts';
import { getRealtime } from '@parlay/client/realtime.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { Button, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { marginShare, offerMove } from './cashout-offer.ts';
import styles from './MyBets.module.css';
import { useSlip } from './slip-store.ts';

const OFFER_REFRESH_MS = 5000;
/** How long the ▲/▼ of a moved offer shows (as a price's move, DESIGN.md). */
const MOVE_SHOWN_MS = 3000;
/** A price message of the bet's games asks for a new quote after this quiet time (bursts: one quote). */
const PRICE_QUOTE_DELAY_MS = 300;

type Phase = 'idle' | 'confirm' | 'busy';
type Problem = { code: 'changed'; fromMinor: string } | { code: 'unavailable' | 'failed' } | null;

/** The quote of a bet, asked every few seconds and whenever a price of one of its games moves. */
function useLiveQuote(bet: Bet) {
  const [quote, setQuote] = useState<CashoutQuote | null>(null);
  const [previousOffer, setPreviousOffer] = useState<string | null>(null);
  const latest = useRef<CashoutQuote | null>(null);
  const moveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (moveTimer.current) clearTimeout(moveTimer.current);
    },
    [],
  );
  const refresh = useCallback(async () => {
    const answer = await quoteCashout(bet.id);
    if (!answer.ok) return null;
    const before = latest.current;
    if (before && before.offerMinor !== answer.data.offerMinor) {
      setPreviousOffer(before.offerMinor);
      if (moveTimer.current) clearTimeout(moveTimer.current);
      moveTimer.current = setTimeout(() => setPreviousOffer(null), MOVE_SHOWN_MS);
    }
    latest.current = answer.data;
    setQuote(answer.data);
    return answer.data;
  }, [bet.id]);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), OFFER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const markets = new Set(bet.legs.filter((l) => l.result === null).map((l) => Number(l.marketId)));
  const marketsKey = [...markets].sort((a, b) => a - b).join(',');
  const gamesKey = [...new Set(bet.legs.filter((l) => l.result === null).map((l) => l.gameId))]
    .sort((a, b) => a - b)
    .join(',');
  useEffect(() => {
    if (!gamesKey || bet.status !== 'accepted') return;
    const watched = new Set(marketsKey.split(',').map(Number));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const realtime = getRealtime();
    const stops = gamesKey.split(',').map((id) =>
      realtime.subscribe(`game:${id}`, (data) => {
        if (!touchesMarkets(data, watched)) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void refresh(), PRICE_QUOTE_DELAY_MS);
      }),
    );
    return () => {
      if (timer) clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [gamesKey, marketsKey, bet.status, refresh]);
  return { quote, previousOffer, refresh };
}

/** Whether a /ws game message moves a price or a state of one of these markets. */
function touchesMarkets(data: unknown, markets: ReadonlySet<number>): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as {
    type?: string;
    outcomes?: { marketId?: number }[];
    markets?: { id?: number }[];
  };
  if (message.type === 'odds') return (message.outcomes ?? []).some((o) => markets.has(Number(o.marketId)));
  if (message.type === 'state' || message.type === 'result' || message.type === 'markets') {
    return (message.markets ?? []).some((m) => markets.has(Number(m.id)));
  }
  return false;
}

export function SlipCashout({ bet, onCashed }: { bet: Bet; onCashed: (text: string) => void }) {
  const fmt = useFormat();
  const t = useT('sports');
  const id = useId();
  const isOneTap = useSlip().settings.isOneTapCashout;
  const { quote, previousOffer, refresh } = useLiveQuote(bet);
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<Problem>(null);
  const key = useRef<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase === 'confirm') confirmRef.current?.focus();
  }, [phase]);
  if (bet.status !== 'accepted') return <p className={styles.muted}>{t('bets.waiting')}</p>;
  if (quote === null) return <Skeleton height="2.75rem" />;
  if (!quote.isAvailable) return <p className={styles.muted}>{t('bets.cashout_unavailable')}</p>;
  const money = (minor: string) => fmt.money(minor, bet.currency);

  const cash = async (expectedMinor: string) => {
    setPhase('busy');
    setProblem(null);
    key.current ??= newIdempotencyKey();
    const answer = await cashOut(bet.id, { expectedMinor }, key.current);
    key.current = null;
    if (answer.ok) {
      setPhase('idle');
      void loadAccounts();
      onCashed(t('bets.cashed', { id: bet.id, amount: money(answer.data.paidMinor) }));
      return;
    }
    const code = answer.error?.code;
    await refresh();
    if (code === 'CASHOUT_PRICE_CHANGED') {
      setProblem({ code: 'changed', fromMinor: expectedMinor });
      setPhase('confirm');
    } else {
      setProblem({ code: code === 'CASHOUT_UNAVAILABLE' ? 'unavailable' : 'failed' });
      setPhase(isOneTap ? 'idle' : 'confirm');
    }
  };
  const move = offerMove(previousOffer, quote.offerMinor);
  const share = marginShare(quote);
  const problemText =
    problem === null
      ? ''
      : problem.code === 'changed'
        ? t('bets.cashout_changed_to', { from: money(problem.fromMinor), amount: money(quote.offerMinor) })
        : t(problem.code === 'unavailable' ? 'bets.cashout_unavailable' : 'bets.cashout_failed');
  const offerText = money(quote.offerMinor);

  return (
    <div className={styles.cashout} data-testid="slip-cashout">
      <dl className={styles.offer}>
        <div>
          <dt>{t('bets.offer')}</dt>
          <dd data-testid="cashout-offer" data-offer-minor={quote.offerMinor}>
            {offerText}
            {move ? (
              <span className={move === 'up' ? styles.up : styles.down} aria-hidden="true">
                {move === 'up' ? ' ▲' : ' ▼'}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('bets.fair_value')}</dt>
          <dd data-testid="cashout-fair">{money(quote.fairValueMinor)}</dd>
        </div>
        <div>
          <dt>{t('bets.margin')}</dt>
          <dd data-testid="cashout-margin">
            {t('bets.margin_value', {
              amount: money(quote.marginMinor),
              percent: fmt.number(share, { upTo: 2 }),
            })}
          </dd>
        </div>
      </dl>
      {phase === 'idle' ? (
        <Button
          ref={openRef}
          variant="primary"
          size="sm"
          aria-describedby={problem ? `${id}-problem` : undefined}
          onClick={() => {
            if (isOneTap) void cash(quote.offerMinor);
            else {
              setProblem(null);
              setPhase('confirm');
            }
          }}
        >
          {t('bets.cashout', { amount: offerText })}
        </Button>
      ) : (
        <fieldset className={styles.confirm} aria-labelledby={`${id}-ask`}>
          <p id={`${id}-ask`} className={styles.ask}>
            {t('bets.cashout_ask', { amount: offerText })}
          </p>
          <div className={styles.confirmRow}>
            <Button
              ref={confirmRef}
              variant="primary"
              size="sm"
              disabled={phase === 'busy'}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onClick={() => void cash(quote.offerMinor)}
            >
              {phase === 'busy' ? t('bets.cashing') : t('bets.cashout_confirm', { amount: offerText })}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={phase === 'busy'}
              onClick={() => {
                setPhase('idle');
                setProblem(null);
                requestAnimationFrame(() => openRef.current?.focus());
              }}
            >
              {t('bets.cashout_cancel')}
            </Button>
          </div>
        </fieldset>
      )}
      <p id={`${id}-problem`} role="alert" className={styles.error}>
        {problemText}
      </p>
    </div>
  );
}
