/**
 * Sic bo as an InHouseGame. Params `{ bets: [{ kind, number?, amountMinor? }] }`: 1 to
 * MAX_SIC_BO_BETS bets of the board (sic-bo.ts); the round's stake is the whole table, the amounts
 * (decimal text of minor units) add up to it exactly, and a single bet may leave its amount out to
 * carry the whole stake (`{ bets: [{ kind: 'small' }] }`). Each bet pays payoutMinor(amount, odds + 1),
 * rounded down per bet. View `{ dice, total, triple, bets: [{ kind, number, amountMinor, multiplier,
 * payoutMinor }] }` (multiplier: what this bet paid back per unit, "0" on a loss).
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, oneOf, wholeNumber } from '../engine/json-input.ts';
import { betAmounts, betWeights, parseBetAmount } from '../engine/table-bets.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { SIC_BO, type SicBoBetKind } from './definition.ts';
import { allSicBoBets, placeSicBoBet, rollSicBo, sicBoMaxMultiplier, sicBoRtp } from './sic-bo.ts';

export const MAX_SIC_BO_BETS = 50;

const KINDS: readonly SicBoBetKind[] = ['small', 'big', 'total', 'single', 'any-triple', 'triple'];

export type SicBoTableBet = {
  readonly kind: SicBoBetKind;
  readonly number?: number;
  readonly amountMinor?: string;
};

export type SicBoParams = { readonly bets: readonly SicBoTableBet[] };

function parseBet(input: unknown, single: boolean): SicBoTableBet {
  const fields = jsonObject('sic-bo', input, 'bet');
  const kind = oneOf('sic-bo', fields.kind, KINDS, 'kind');
  const number = fields.number === undefined ? undefined : wholeNumber('sic-bo', fields.number, 'number');
  const placed = placeSicBoBet(number === undefined ? { kind } : { kind, number });
  const amountMinor = parseBetAmount('sic-bo', fields.amountMinor, single);
  return {
    ...placed,
    ...(amountMinor === undefined ? {} : { amountMinor }),
  };
}

const RTPS = allSicBoBets().map((bet) => sicBoRtp(SIC_BO, bet));
const byValue = (a: Ratio, b: Ratio) => a.compare(b);

export const SIC_BO_GAME: InHouseGame<SicBoParams, never> = {
  id: 'sic-bo',
  kind: 'instant',
  rtp: SIC_BO.rtp,
  rtpRange: [[...RTPS].sort(byValue)[0]!, [...RTPS].sort(byValue).at(-1)!],
  volatility: 'medium',
  maxMultiplier: sicBoMaxMultiplier(SIC_BO, { kind: 'triple', number: 1 }),
  defaultParams: { bets: [{ kind: 'small' }] },
  parseParams(input) {
    const fields = jsonObject('sic-bo', input, 'params');
    if (!Array.isArray(fields.bets) || fields.bets.length === 0 || fields.bets.length > MAX_SIC_BO_BETS) {
      throw new GameRuleError('sic-bo', `place 1 to ${MAX_SIC_BO_BETS} bets`);
    }
    const single = fields.bets.length === 1;
    return { bets: fields.bets.map((bet) => parseBet(bet, single)) };
  },
  parseAction() {
    throw new GameRuleError('sic-bo', 'sic bo takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('sic-bo', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('sic-bo', 'sic bo takes no decisions');
    const stakes = betAmounts('sic-bo', params.bets, stakeMinor);
    const outcome = rollSicBo(SIC_BO, random, params.bets);
    const bets = params.bets.map((bet, i) => {
      const paid = payoutMinor(stakes[i]!, outcome.multipliers[i]!);
      return {
        kind: bet.kind,
        number: bet.number ?? null,
        amountMinor: stakes[i]!.toString(),
        multiplier: outcome.multipliers[i]!.toString(),
        payoutMinor: paid.toString(),
        paid,
      };
    });
    const [a, b, c] = outcome.dice;
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: bets.reduce((sum, bet) => sum + bet.paid, 0n),
      allowed: [],
      view: {
        dice: [a, b, c],
        total: a + b + c,
        triple: a === b && b === c,
        bets: bets.map(({ paid: _paid, ...shown }) => shown),
      },
    };
  },
  /** The stake-weighted RTP of the table (each bet's exact RTP over the 216 rolls). */
  rtpOf(params) {
    const weights = betWeights(params.bets);
    const total = weights.reduce((sum, w) => sum + w, 0n);
    return params.bets.reduce(
      (sum, bet, i) => sum.plus(sicBoRtp(SIC_BO, bet).times(new Ratio(weights[i]!, total))),
      Ratio.ZERO,
    );
  },
};
