/**
 * Keeps the slip's selections current: a quote (POST /coupons/quote) whenever the coupon's shape
 * changes, then /ws `game:<id>` messages for prices, market states, scores and results. Prices the
 * player's changeCoefAction accepts become the seen prices at once; the others wait for "Accept".
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { type CouponSelection, changeCoupon } from '@parlay/mf/coupon-store.ts';
import { useEffect, useRef, useState } from 'react';
import { couponApi, type Quote } from './coupon-api.ts';
import type { LegLive, LegStatus } from './slip-figures.ts';
import { dispatchSlip, getSlip } from './slip-store.ts';

const QUOTE_DELAY_MS = 250;
/** Re-quote now and then: prices of games the page does not show arrive only this way. */
const REQUOTE_MS = 30_000;

export interface QuoteKey {
  typeId: number;
  systemValue: number;
  accountId: string | null;
  promoCode: string;
  bets: { outcomeId: number; isBanker: boolean }[];
}

function moveOf(before: LegLive | undefined, oddsMilli: number, nowMs: number): LegLive['move'] {
  if (!before || before.oddsMilli === oddsMilli) return before?.move ?? null;
  return { dir: oddsMilli > before.oddsMilli ? 'up' : 'down', atMs: nowMs };
}

/** The live state of each selection after a quote (pure). */
export function liveFromQuote(
  previous: Readonly<Record<string, LegLive>>,
  quote: Quote,
  nowMs: number,
): Record<string, LegLive> {
  const next: Record<string, LegLive> = { ...previous };
  for (const bet of quote.bets) {
    const before = previous[bet.outcomeId];
    if ('isUnavailable' in bet) {
      next[bet.outcomeId] = {
        oddsMilli: before?.oddsMilli ?? 1001,
        status: 'unavailable',
        isLive: false,
        isDisabledBanker: true,
        marketKind: 0,
        score: null,
        move: null,
      };
      continue;
    }
    const status: LegStatus = bet.isFinished ? 'finished' : bet.isLocked ? 'locked' : 'open';
    next[bet.outcomeId] = {
      oddsMilli: bet.oddsMilli,
      status,
      isLive: bet.isLive,
      isDisabledBanker: bet.isDisabledBanker,
      marketKind: bet.marketKind,
      score: bet.score,
      move: moveOf(before, bet.oddsMilli, nowMs),
      ...(bet.outcomeLabel
        ? {
            labels: {
              gameLabel: bet.gameLabel,
              marketLabel: bet.marketLabel,
              outcomeLabel: bet.outcomeLabel,
            },
          }
        : {}),
    };
  }
  return next;
}

interface GameMessage {
  type?: string;
  gameId?: number;
  outcomes?: { id: number; oddsMilli: number; state?: string }[];
  markets?: { id: number; state?: string; outcomes?: { id: number }[] }[];
  score?: { home: number; away: number };
  status?: number;
}

/**
 * Applies a /ws game message to the selections of that game (pure). Returns the same object when
 * nothing changed, and whether the score of a selected game changed.
 */
export function liveFromMessage(
  previous: Readonly<Record<string, LegLive>>,
  selections: readonly CouponSelection[],
  message: GameMessage,
  nowMs: number,
): { live: Readonly<Record<string, LegLive>>; scoreChangedOutcomeIds: number[] } {
  const ofGame = selections.filter((s) => s.gameId === message.gameId);
  let next: Record<string, LegLive> | null = null;
  const set = (id: number, patch: Partial<LegLive>) => {
    const before = (next ?? previous)[id];
    if (!before) return;
    next ??= { ...previous };
    next[id] = { ...before, ...patch };
  };
  const scoreChanged: number[] = [];
  if (message.type === 'odds') {
    for (const outcome of message.outcomes ?? []) {
      const selected = ofGame.find((s) => s.outcomeId === outcome.id);
      const before = previous[outcome.id];
      if (!selected || !before || before.status === 'finished' || before.status === 'unavailable') continue;
      if (before.oddsMilli === outcome.oddsMilli && (outcome.state === 'open') === (before.status === 'open'))
        continue;
      set(outcome.id, {
        oddsMilli: outcome.oddsMilli,
        move: moveOf(before, outcome.oddsMilli, nowMs),
        status: outcome.state && outcome.state !== 'open' ? 'locked' : 'open',
      });
    }
  } else if (message.type === 'state') {
    for (const market of message.markets ?? []) {
      for (const s of ofGame.filter((sel) => sel.marketId === market.id)) {
        const before = previous[s.outcomeId];
        if (!before || before.status === 'finished' || before.status === 'unavailable') continue;
        const status: LegStatus =
          market.state === 'open'
            ? 'open'
            : market.state === 'resulted' || market.state === 'cancelled'
              ? 'finished'
              : 'locked';
        if (status !== before.status) set(s.outcomeId, { status });
      }
    }
  } else if (message.type === 'result') {
    for (const market of message.markets ?? []) {
      for (const s of ofGame.filter((sel) => sel.marketId === market.id))
        set(s.outcomeId, { status: 'finished' });
    }
  } else if (message.type === 'score' && message.score) {
    const text = `${message.score.home}:${message.score.away}`;
    for (const s of ofGame) {
      const before = previous[s.outcomeId];
      if (!before || before.score === text) continue;
      if (before.score !== null) scoreChanged.push(s.outcomeId);
      set(s.outcomeId, { score: text });
    }
  }
  return { live: next ?? previous, scoreChangedOutcomeIds: scoreChanged };
}

/** The live state of the selections, quoting again when `key` changes. */
export function useLiveLegs(
  selections: readonly CouponSelection[],
  key: QuoteKey | null,
  lng: string,
  onScoreDrop: (outcomeIds: number[]) => void,
): { live: Readonly<Record<string, LegLive>>; quote: Quote | null; requote: () => void } {
  const [live, setLive] = useState<Readonly<Record<string, LegLive>>>({});
  const [quote, setQuote] = useState<Quote | null>(null);
  const [tick, setTick] = useState(0);
  const selectionsRef = useRef(selections);
  selectionsRef.current = selections;
  const dropRef = useRef(onScoreDrop);
  dropRef.current = onScoreDrop;
  const keyText = key ? JSON.stringify(key) : '';

  useEffect(() => {
    if (!keyText) {
      setQuote(null);
      return;
    }
    const request = JSON.parse(keyText) as QuoteKey;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const answer = await couponApi.quote({
        typeId: request.typeId,
        ...(request.typeId === 2 || request.typeId === 4 ? { systemValue: request.systemValue } : {}),
        ...(request.accountId ? { accountId: request.accountId } : {}),
        ...(request.promoCode ? { promoCode: request.promoCode } : {}),
        lng,
        bets: request.bets.map((b) => (b.isBanker ? b : { outcomeId: b.outcomeId })),
      });
      if (cancelled || !answer.ok) return;
      setQuote(answer.data);
      setLive((previous) => liveFromQuote(previous, answer.data, Date.now()));
      const prices: Record<string, number> = {};
      for (const bet of answer.data.bets)
        if (!('isUnavailable' in bet)) prices[bet.outcomeId] = bet.oddsMilli;
      dispatchSlip({ type: 'pricesArrived', oddsByBetId: prices });
    }, QUOTE_DELAY_MS);
    const again = setTimeout(() => setTick((n) => n + 1), REQUOTE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearTimeout(again);
    };
  }, [keyText, lng, tick]);

  const gamesKey = [...new Set(selections.map((s) => s.gameId))].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!gamesKey) return;
    const realtime = getRealtime();
    const stops = gamesKey.split(',').map((id) =>
      realtime.subscribe(`game:${id}`, (data) => {
        if (typeof data !== 'object' || data === null) return;
        let dropped: number[] = [];
        setLive((previous) => {
          const applied = liveFromMessage(previous, selectionsRef.current, data as GameMessage, Date.now());
          dropped = applied.scoreChangedOutcomeIds;
          if (applied.live !== previous) {
            const prices: Record<string, number> = {};
            for (const s of selectionsRef.current) {
              const leg = applied.live[s.outcomeId];
              if (leg && leg.status === 'open') prices[s.outcomeId] = leg.oddsMilli;
            }
            queueMicrotask(() => dispatchSlip({ type: 'pricesArrived', oddsByBetId: prices }));
          }
          return applied.live;
        });
        queueMicrotask(() => {
          if (dropped.length > 0) dropRef.current(dropped);
        });
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [gamesKey]);

  return { live, quote, requote: () => setTick((n) => n + 1) };
}

/** Drop on score change (coupon settings): a selection whose game's score changed leaves the coupon. */
export function dropOnScoreChange(outcomeIds: number[]): boolean {
  if (!getSlip().settings.isDropOnScoreChange) return false;
  for (const outcomeId of outcomeIds) changeCoupon({ type: 'remove', outcomeId });
  return outcomeIds.length > 0;
}
