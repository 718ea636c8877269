/**
 * Plinko: a ball falls through 8–16 rows of pegs, going left or right at each with equal chance, and
 * lands in one of rows + 1 slots; slot k (the number of rights) pays its multiplier. Three risk levels
 * trade the centre's return for the edges'. The RTP of a table is the binomial sum
 * Σ C(n,k)/2^n · multiplier(k), stated here exactly (98.5–99.0 %) and recomputed by the tests.
 */
export type PlinkoRisk = 'low' | 'medium' | 'high';

export interface PlinkoTable {
  /** Multiplier in thousandths by slot, 0 … rows, symmetric. */
  readonly multipliersMilli: readonly number[];
  /** The exact RTP of this table, as the fraction it works out to. */
  readonly rtp: string;
}

export interface PlinkoDefinition {
  readonly id: 'plinko';
  readonly minRows: 8;
  readonly maxRows: 16;
  readonly tables: Readonly<Record<PlinkoRisk, Readonly<Record<number, PlinkoTable>>>>;
}

export const PLINKO: PlinkoDefinition = {
  id: 'plinko',
  minRows: 8,
  maxRows: 16,
  tables: {
    low: {
      8: { multipliersMilli: [6600, 2000, 1100, 840, 750, 840, 1100, 2000, 6600], rtp: '12669/12800' },
      9: { multipliersMilli: [8100, 2500, 1300, 930, 770, 770, 930, 1300, 2500, 8100], rtp: '12627/12800' },
      10: {
        multipliersMilli: [9700, 3100, 1500, 1100, 830, 730, 830, 1100, 1500, 3100, 9700],
        rtp: '6331/6400',
      },
      11: {
        multipliersMilli: [11000, 3900, 1800, 1200, 910, 780, 780, 910, 1200, 1800, 3900, 11000],
        rtp: '25289/25600',
      },
      12: {
        multipliersMilli: [13000, 4800, 2200, 1400, 1000, 820, 770, 820, 1000, 1400, 2200, 4800, 13000],
        rtp: '101199/102400',
      },
      13: {
        multipliersMilli: [15000, 5800, 2600, 1600, 1100, 900, 790, 790, 900, 1100, 1600, 2600, 5800, 15000],
        rtp: '101281/102400',
      },
      14: {
        multipliersMilli: [
          18000, 6900, 3100, 1800, 1300, 990, 820, 760, 820, 990, 1300, 1800, 3100, 6900, 18000,
        ],
        rtp: '40509/40960',
      },
      15: {
        multipliersMilli: [
          20000, 8200, 3800, 2100, 1500, 1100, 880, 770, 770, 880, 1100, 1500, 2100, 3800, 8200, 20000,
        ],
        rtp: '324153/327680',
      },
      16: {
        multipliersMilli: [
          22000, 9600, 4500, 2500, 1700, 1200, 970, 810, 770, 810, 970, 1200, 1700, 2500, 4500, 9600, 22000,
        ],
        rtp: '3244031/3276800',
      },
    },
    medium: {
      8: { multipliersMilli: [8300, 3700, 1600, 650, 210, 650, 1600, 3700, 8300], rtp: '2529/2560' },
      9: { multipliersMilli: [10000, 4700, 2100, 930, 370, 370, 930, 2100, 4700, 10000], rtp: '1579/1600' },
      10: {
        multipliersMilli: [13000, 6000, 2800, 1300, 570, 250, 570, 1300, 2800, 6000, 13000],
        rtp: '2531/2560',
      },
      11: {
        multipliersMilli: [15000, 7500, 3600, 1700, 810, 360, 360, 810, 1700, 3600, 7500, 15000],
        rtp: '50481/51200',
      },
      12: {
        multipliersMilli: [19000, 9400, 4700, 2300, 1100, 520, 260, 520, 1100, 2300, 4700, 9400, 19000],
        rtp: '101223/102400',
      },
      13: {
        multipliersMilli: [
          22000, 11000, 5900, 3000, 1500, 730, 320, 320, 730, 1500, 3000, 5900, 11000, 22000,
        ],
        rtp: '404433/409600',
      },
      14: {
        multipliersMilli: [
          27000, 14000, 7400, 3900, 2000, 1000, 480, 200, 480, 1000, 2000, 3900, 7400, 14000, 27000,
        ],
        rtp: '25327/25600',
      },
      15: {
        multipliersMilli: [
          32000, 17000, 9100, 4800, 2600, 1300, 660, 310, 310, 660, 1300, 2600, 4800, 9100, 17000, 32000,
        ],
        rtp: '323551/327680',
      },
      16: {
        multipliersMilli: [
          38000, 21000, 11000, 6100, 3300, 1700, 910, 450, 220, 450, 910, 1700, 3300, 6100, 11000, 21000,
          38000,
        ],
        rtp: '1619629/1638400',
      },
    },
    high: {
      8: { multipliersMilli: [22000, 4500, 1100, 460, 340, 460, 1100, 4500, 22000], rtp: '6323/6400' },
      9: { multipliersMilli: [32000, 7100, 1800, 600, 330, 330, 600, 1800, 7100, 32000], rtp: '6317/6400' },
      10: {
        multipliersMilli: [45000, 11000, 2700, 860, 420, 300, 420, 860, 2700, 11000, 45000],
        rtp: '5057/5120',
      },
      11: {
        multipliersMilli: [64000, 16000, 4200, 1300, 530, 330, 330, 530, 1300, 4200, 16000, 64000],
        rtp: '50643/51200',
      },
      12: {
        multipliersMilli: [88000, 24000, 6500, 1900, 710, 390, 310, 390, 710, 1900, 6500, 24000, 88000],
        rtp: '40531/40960',
      },
      13: {
        multipliersMilli: [
          121000, 34000, 9700, 2900, 1000, 480, 330, 330, 480, 1000, 2900, 9700, 34000, 121000,
        ],
        rtp: '101201/102400',
      },
      14: {
        multipliersMilli: [
          164000, 48000, 14000, 4400, 1500, 620, 380, 290, 380, 620, 1500, 4400, 14000, 48000, 164000,
        ],
        rtp: '25291/25600',
      },
      15: {
        multipliersMilli: [
          220000, 67000, 21000, 6500, 2200, 850, 450, 310, 310, 450, 850, 2200, 6500, 21000, 67000, 220000,
        ],
        rtp: '323803/327680',
      },
      16: {
        multipliersMilli: [
          293000, 93000, 30000, 9600, 3200, 1200, 570, 360, 300, 360, 570, 1200, 3200, 9600, 30000, 93000,
          293000,
        ],
        rtp: '1621803/1638400',
      },
    },
  },
};
