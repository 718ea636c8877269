/**
 * The demo studio's table-poker lobby (issue 19: the poker route shows the provider lobby for table
 * poker): the studio's hold'em tables as data — variant, blinds, buy-in, seats — and how many seats
 * are taken, which the studio makes up per minute from the table and the minute alone (there are no
 * other players in a demo studio; every viewer and every process sees the same numbers).
 * Table play at these tables: holdem-seat.ts and holdem-routes.ts (docs/demo-studio.md, "Table play").
 */
import { createHash } from 'node:crypto';

export const POKER_LOBBY_CODE = 'demo-holdem-tables';

export type PokerVariant = 'no-limit' | 'fixed-limit';

export interface PokerTable {
  id: string;
  name: { ru: string; en: string };
  variant: PokerVariant;
  /** Blinds and buy-ins in the player's currency, as decimal text. */
  smallBlind: string;
  bigBlind: string;
  minBuyIn: string;
  maxBuyIn: string;
  seats: 2 | 6 | 9;
}

export const POKER_TABLES: readonly PokerTable[] = [
  {
    id: 'nl-heads-up-1',
    name: { ru: 'Дуэль', en: 'Heads-up' },
    variant: 'no-limit',
    smallBlind: '0.50',
    bigBlind: '1.00',
    minBuyIn: '40.00',
    maxBuyIn: '100.00',
    seats: 2,
  },
  {
    id: 'nl-six-2',
    name: { ru: 'Шестёрка', en: 'Six-max' },
    variant: 'no-limit',
    smallBlind: '1.00',
    bigBlind: '2.00',
    minBuyIn: '80.00',
    maxBuyIn: '200.00',
    seats: 6,
  },
  {
    id: 'nl-full-5',
    name: { ru: 'Полный стол', en: 'Full ring' },
    variant: 'no-limit',
    smallBlind: '2.50',
    bigBlind: '5.00',
    minBuyIn: '200.00',
    maxBuyIn: '500.00',
    seats: 9,
  },
  {
    id: 'fl-six-4',
    name: { ru: 'Лимит 2/4', en: 'Limit 2/4' },
    variant: 'fixed-limit',
    smallBlind: '1.00',
    bigBlind: '2.00',
    minBuyIn: '40.00',
    maxBuyIn: '200.00',
    seats: 6,
  },
  {
    id: 'fl-full-10',
    name: { ru: 'Лимит 5/10', en: 'Limit 5/10' },
    variant: 'fixed-limit',
    smallBlind: '2.50',
    bigBlind: '5.00',
    minBuyIn: '100.00',
    maxBuyIn: '500.00',
    seats: 9,
  },
];

export interface PokerTableView extends PokerTable {
  seated: number;
}

/** Seats taken at a table during the minute of `nowMs`: 0 … seats, the same for every viewer. */
export function seatedAt(table: Pick<PokerTable, 'id' | 'seats'>, nowMs: number): number {
  const minute = Math.floor(nowMs / 60_000);
  const digest = createHash('sha256').update(`poker-seats.${table.id}.${minute}`).digest();
  return digest.readUInt32BE(0) % (table.seats + 1);
}

/** The lobby: every table with its seats taken now. */
export function pokerLobby(nowMs: number): PokerTableView[] {
  return POKER_TABLES.map((table) => ({ ...table, seated: seatedAt(table, nowMs) }));
}
