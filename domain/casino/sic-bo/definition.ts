/**
 * Sic bo: three dice, 216 equally likely ordered outcomes. The paytable (Macau's common one) is in
 * "to one" odds; a winning bet pays back odds + 1 per unit staked (stake included).
 *
 * - small (total 4–10) and big (11–17): 1:1, both lose on any triple — RTP 35/36.
 * - total n (4–17): 60:1 for 4 and 17, 30:1 for 5 and 16, 17:1 for 6 and 15, 12:1 for 7 and 14,
 *   8:1 for 8 and 13, 6:1 for 9–12 (triples count toward their total) — RTP 175/216 … 65/72.
 * - single number n (1–6): 1:1 on one die showing n, 2:1 on two, 12:1 on three — RTP 26/27.
 * - any triple: 30:1 — RTP 31/36; specific triple n: 180:1 — RTP 181/216.
 */
import { Ratio } from '../ratio.ts';

export type SicBoBetKind = 'small' | 'big' | 'total' | 'single' | 'any-triple' | 'triple';

export interface SicBoDefinition {
  readonly id: 'sic-bo';
  readonly faces: 6;
  /** "To one" odds of a total bet, by total 4–17. */
  readonly totalOdds: Readonly<Record<number, number>>;
  /** "To one" odds of a single-number bet by how many dice show it (index 1–3). */
  readonly singleOdds: readonly [0, number, number, number];
  readonly smallBigOdds: number;
  readonly anyTripleOdds: number;
  readonly tripleOdds: number;
  /** The stated RTP of the default bet (small), exactly. */
  readonly rtp: Ratio;
}

export const SIC_BO: SicBoDefinition = {
  id: 'sic-bo',
  faces: 6,
  totalOdds: {
    4: 60,
    5: 30,
    6: 17,
    7: 12,
    8: 8,
    9: 6,
    10: 6,
    11: 6,
    12: 6,
    13: 8,
    14: 12,
    15: 17,
    16: 30,
    17: 60,
  },
  singleOdds: [0, 1, 2, 12],
  smallBigOdds: 1,
  anyTripleOdds: 30,
  tripleOdds: 180,
  rtp: Ratio.parse('35/36'),
};
