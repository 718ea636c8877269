/** The paytable rows a slot screen shows, read from the domain definitions (fractions of the stake). */
import type { LineSlotDefinition } from '@parlay/domain/casino/slots/line-slot.ts';
import type { WaysPaytable } from '@parlay/domain/casino/slots/ways.ts';
import type { PaytableRow } from './SlotScreen.tsx';

/** Line pays are in line bets: a fraction 1 / lines of the stake each. Scatter pays in total bets. */
export function linePaytable(definition: LineSlotDefinition): PaytableRow[] {
  const lines = BigInt(definition.lines.length);
  const rows: PaytableRow[] = Object.entries(definition.paytable.pays).map(([symbol, pays]) => ({
    symbol,
    kind: 'line',
    pays: Object.entries(pays)
      .map(([count, pay]) => ({ count: Number(count), numerator: BigInt(pay), denominator: lines }))
      .sort((a, b) => b.count - a.count),
  }));
  const scatter = definition.scatter;
  if (scatter) {
    rows.unshift({
      symbol: scatter.symbol,
      kind: 'scatter',
      pays: Object.entries(scatter.pays)
        .map(([count, pay]) => ({ count: Number(count), numerator: BigInt(pay), denominator: 1n }))
        .sort((a, b) => b.count - a.count),
    });
  }
  return rows;
}

/** Ways pays are in coins per way, the stake being betCoins coins. */
export function waysPaytable(table: WaysPaytable): PaytableRow[] {
  return Object.entries(table.pays)
    .filter(([symbol]) => symbol !== table.wild)
    .map(([symbol, pays]) => ({
      symbol,
      kind: 'way' as const,
      pays: Object.entries(pays)
        .map(([count, pay]) => ({
          count: Number(count),
          numerator: BigInt(pay),
          denominator: BigInt(table.betCoins),
        }))
        .sort((a, b) => b.count - a.count),
    }));
}
