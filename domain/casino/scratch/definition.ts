/**
 * Scratch card: a 3×3 card of symbols. The round first draws the prize tier from the weighted table
 * below (one FairRandom.int(total weight): tiers take consecutive ranges in the listed order, the
 * rest of the range is "no prize"), then arranges the card from the same stream so that the winning
 * tier's symbol shows exactly three times and no other symbol three times; a losing card shows no
 * symbol three times. The RTP is Σ weight × multiplier / total weight, exactly.
 */
export interface ScratchTier {
  /** The symbol whose three of a kind wins this tier (a stable id the UI draws). */
  readonly symbol: string;
  /** Paid back per unit staked, stake included. */
  readonly multiplier: number;
  /** Chance weight out of `totalWeight`. */
  readonly weight: number;
}

export interface ScratchDefinition {
  readonly id: 'scratch';
  readonly cells: 9;
  readonly tiers: readonly ScratchTier[];
  /** The draw's range; what the tiers' weights leave of it is the losing range. */
  readonly totalWeight: number;
  /** The stated RTP, exactly. */
  readonly rtp: string;
}

export const SCRATCH: ScratchDefinition = {
  id: 'scratch',
  cells: 9,
  tiers: [
    { symbol: 'crown', multiplier: 1000, weight: 20 },
    { symbol: 'diamond', multiplier: 100, weight: 300 },
    { symbol: 'star', multiplier: 50, weight: 1_000 },
    { symbol: 'horseshoe', multiplier: 20, weight: 3_000 },
    { symbol: 'clover', multiplier: 10, weight: 8_000 },
    { symbol: 'bell', multiplier: 5, weight: 45_000 },
    { symbol: 'lemon', multiplier: 2, weight: 145_000 },
    { symbol: 'cherry', multiplier: 1, weight: 200_000 },
  ],
  totalWeight: 1_000_000,
  rtp: '191/200',
};
