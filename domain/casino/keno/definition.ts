/**
 * Keno, 10 of 40: the round draws 10 distinct numbers of 1–40; the player picks 1–10 numbers and
 * is paid by the paytable of that pick count at the number of hits. The RTP of each paytable is the
 * hypergeometric sum Σ C(p,h)·C(40−p,10−h)/C(40,10) · multiplier(h), stated here exactly and
 * recomputed by the tests; the top prize is capped at 10,000×.
 */
export interface KenoPaytable {
  /** Multiplier in thousandths by number of hits, index 0 … picks. */
  readonly multipliersMilli: readonly number[];
  /** The exact RTP of this paytable, as the fraction it works out to. */
  readonly rtp: string;
}

export interface KenoDefinition {
  readonly id: 'keno';
  readonly numbers: 40;
  readonly drawn: 10;
  /** Paytables by number of picks, 1 … 10. */
  readonly paytables: Readonly<Record<number, KenoPaytable>>;
}

export const KENO: KenoDefinition = {
  id: 'keno',
  numbers: 40,
  drawn: 10,
  paytables: {
    1: { multipliersMilli: [0, 3960], rtp: '99/100' },
    2: { multipliersMilli: [0, 1700, 5800], rtp: '257/260' },
    3: { multipliersMilli: [0, 0, 1280, 67000], rtp: '1221/1235' },
    4: { multipliersMilli: [0, 0, 670, 16000, 94000], rtp: '361821/365560' },
    5: { multipliersMilli: [0, 0, 0, 1220, 72000, 531000], rtp: '9043/9139' },
    6: { multipliersMilli: [0, 0, 0, 530, 26000, 123000, 1120000], rtp: '45219/45695' },
    7: { multipliersMilli: [0, 0, 0, 510, 12000, 42000, 250000, 2910000], rtp: '236367/239020' },
    8: { multipliersMilli: [0, 0, 0, 0, 730, 46000, 207000, 1530000, 10000000], rtp: '16918257/17089930' },
    9: {
      multipliersMilli: [0, 0, 0, 0, 690, 22000, 80000, 454000, 4370000, 10000000],
      rtp: '122949427/124290400',
    },
    10: {
      multipliersMilli: [0, 0, 0, 0, 540, 12000, 39000, 181000, 1330000, 5000000, 10000000],
      rtp: '64495933/65204656',
    },
  },
};
