/** What GET /players and GET /players/:id answer (ids and amounts as strings, times as ISO strings). */

export interface PlayerRow {
  id: string;
  accountNumber: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  currency: string;
  registeredAt: string;
  banLevel: number;
}

/** A row of one of the profile's lists, read field by field where it is shown. */
export type Item = Record<string, unknown>;

export interface Profile {
  player: PlayerRow;
  verification: { group: string; verified: boolean; documents: Item[] };
  limits: Item[];
  accounts: { id: string; iso: string; moneyMinor: string; type: number; isFrozen: boolean }[];
  transfers: Item[];
  bets: Item[];
  rounds: Item[];
  bonuses: Item[];
  sessions: Item[];
  notes: Item[];
  cases: Item[];
  adjustments: Item[];
  flags: string[];
}
