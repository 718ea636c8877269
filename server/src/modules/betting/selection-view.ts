/**
 * The selections of a coupon as the bet slip shows them: price and states from readSelections
 * (the same reader placement uses, so the slip and placement cannot disagree) plus the game, market
 * and outcome labels in the player's language from the sportsbook's readSelectionLabels (the names
 * the sports pages, the bet history and the print page use). Read-only, no locks.
 *
 * Bet states (coupon-accounts §4): locked when its market or outcome is not open (blocked) or
 * another bet of the coupon is of the same game (dependent; not for multiple singles); finished when
 * the game is over or the market resulted; live by isBetLive. isDisabledBanker: a locked or
 * finished bet cannot be made a banker.
 */

import {
  COUPON_TYPE,
  couponBetState,
  marketKindCode,
  type SlipSelectionView,
} from '@parlay/domain/coupon/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import {
  readSelectionLabels,
  readSelections,
  type SelectionLabels,
  type SelectionState,
} from '../sportsbook/index.ts';

export type SlipLanguage = 'ru' | 'en';

export interface SlipBet extends SlipSelectionView {
  outcomeId: string;
  marketId: string;
  startsAt: string;
}

export type SlipBetView = SlipBet | { outcomeId: string; isUnavailable: true };

function isOpen(s: SelectionState) {
  return s.marketState === 'open' && s.outcomeState === 'open';
}

/** One bet's view; `sameGame` tells whether another bet of the coupon is of its game. */
function toSlipBet(s: SelectionState, labels: SelectionLabels, sameGame: boolean): SlipBet {
  const finishedMarket = s.marketState === 'resulted' || s.marketState === 'cancelled';
  const state = couponBetState({
    isBlocked: !isOpen(s),
    isDepend: sameGame,
    isBannedExpress: false,
    market: { isLive: s.marketIsLive },
    game: { status: s.gameStatus, isFinished: s.isGameFinished, isTimeRunning: s.isTimeRunning },
  });
  const isFinished = state.isFinished || finishedMarket;
  return {
    outcomeId: s.outcomeId.toString(),
    gameId: s.gameId,
    marketId: s.marketId.toString(),
    sportId: s.sportId,
    oddsMilli: s.oddsMilli,
    marketKind: marketKindCode(s.marketKind),
    isLive: state.isLive,
    isLocked: state.isLocked,
    isFinished,
    isDisabledBanker: state.isLocked || isFinished,
    gameLabel: labels.gameLabel,
    marketLabel: labels.marketLabel,
    outcomeLabel: labels.outcomeLabel,
    startsAt: labels.startAt,
    score: state.isLive || isFinished ? `${s.scoreHome}:${s.scoreAway}` : null,
  };
}

/**
 * The coupon's bets in the asked order with their current state and labels; an outcome that does
 * not exist is { outcomeId, isUnavailable: true }, and so is a settled one when `settledUnavailable`.
 */
export async function readSlipBets(
  db: Kysely<Database>,
  typeId: number,
  outcomeIds: readonly bigint[],
  lng: SlipLanguage,
  options: { settledUnavailable?: boolean } = {},
): Promise<{ views: SlipBetView[]; selections: Map<bigint, SelectionState> }> {
  const selections = await readSelections(db, outcomeIds);
  const labels = await readSelectionLabels(db, [...selections.keys()], lng);
  const gameCounts = new Map<number, number>();
  for (const id of outcomeIds) {
    const s = selections.get(id);
    if (s) gameCounts.set(s.gameId, (gameCounts.get(s.gameId) ?? 0) + 1);
  }
  const views = outcomeIds.map((id): SlipBetView => {
    const s = selections.get(id);
    const label = labels.get(id);
    if (!s || !label) return { outcomeId: id.toString(), isUnavailable: true };
    const settled =
      s.outcomeState === 'resulted' || s.marketState === 'resulted' || s.marketState === 'cancelled';
    if (options.settledUnavailable && settled) return { outcomeId: id.toString(), isUnavailable: true };
    const sameGame = typeId !== COUPON_TYPE.MULTIPLE_SINGLES && (gameCounts.get(s.gameId) ?? 0) > 1;
    return toSlipBet(s, label, sameGame);
  });
  return { views, selections };
}
