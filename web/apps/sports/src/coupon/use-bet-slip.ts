/**
 * Everything the bet slip component reads and does, in one hook: the selections, the slip state,
 * the player's accounts, the quote and live prices, the figures, placement, one-click betting and
 * loading a coupon from a code (also from a `?coupon=CODE` link).
 */

import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import {
  type AccountsState,
  getAccounts,
  type PlayerAccount,
  subscribeAccounts,
} from '@parlay/mf/accounts-store.ts';
import { type CouponSelection, changeCoupon, interceptSelections } from '@parlay/mf/coupon-store.ts';
import { notify, openModal } from '@parlay/mf/host-api.ts';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSelections } from '../context.tsx';
import { couponApi, type Quote, type SavedCoupon } from './coupon-api.ts';
import { applicableFreeBet, freeBetUsed, getFreeBets, loadFreeBets } from './free-bets.ts';
import { applicableOddsBoost, getOddsBoosts, loadOddsBoosts, oddsBoostUsed } from './odds-boosts.ts';
import { oneClickRequest, placeRequest } from './place-request.ts';
import { type SlipFigures, slipFigures } from './slip-figures.ts';
import { kindOf, type SlipState } from './slip-state.ts';
import { dispatchSlip, syncSettings, useSlip } from './slip-store.ts';
import { dropOnScoreChange, type QuoteKey, useLiveLegs } from './use-live-legs.ts';
import { type PlacementApi, usePlacement } from './use-placement.ts';

export interface BetSlipModel {
  selections: readonly CouponSelection[];
  state: SlipState;
  figures: SlipFigures;
  quote: Quote | null;
  accounts: AccountsState;
  account: PlayerAccount | null;
  isSignedIn: boolean;
  placement: PlacementApi['placement'];
  placeBet(): void;
  resetPlacement(): void;
  loadCode(code: string): Promise<'ok' | 'not-found' | 'error'>;
  requote(): void;
}

function useAccounts(): AccountsState {
  return useSyncExternalStore(subscribeAccounts, getAccounts, getAccounts);
}

/** A coupon from its code, put into the coupon store and the slip. */
export function applySavedCoupon(saved: SavedCoupon): void {
  const selections = saved.bets.flatMap((bet): CouponSelection[] =>
    'isUnavailable' in bet
      ? []
      : [
          {
            outcomeId: bet.outcomeId,
            gameId: bet.gameId,
            marketId: bet.marketId,
            oddsMilli: bet.oddsMilli,
            gameLabel: bet.gameLabel,
            marketLabel: bet.marketLabel,
            outcomeLabel: bet.outcomeLabel,
          },
        ],
  );
  changeCoupon({ type: 'replace', selections });
  dispatchSlip({
    type: 'couponLoaded',
    kind: kindOf(saved.typeId),
    systemValue: saved.systemValue,
    bankers: saved.bets.filter((b) => b.isBanker).map((b) => b.outcomeId),
  });
}

export function useBetSlip(lng: string, t: TranslateFn): BetSlipModel {
  const selections = useSelections();
  const state = useSlip();
  const accounts = useAccounts();
  const isSignedIn = accounts.status === 'ready';
  const account =
    accounts.accounts.find((a) => a.id === state.accountId) ?? accounts.activeAccount ?? accounts.mainAccount;

  useEffect(() => {
    if (accounts.status === 'ready' || accounts.status === 'guest') void syncSettings(isSignedIn);
  }, [accounts.status, isSignedIn]);

  const idsKey = selections.map((s) => s.outcomeId).join(',');
  useEffect(() => {
    dispatchSlip({ type: 'selectionsKept', outcomeIds: idsKey ? idsKey.split(',').map(Number) : [] });
  }, [idsKey]);

  // The shape of the coupon decides the quote; the figures need the live state the quote brings.
  const liveRef = useRef<Parameters<typeof slipFigures>[0]['live']>({});
  const shape = slipFigures({
    selections,
    state,
    quote: null,
    live: liveRef.current,
    account: null,
  });
  const quoteKey: QuoteKey | null =
    selections.length === 0
      ? null
      : {
          typeId: shape.typeId,
          systemValue: shape.systemValue,
          accountId: isSignedIn ? (account?.id ?? null) : null,
          promoCode: shape.isPromoCodeAllowed ? state.promoCode : '',
          bets: selections.map((s) => ({
            outcomeId: s.outcomeId,
            isBanker: shape.typeId === 2 && state.bankers.includes(s.outcomeId),
          })),
        };
  const tRef = useRef(t);
  tRef.current = t;
  const onScoreDrop = useCallback((ids: number[]) => {
    if (dropOnScoreChange(ids)) notify({ kind: 'warning', text: tRef.current('slip.dropped_on_score') });
  }, []);
  const { live, quote, requote } = useLiveLegs(selections, quoteKey, lng, onScoreDrop);
  liveRef.current = live;

  const figures = useMemo(
    () =>
      slipFigures({
        selections,
        state,
        quote,
        live,
        account: account
          ? {
              iso: account.iso,
              isBonus: account.type === 4,
              balanceMinor: /^\d{1,19}$/.test(account.moneyMinor) ? BigInt(account.moneyMinor) : null,
            }
          : null,
      }),
    [selections, state, quote, live, account],
  );

  const { placement, place, reset } = usePlacement((result) => {
    if (result.phase !== 'accepted' || result.isOneClick) return;
    // A promo code is good for one bet: it leaves the slip with the bet that used it.
    dispatchSlip({ type: 'promoTyped', code: '' });
    if (!state.settings.isCouponFixed) changeCoupon({ type: 'clear' });
  });

  const placeBet = useCallback(() => {
    if (!isSignedIn || !account) {
      openModal('login');
      return;
    }
    const coupon = placeRequest(figures, state, account.id);
    if (!coupon) return;
    const freeBet = applicableFreeBet(getFreeBets(), {
      typeId: figures.typeId,
      currency: figures.currency,
      isBonusAccount: account.type === 4,
    });
    const boost = applicableOddsBoost(getOddsBoosts(), {
      typeId: figures.typeId,
      currency: figures.currency,
      isBonusAccount: account.type === 4,
      isFreeBet: freeBet !== null,
    });
    const request = freeBet
      ? { ...coupon, promoCode: null, freeBetId: freeBet.id }
      : boost
        ? { ...coupon, promoCode: null, oddsBoostId: boost.id }
        : coupon;
    void place(request).then((result) => {
      if (
        boost &&
        (result.phase === 'accepted' ||
          /^ODDS_BOOST_(USED|EXPIRED|NOT_FOUND)$/.test(result.phase === 'rejected' ? result.code : ''))
      ) {
        oddsBoostUsed(boost.id);
        void loadOddsBoosts(lng);
      }
      if (result.phase === 'rejected' && /^(ODDS_(?!BOOST_)|MARKET_|GAME_)/.test(result.code)) requote();
      if (
        freeBet &&
        (result.phase === 'accepted' ||
          /^FREE_BET_(USED|EXPIRED|NOT_FOUND)$/.test(result.phase === 'rejected' ? result.code : ''))
      ) {
        freeBetUsed(freeBet.id);
        void loadFreeBets(lng);
      }
    });
  }, [isSignedIn, account, figures, state, place, requote, lng]);

  // One-click betting: a price click places a single at once instead of filling the coupon.
  const oneClick = useRef({ state, account, isSignedIn, place });
  oneClick.current = { state, account, isSignedIn, place };
  const isOneClick = state.settings.isActiveOneClick && isSignedIn;
  useEffect(() => {
    if (!isOneClick) return;
    return interceptSelections((selection) => {
      const { state: now, account: paying, place: placeNow } = oneClick.current;
      if (!paying) return false;
      const request = oneClickRequest(selection, now, { id: paying.id, isBonus: paying.type === 4 });
      if (!request) return false;
      void placeNow(request, { isOneClick: true });
      return true;
    });
  }, [isOneClick]);

  const loadCode = useCallback(
    async (code: string) => {
      const answer = await couponApi.loadCode(code.trim(), lng);
      if (!answer.ok) return answer.status === 404 ? 'not-found' : 'error';
      applySavedCoupon(answer.data);
      reset();
      return 'ok';
    },
    [lng, reset],
  );

  // A shared link: /{lng}/…?coupon=CODE loads that coupon once, then the parameter leaves the address.
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('coupon');
    if (!code || !/^[A-Za-z0-9-]{3,40}$/.test(code)) return;
    url.searchParams.delete('coupon');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    void loadCode(code);
  }, [loadCode]);

  return {
    selections,
    state,
    figures,
    quote,
    accounts,
    account,
    isSignedIn,
    placement,
    placeBet,
    resetPlacement: reset,
    loadCode,
    requote,
  };
}
