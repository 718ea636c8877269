/**
 * The one shape every in-house game has for the server, the browser and the verifier: a round is a
 * pure replay, state = play(params, stake, actions, random). The server stores only the seeds, the
 * nonce, the parameters, the stake and the decisions in order; resuming a round after a restart,
 * showing it in the history and verifying it are the same call. Nothing here reads a clock or does
 * I/O.
 *
 * Money is in the currency's minor units (bigint). A game may raise the stake during a round
 * (blackjack double, split, insurance): `stakedMinor` is the total staked so far, and the server
 * debits each increase as its own ledger step. `payoutMinor` (stake included, rounded down) is known
 * when `finished`.
 */
import type { FairRandom } from '../fair/fair-random.ts';
import type { Ratio } from '../ratio.ts';

/** A JSON value: what a view, parameters and decisions are made of. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export type Volatility = 'low' | 'medium' | 'high' | 'very-high';

export interface RoundState {
  readonly finished: boolean;
  /** Everything staked in this round so far (the base stake plus any doubles, splits, insurance). */
  readonly stakedMinor: bigint;
  /** Paid back at the end, stake included; 0n while not finished or when lost. */
  readonly payoutMinor: bigint;
  /**
   * The decision kinds allowed now (for example ['hit', 'stand', 'double']), empty when finished.
   * An action whose kind is not listed is refused with a GameRuleError.
   */
  readonly allowed: readonly string[];
  /**
   * What the player sees (JSON): everything drawn so far that the rules show, nothing hidden (no
   * mine positions, no dealer hole card, no undealt cards) while the round is open; the whole round
   * once finished.
   */
  readonly view: Json;
}

export interface InHouseGame<Params extends Json = Json, Action extends Json = Json> {
  /** Stable id, also the game's route slug and the verifier's key: 'dice', 'slot-classic', … */
  readonly id: string;
  /** 'instant': one call settles the round (no actions); 'decisions': the player acts until finished. */
  readonly kind: 'instant' | 'decisions';
  /** The RTP stated to the player: exact, computed from the definition (the default settings' RTP). */
  readonly rtp: Ratio;
  /** Lowest and highest RTP over all the settings a player may choose (equal when one setting). */
  readonly rtpRange: readonly [Ratio, Ratio];
  readonly volatility: Volatility;
  /** The highest payout a round can make, as a multiple of the base stake (for the max-win check). */
  readonly maxMultiplier: Ratio;
  /** Parameters when the player gives none (the default bet on the game page). */
  readonly defaultParams: Params;
  /** Checks and normalises the player's parameters; throws GameRuleError when they are not allowed. */
  parseParams(input: unknown): Params;
  /** Checks one decision's shape; throws GameRuleError. Whether it is allowed now is play()'s job. */
  parseAction(input: unknown): Action;
  /**
   * Replays a round from its first draw: the same seeds, params, stake and actions always give the
   * same state. Throws GameRuleError when an action is not allowed at its point of the round.
   */
  play(params: Params, stakeMinor: bigint, actions: readonly Action[], random: FairRandom): RoundState;
  /** The exact RTP of these parameters (for the tile and the info panel). */
  rtpOf(params: Params): Ratio;
}
