/**
 * How an outcome settles against a final score, as a fraction of the stake won or lost:
 * 1 win, 0.5 half win, 0 void (stake back), -0.5 half lose, -1 lose. The same functions price the
 * outcome (pricing.ts) and result it, so prices and results can never disagree.
 *
 * Lines are held in quarters (2.25 → 9) so every comparison is integer. An Asian quarter line is
 * half the stake on each neighbouring line: over 2.25 = ½ over 2.0 + ½ over 2.5.
 */

export type Settlement = 1 | 0.5 | 0 | -0.5 | -1;
export type OutcomeResult = 'win' | 'half_win' | 'void' | 'half_lose' | 'lose';

/** Settles a team's or a total's value against a line: excessQ = 4 × value − lineQ. */
export function settleExcess(excessQ: number): Settlement {
  if (excessQ % 2 !== 0) return ((Math.sign(excessQ + 1) + Math.sign(excessQ - 1)) / 2) as Settlement;
  return Math.sign(excessQ) as Settlement;
}

/** Over a total line, e.g. settleOver(3, 9) for 3 goals against over 2.25 → win. */
export function settleOver(total: number, lineQ: number): Settlement {
  return settleExcess(4 * total - lineQ);
}

export function settleUnder(total: number, lineQ: number): Settlement {
  return settleExcess(lineQ - 4 * total);
}

/** A side with a handicap: its score plus the line against the other's score. */
export function settleHandicap(own: number, other: number, lineQ: number): Settlement {
  return settleExcess(4 * (own - other) + lineQ);
}

export function resultOf(settlement: Settlement): OutcomeResult {
  switch (settlement) {
    case 1:
      return 'win';
    case 0.5:
      return 'half_win';
    case 0:
      return 'void';
    case -0.5:
      return 'half_lose';
    case -1:
      return 'lose';
  }
}

/** A line in quarters written as bettors read it: 9 → "2.25", -6 → "-1.5", 0 → "0". */
export function formatLine(lineQ: number): string {
  return String(lineQ / 4);
}

/** Parses a line such as "2.25" or "-1.5" back to quarters; null when it is not on the quarter grid. */
export function parseLine(text: string): number | null {
  if (!/^[+-]?\d{1,4}(\.(25|5|50|75|0|00))?$/.test(text)) return null;
  const quarters = Number(text) * 4;
  return Number.isInteger(quarters) ? quarters : null;
}

/** Lines ending in .25 or .75 split the stake; whole lines can push; half lines always decide. */
export function isQuarterLine(lineQ: number): boolean {
  return lineQ % 2 !== 0;
}
