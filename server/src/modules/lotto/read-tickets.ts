/** The player's tickets and purchases as the API answers them (a ticket carries its draw's state). */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { LottoDrawStatus, LottoTicketStatus } from './tables.ts';

export interface TicketView {
  ticketId: string;
  purchaseId: string;
  gameId: string;
  drawId: string;
  drawAt: string;
  drawStatus: LottoDrawStatus;
  /** The draw's numbers once drawn, else null. */
  drawnNumbers: number[] | null;
  drawnBonus: number | null;
  numbers: number[];
  bonusNumbers: number[];
  quickPick: boolean;
  system: boolean;
  combinations: string;
  priceMinor: string;
  currency: string;
  status: LottoTicketStatus;
  matches: number | null;
  bonusHit: boolean | null;
  prizeMinor: string;
  paid: boolean;
  paidAt: string | null;
  createdAt: string;
}

export interface PurchaseView {
  purchaseId: string;
  gameId: string;
  draws: number;
  totalMinor: string;
  currency: string;
  createdAt: string;
  tickets: TicketView[];
}

export const MAX_TICKETS_PAGE = 100;

function ticketsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('lotto_tickets as t')
    .innerJoin('lotto_draws as d', 'd.id', 't.draw_id')
    .select([
      't.id',
      't.purchase_id',
      't.game_id',
      't.draw_id',
      'd.draw_at',
      'd.status as draw_status',
      'd.numbers as drawn_numbers',
      'd.bonus as drawn_bonus',
      't.numbers',
      't.bonus_numbers',
      't.quick_pick',
      't.picked',
      't.combinations',
      't.price_minor',
      't.currency',
      't.status',
      't.matches',
      't.bonus_hit',
      't.prize_minor',
      't.paid_at',
      't.created_at',
    ]);
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketsQuery>['executeTakeFirstOrThrow']>>;

/** Draw states in which every ticket's result is known (settlement wrote the winners). */
const COMPUTED = ['paying', 'settled'] as const;

function ticketView(row: TicketRow): TicketView {
  const drawn = row.draw_status === 'drawn' || row.draw_status === 'paying' || row.draw_status === 'settled';
  const computed = (COMPUTED as readonly string[]).includes(row.draw_status);
  // A losing ticket is not written by settlement: its result is read from its draw.
  const lost = computed && row.status === 'open';
  const drawnSet = new Set(row.drawn_numbers ?? []);
  return {
    ticketId: row.id.toString(),
    purchaseId: row.purchase_id.toString(),
    gameId: row.game_id,
    drawId: row.draw_id.toString(),
    drawAt: row.draw_at.toISOString(),
    drawStatus: row.draw_status,
    drawnNumbers: drawn ? (row.drawn_numbers ?? null) : null,
    drawnBonus: drawn ? (row.drawn_bonus ?? null) : null,
    numbers: row.numbers,
    bonusNumbers: row.bonus_numbers,
    quickPick: row.quick_pick,
    system: BigInt(row.combinations) > 1n,
    combinations: row.combinations.toString(),
    priceMinor: row.price_minor.toString(),
    currency: row.currency,
    status: lost ? 'lost' : row.status,
    matches: lost ? row.numbers.filter((n) => drawnSet.has(n)).length : row.matches,
    bonusHit: lost
      ? row.drawn_bonus !== null &&
        row.bonus_numbers.length > 0 &&
        row.bonus_numbers.includes(row.drawn_bonus)
      : row.bonus_hit,
    prizeMinor: (row.prize_minor ?? 0n).toString(),
    paid: row.paid_at !== null,
    paidAt: row.paid_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function purchaseView(
  db: Kysely<Database>,
  userId: bigint,
  purchaseId: bigint,
  _now: Date,
): Promise<PurchaseView | null> {
  const purchase = await db
    .selectFrom('lotto_purchases')
    .selectAll()
    .where('id', '=', purchaseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!purchase) return null;
  const tickets = await ticketsQuery(db)
    .where('t.purchase_id', '=', purchaseId)
    .orderBy('d.draw_at')
    .execute();
  return {
    purchaseId: purchase.id.toString(),
    gameId: purchase.game_id,
    draws: purchase.draws,
    totalMinor: purchase.total_minor.toString(),
    currency: purchase.currency,
    createdAt: purchase.created_at.toISOString(),
    tickets: tickets.map(ticketView),
  };
}

export async function readTicket(
  db: Kysely<Database>,
  userId: bigint,
  ticketId: bigint,
): Promise<TicketView | null> {
  const row = await ticketsQuery(db)
    .where('t.id', '=', ticketId)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  return row ? ticketView(row) : null;
}

export interface TicketPage {
  items: TicketView[];
  page: number;
  pageSize: number;
  total: number;
}

/** The player's tickets, newest first; optionally one game or one status. */
export async function myTickets(
  db: Kysely<Database>,
  userId: bigint,
  options: { page: number; pageSize: number; gameId?: string; status?: LottoTicketStatus },
): Promise<TicketPage> {
  const pageSize = Math.min(options.pageSize, MAX_TICKETS_PAGE);
  let query = ticketsQuery(db).where('t.user_id', '=', userId);
  let count = db
    .selectFrom('lotto_tickets as t')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('t.user_id', '=', userId);
  if (options.gameId) {
    query = query.where('t.game_id', '=', options.gameId);
    count = count.where('t.game_id', '=', options.gameId);
  }
  if (options.status === 'won') {
    query = query.where('t.status', '=', 'won');
    count = count.where('t.status', '=', 'won');
  } else if (options.status) {
    // Open and lost tickets are both stored open; their draw's state tells them apart.
    const computed = options.status === 'lost';
    const inComputed = db
      .selectFrom('lotto_draws as d2')
      .select('d2.id')
      .where('d2.status', 'in', [...COMPUTED]);
    query = query.where('t.status', '=', 'open').where('t.draw_id', computed ? 'in' : 'not in', inComputed);
    count = count.where('t.status', '=', 'open').where('t.draw_id', computed ? 'in' : 'not in', inComputed);
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy('t.id', 'desc')
      .limit(pageSize)
      .offset((options.page - 1) * pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(ticketView), page: options.page, pageSize, total: Number(total.n) };
}
