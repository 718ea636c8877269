/**
 * Baccarat (punto banco) as an InHouseGame. Params `{ bets: [{ kind: 'player' | 'banker' | 'tie',
 * amountMinor? }] }` (1–3 bets, each kind once): the round's stake is the whole table and the amounts
 * add up to it, or a single bet leaves its amount out (`{ bets: [{ kind: 'banker' }] }`). Each bet
 * pays payoutMinor(amount, multiplier), rounded down per bet: the banker's 39/20 loses the odd
 * twentieth of a minor unit to the rounding (a 1-unit banker win pays back 1). View `{ player,
 * banker, playerTotal, bankerTotal, natural, winner, bets: [{ kind, amountMinor, multiplier,
 * payoutMinor }] }`, cards as codes ("AS", "TD").
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, oneOf } from '../engine/json-input.ts';
import { betAmounts, betWeights, parseBetAmount } from '../engine/table-bets.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { baccaratCardCode, playBaccarat } from './baccarat.ts';
import { BACCARAT, type BaccaratBetKind } from './definition.ts';

const KINDS: readonly BaccaratBetKind[] = ['player', 'banker', 'tie'];

export type BaccaratTableBet = { readonly kind: BaccaratBetKind; readonly amountMinor?: string };
export type BaccaratParams = { readonly bets: readonly BaccaratTableBet[] };

const ordered = KINDS.map((kind) => BACCARAT.rtps[kind]).sort((a, b) => a.compare(b));

export const BACCARAT_GAME: InHouseGame<BaccaratParams, never> = {
  id: 'baccarat',
  kind: 'instant',
  rtp: BACCARAT.rtps.banker,
  rtpRange: [ordered[0]!, ordered.at(-1)!],
  volatility: 'low',
  maxMultiplier: BACCARAT.pays.tie,
  defaultParams: { bets: [{ kind: 'banker' }] },
  parseParams(input) {
    const fields = jsonObject('baccarat', input, 'params');
    if (!Array.isArray(fields.bets) || fields.bets.length === 0 || fields.bets.length > KINDS.length) {
      throw new GameRuleError('baccarat', `place 1 to ${KINDS.length} bets`);
    }
    const single = fields.bets.length === 1;
    const bets = fields.bets.map((input): BaccaratTableBet => {
      const bet = jsonObject('baccarat', input, 'bet');
      const kind = oneOf('baccarat', bet.kind, KINDS, 'kind');
      const amountMinor = parseBetAmount('baccarat', bet.amountMinor, single);
      return amountMinor === undefined ? { kind } : { kind, amountMinor };
    });
    if (new Set(bets.map((bet) => bet.kind)).size !== bets.length) {
      throw new GameRuleError('baccarat', 'each bet kind at most once');
    }
    return { bets };
  },
  parseAction() {
    throw new GameRuleError('baccarat', 'baccarat takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('baccarat', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('baccarat', 'baccarat takes no decisions');
    const stakes = betAmounts('baccarat', params.bets, stakeMinor);
    const { coup, multipliers } = playBaccarat(
      BACCARAT,
      random,
      params.bets.map((bet) => bet.kind),
    );
    const bets = params.bets.map((bet, i) => {
      const paid = payoutMinor(stakes[i]!, multipliers[i]!);
      return {
        kind: bet.kind,
        amountMinor: stakes[i]!.toString(),
        multiplier: multipliers[i]!.toString(),
        payoutMinor: paid.toString(),
        paid,
      };
    });
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: bets.reduce((sum, bet) => sum + bet.paid, 0n),
      allowed: [],
      view: {
        player: coup.player.map(baccaratCardCode),
        banker: coup.banker.map(baccaratCardCode),
        playerTotal: coup.playerTotal,
        bankerTotal: coup.bankerTotal,
        natural: coup.natural,
        winner: coup.winner,
        bets: bets.map(({ paid: _paid, ...shown }) => shown),
      },
    };
  },
  /** The stake-weighted RTP of the table. */
  rtpOf(params) {
    const weights = betWeights(params.bets);
    const total = weights.reduce((sum, w) => sum + w, 0n);
    return params.bets.reduce(
      (sum, bet, i) => sum.plus(BACCARAT.rtps[bet.kind].times(new Ratio(weights[i]!, total))),
      Ratio.ZERO,
    );
  },
};
