/**
 * European roulette as an InHouseGame. Params `{ bets: [{ kind, numbers?, amountMinor? }] }`: up to
 * MAX_ROULETTE_BETS bets on the layout (roulette.ts), each with its own amount in minor units as
 * decimal text. The round's stake is the whole table: the amounts must add up to stakeMinor exactly
 * (GameRuleError otherwise). A single bet may leave `amountMinor` out and then carries the whole
 * stake, so `{ bets: [{ kind: 'red' }] }` works at any stake. Each bet pays
 * payoutMinor(amount, 36 / numbers covered), rounded down per bet; every bet returns exactly 36/37.
 * View `{ pocket, bets: [{ kind, numbers, amountMinor, payoutMinor }] }`.
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, oneOf, positiveMinor, wholeNumber } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { ROULETTE, type RouletteBetKind } from './definition.ts';
import { placeRouletteBet, rouletteMultiplier, spinRoulette } from './roulette.ts';

/** The most bets one spin takes (every straight, split and corner would be far more than a table holds). */
export const MAX_ROULETTE_BETS = 64;

const KINDS: readonly RouletteBetKind[] = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'even',
  'odd',
  'low',
  'high',
];

export type RouletteTableBet = {
  readonly kind: RouletteBetKind;
  readonly numbers?: readonly number[];
  /** Minor units as decimal text; left out only when it is the only bet (it then takes the stake). */
  readonly amountMinor?: string;
};

export type RouletteParams = { readonly bets: readonly RouletteTableBet[] };

function parseBet(input: unknown, single: boolean): RouletteTableBet {
  const fields = jsonObject('roulette', input, 'bet');
  const kind = oneOf('roulette', fields.kind, KINDS, 'kind');
  let numbers: number[] | undefined;
  if (fields.numbers !== undefined) {
    if (!Array.isArray(fields.numbers) || fields.numbers.length > 18) {
      throw new GameRuleError('roulette', 'numbers must be a list of up to 18 numbers');
    }
    numbers = fields.numbers.map((n) => wholeNumber('roulette', n, 'number'));
  }
  const placed = placeRouletteBet(ROULETTE, numbers === undefined ? { kind } : { kind, numbers });
  const bet: { kind: RouletteBetKind; numbers: readonly number[]; amountMinor?: string } = {
    kind,
    numbers: placed.numbers,
  };
  if (fields.amountMinor !== undefined) {
    bet.amountMinor = positiveMinor('roulette', fields.amountMinor, 'amountMinor').toString();
  } else if (!single) {
    throw new GameRuleError('roulette', 'each of several bets needs its amountMinor');
  }
  return bet;
}

/** The amount on each bet; throws unless they add up to the stake. */
function amounts(params: RouletteParams, stakeMinor: bigint): bigint[] {
  const [only] = params.bets;
  if (params.bets.length === 1 && only?.amountMinor === undefined) return [stakeMinor];
  const each = params.bets.map((bet) => {
    if (bet.amountMinor === undefined)
      throw new GameRuleError('roulette', 'each of several bets needs its amountMinor');
    return positiveMinor('roulette', bet.amountMinor, 'amountMinor');
  });
  if (each.reduce((sum, amount) => sum + amount, 0n) !== stakeMinor) {
    throw new GameRuleError('roulette', 'bet amounts must add up to the stake');
  }
  return each;
}

export const ROULETTE_GAME: InHouseGame<RouletteParams, never> = {
  id: 'roulette',
  kind: 'instant',
  rtp: ROULETTE.rtp,
  rtpRange: [ROULETTE.rtp, ROULETTE.rtp],
  volatility: 'medium',
  maxMultiplier: new Ratio(BigInt(ROULETTE.payoutNumerator)),
  defaultParams: { bets: [{ kind: 'red' }] },
  parseParams(input) {
    const fields = jsonObject('roulette', input, 'params');
    if (!Array.isArray(fields.bets) || fields.bets.length === 0 || fields.bets.length > MAX_ROULETTE_BETS) {
      throw new GameRuleError('roulette', `place 1 to ${MAX_ROULETTE_BETS} bets`);
    }
    const single = fields.bets.length === 1;
    return { bets: fields.bets.map((bet) => parseBet(bet, single)) };
  },
  parseAction() {
    throw new GameRuleError('roulette', 'roulette takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('roulette', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('roulette', 'roulette takes no decisions');
    const stakes = amounts(params, stakeMinor);
    const outcome = spinRoulette(ROULETTE, random, params.bets);
    const bets = params.bets.map((bet, i) => {
      const paid = payoutMinor(stakes[i]!, outcome.multipliers[i]!);
      const placed = placeRouletteBet(ROULETTE, bet);
      return {
        kind: bet.kind,
        numbers: placed.numbers,
        multiplier: rouletteMultiplier(ROULETTE, placed).toString(),
        amountMinor: stakes[i]!.toString(),
        payoutMinor: paid.toString(),
        paid,
      };
    });
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: bets.reduce((sum, bet) => sum + bet.paid, 0n),
      allowed: [],
      view: { pocket: outcome.pocket, bets: bets.map(({ paid: _paid, ...shown }) => shown) },
    };
  },
  rtpOf: () => ROULETTE.rtp,
};
