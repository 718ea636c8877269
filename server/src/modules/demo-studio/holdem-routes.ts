/**
 * Table play at the studio's hold'em tables (docs/demo-studio.md, "Table play"), the way a poker
 * studio on a seamless wallet runs it: a seat is one provider round. Sitting down is a `bet` of the
 * buy-in (`<round>:buyin:0`), each rebuy another bet (`<round>:buyin:<n>`), and leaving pays the
 * stack back with one `win` (`<round>:cashout`) and `end-round`. Hands against the bots are played on
 * the studio's side only (holdem-seat.ts over domain/casino/holdem), so nothing reaches Parlay while
 * the player plays.
 *
 * The seat lives in the studio's table demo_studio_holdem_seats (migration 0340), so every studio
 * process serves it and a restart loses nothing. No database transaction is held over a wallet call:
 * a state change is a compare-and-set on the row's version, and every wallet call is idempotent by
 * its transaction id, so a retried or doubled call moves money once.
 *
 * The studio's sweep (every SWEEP_MS, and once when the process starts listening) settles what a
 * page or a process left behind: an `opening` seat whose buy-in answer was lost (rolled back), a
 * rebuy whose answer was lost (rolled back), a player whose turn timed out or whose page is gone
 * (folded / stood up), and a `leaving` seat whose cash-out was interrupted (sent again).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { cardCode } from '@parlay/domain/casino/cards/cards.ts';
import { type HandEvent, type HoldemAction, HoldemError, potOf } from '@parlay/domain/casino/holdem/index.ts';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import {
  cashOut,
  deal,
  leave,
  minorOf,
  openSeat,
  playerAct,
  playerLegal,
  rebuy,
  type SeatState,
  tableMoney,
  textOf,
  tick,
} from './holdem-seat.ts';
import type { ParlayAnswer, ParlayClient } from './parlay-client.ts';
import { POKER_TABLES } from './poker-tables.ts';

export const SWEEP_MS = 15_000;
/** An opening seat or a rebuy whose wallet answer never came is rolled back after this long. */
export const PENDING_MS = 2 * 60_000;

type SeatStatus = 'opening' | 'seated' | 'leaving' | 'closed';

interface SeatRow {
  round_id: string;
  table_id: string;
  session_token: string | null;
  session_hash: string;
  currency: string;
  status: SeatStatus;
  state: SeatState;
  buy_ins_minor: bigint;
  rebuys: number;
  pending_rebuy_minor: bigint | null;
  pending_since: Date | null;
  paid_minor: bigint | null;
  version: number;
  created_at: Date;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const DEMO_HASH = 'demo';

class StudioRefusal extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

function refusalOf(answer: ParlayAnswer): StudioRefusal {
  const code = answer.body.error?.code ?? 'PROVIDER_ERROR';
  return new StudioRefusal(answer.status >= 400 && answer.status < 500 ? answer.status : 502, code);
}

export class HoldemStudio {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly parlay: ParlayClient;

  constructor(db: Kysely<Database>, clock: Clock, parlay: ParlayClient) {
    this.db = db;
    this.clock = clock;
    this.parlay = parlay;
  }

  private async load(roundId: string): Promise<SeatRow | null> {
    const { rows } =
      await sql<SeatRow>`select * from demo_studio_holdem_seats where round_id = ${roundId}`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    return { ...row, state: typeof row.state === 'string' ? JSON.parse(row.state) : row.state };
  }

  private async owned(roundId: string, session: string | undefined): Promise<SeatRow> {
    const row = await this.load(roundId);
    const given = Buffer.from(session ? hash(session) : DEMO_HASH);
    const kept = Buffer.from(row?.session_hash ?? '');
    if (!row || given.length !== kept.length || !timingSafeEqual(given, kept))
      throw new StudioRefusal(404, 'HOLDEM_UNKNOWN_SEAT');
    return row;
  }

  /** Compare-and-set: the change applies only to the version it was computed from. */
  private async write(row: SeatRow, change: Partial<SeatRow>): Promise<SeatRow | null> {
    const next = { ...row, ...change, version: row.version + 1 };
    const now = this.clock.now();
    const { rows } = await sql<{ version: number }>`
      update demo_studio_holdem_seats set
        status = ${next.status}, state = ${JSON.stringify(next.state)}::jsonb, buy_ins_minor = ${next.buy_ins_minor},
        rebuys = ${next.rebuys}, pending_rebuy_minor = ${next.pending_rebuy_minor},
        pending_since = ${next.pending_since}, paid_minor = ${next.paid_minor}, version = ${next.version},
        updated_at = ${now}, closed_at = ${next.status === 'closed' ? now : null}
      where round_id = ${row.round_id} and version = ${row.version}
      returning version`.execute(this.db);
    return rows.length === 1 ? next : null;
  }

  /**
   * Reads, changes and writes a seat, again from a fresh read when another request changed it in
   * between. The clock's tick (turn timeout, idle, session limit) applies first; a player it stood
   * up goes to `leaving` with the stack as the cash-out.
   */
  private async update(
    roundId: string,
    session: string | undefined,
    change: (row: SeatRow) => Partial<SeatRow> | null,
    seatedOnly = false,
  ): Promise<SeatRow> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await this.owned(roundId, session);
      if (row.status !== 'seated') {
        if (seatedOnly) throw new StudioRefusal(409, 'HOLDEM_SEAT_CLOSED');
        return row;
      }
      const now = this.clock.nowMs();
      const ticked: SeatRow = { ...row, state: tick(row.state, now) };
      const changed = ticked.state.left ? {} : change(ticked);
      if (changed === null && ticked.state === row.state) return row;
      const merged = { ...ticked, ...(changed ?? {}) };
      if (merged.state.left && merged.status === 'seated') {
        merged.status = 'leaving';
        merged.paid_minor = BigInt(cashOut(merged.state));
      }
      const written = await this.write(row, merged);
      if (written) return written;
    }
    throw new StudioRefusal(409, 'HOLDEM_CONFLICT');
  }

  private holdem<T>(f: () => T): T {
    try {
      return f();
    } catch (error) {
      if (error instanceof HoldemError)
        throw new StudioRefusal(error.code === 'HOLDEM_BAD_AMOUNT' ? 400 : 409, error.code);
      throw error;
    }
  }

  private money(row: SeatRow) {
    const table = POKER_TABLES.find((t) => t.id === row.table_id)!;
    return tableMoney(table, row.currency)!;
  }

  private seed(): string {
    return randomBytes(32).toString('hex');
  }

  async sit(input: { session?: string; currency: string; table: string; buyIn: string; key: string }) {
    const table = POKER_TABLES.find((t) => t.id === input.table);
    if (!table) throw new StudioRefusal(404, 'HOLDEM_UNKNOWN_TABLE');
    if (!/^[A-Z]{3,5}$/.test(input.currency)) throw new StudioRefusal(400, 'BAD_CURRENCY');
    const buyIn = minorOf(input.buyIn, input.currency);
    if (buyIn === null) throw new StudioRefusal(400, 'HOLDEM_BAD_AMOUNT');
    const now = this.clock.nowMs();
    const state = this.holdem(() =>
      openSeat(table, input.currency, buyIn, now, randomBytes(4).readUInt32BE(0)),
    );
    const roundId = input.session
      ? `hd-${hash(`${input.session}:${input.key}`).slice(0, 24)}`
      : `hd-demo-${randomUUID()}`;
    const at = this.clock.now();
    await sql`
      insert into demo_studio_holdem_seats
        (round_id, table_id, session_token, session_hash, currency, status, state, buy_ins_minor, created_at, updated_at)
      values (${roundId}, ${table.id}, ${input.session ?? null}, ${input.session ? hash(input.session) : DEMO_HASH},
        ${input.currency}, 'opening', ${JSON.stringify(state)}::jsonb, ${BigInt(buyIn)}, ${at}, ${at})
      on conflict (round_id) do nothing`.execute(this.db);
    const row = await this.owned(roundId, input.session);
    if (row.status !== 'opening') return this.view(row, null, true);
    let balance: unknown = null;
    if (row.session_token) {
      const bet = await this.parlay.call('bet', {
        sessionToken: row.session_token,
        transactionId: `${roundId}:buyin:0`,
        roundId,
        amount: textOf(Number(row.buy_ins_minor), row.currency),
      });
      if (bet.status !== 200) {
        await this.write(row, { status: 'closed' });
        throw refusalOf(bet);
      }
      balance = bet.body.balance;
    }
    const seated = await this.write(row, {
      status: 'seated',
      state: this.holdem(() => deal({ ...row.state, walletAt: now }, this.seed(), now, this.money(row))),
    });
    return this.view(seated ?? (await this.owned(roundId, input.session)), balance, false);
  }

  async state(seat: string, session?: string) {
    const row = await this.update(seat, session, (r) => ({
      state: { ...r.state, lastSeen: this.clock.nowMs() },
    }));
    return this.settle(row);
  }

  async act(seat: string, session: string | undefined, type: ActBody['action'], amountText?: string) {
    const row = await this.update(
      seat,
      session,
      (r) => {
        let action: HoldemAction;
        if (type === 'bet' || type === 'raise') {
          const amount = amountText === undefined ? null : minorOf(amountText, r.currency);
          if (amount === null) throw new StudioRefusal(400, 'HOLDEM_BAD_AMOUNT');
          action = { type, amount };
        } else action = { type: type as 'fold' | 'check' | 'call' | 'all-in' };
        return { state: this.holdem(() => playerAct(r.state, action, this.clock.nowMs())) };
      },
      true,
    );
    return this.settle(row);
  }

  async deal(seat: string, session?: string) {
    const row = await this.update(
      seat,
      session,
      (r) => {
        if (r.pending_rebuy_minor !== null) throw new StudioRefusal(409, 'HOLDEM_REBUY_PENDING');
        return { state: this.holdem(() => deal(r.state, this.seed(), this.clock.nowMs(), this.money(r))) };
      },
      true,
    );
    return this.settle(row);
  }

  async rebuy(seat: string, session: string | undefined, amountText: string) {
    let amount = 0;
    const pending = await this.update(
      seat,
      session,
      (r) => {
        if (r.pending_rebuy_minor !== null) throw new StudioRefusal(409, 'HOLDEM_REBUY_PENDING');
        const parsed = minorOf(amountText, r.currency);
        if (parsed === null) throw new StudioRefusal(400, 'HOLDEM_BAD_AMOUNT');
        amount = parsed;
        this.holdem(() => rebuy(r.state, amount, this.money(r))); // checked now, applied once the bet is taken
        if (!r.session_token)
          return {
            state: rebuy(r.state, amount, this.money(r)),
            buy_ins_minor: r.buy_ins_minor + BigInt(amount),
          };
        return { rebuys: r.rebuys + 1, pending_rebuy_minor: BigInt(amount), pending_since: this.clock.now() };
      },
      true,
    );
    if (pending.status !== 'seated' || !pending.session_token || pending.pending_rebuy_minor === null)
      return this.settle(pending);
    const bet = await this.parlay.call('bet', {
      sessionToken: pending.session_token,
      transactionId: `${pending.round_id}:buyin:${pending.rebuys}`,
      roundId: pending.round_id,
      amount: textOf(amount, pending.currency),
    });
    const taken = bet.status === 200;
    const row = await this.resolveRebuy(pending.round_id, taken);
    if (!taken) throw refusalOf(bet);
    if (row.status === 'leaving') return this.settle(row);
    return this.view(row, bet.body.balance, false);
  }

  /** Applies (taken) or drops a pending rebuy. */
  private async resolveRebuy(roundId: string, taken: boolean): Promise<SeatRow> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = (await this.load(roundId))!;
      if (row.pending_rebuy_minor === null) return row;
      const amount = Number(row.pending_rebuy_minor);
      const change: Partial<SeatRow> = { pending_rebuy_minor: null, pending_since: null };
      if (taken) {
        const table = structuredClone(row.state.table);
        table.seats[0]!.stack += amount;
        const state = {
          ...row.state,
          table,
          buyIns: row.state.buyIns + amount,
          walletAt: this.clock.nowMs(),
        };
        Object.assign(change, { state, buy_ins_minor: row.buy_ins_minor + BigInt(amount) });
        // Stood up while the rebuy was on its way: the rebuy is part of the cash-out.
        if (row.status === 'leaving') change.paid_minor = (row.paid_minor ?? 0n) + BigInt(amount);
      }
      const written = await this.write(row, change);
      if (written) return written;
    }
    throw new StudioRefusal(409, 'HOLDEM_CONFLICT');
  }

  async leave(seat: string, session?: string) {
    const before = await this.owned(seat, session);
    if (before.status === 'closed') return { ...this.view(before, null, true), replayed: true };
    const row = await this.update(seat, session, (r) => ({
      state: leave(r.state, 'player', this.clock.nowMs()),
    }));
    return this.settle(row);
  }

  /** Finishes what the row's status asks: pays out a leaving seat. Answers the view. */
  private async settle(row: SeatRow) {
    if (row.status !== 'leaving') return this.view(row, null, false);
    const closed = await this.payOut(row);
    return this.view(closed.row, closed.balance, false);
  }

  /** win(stack) on the seat's round, then end-round, then the seat is closed. Idempotent. */
  private async payOut(row: SeatRow): Promise<{ row: SeatRow; balance: unknown }> {
    let current = row;
    if (current.pending_rebuy_minor !== null) {
      // A rebuy still waiting for its answer is rolled back first (taken or not, the money returns).
      await this.rollback(current, `${current.round_id}:buyin:${current.rebuys}`);
      current = await this.resolveRebuy(current.round_id, false);
    }
    let balance: unknown = null;
    if (current.session_token) {
      const paid = current.paid_minor ?? 0n;
      if (paid > 0n) {
        const win = await this.parlay.call('win', {
          sessionToken: current.session_token,
          transactionId: `${current.round_id}:cashout`,
          roundId: current.round_id,
          amount: textOf(Number(paid), current.currency),
        });
        if (win.status !== 200) throw refusalOf(win);
      }
      const end = await this.parlay.call('end-round', {
        sessionToken: current.session_token,
        roundId: current.round_id,
      });
      if (end.status !== 200) throw refusalOf(end);
      balance = end.body.balance;
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const fresh = (await this.load(current.round_id))!;
      if (fresh.status === 'closed') return { row: fresh, balance };
      const written = await this.write(fresh, { status: 'closed' });
      if (written) return { row: written, balance };
    }
    throw new StudioRefusal(409, 'HOLDEM_CONFLICT');
  }

  private async rollback(row: SeatRow, transactionId: string) {
    if (!row.session_token) return;
    const back = await this.parlay.call('rollback', {
      sessionToken: row.session_token,
      transactionId: `${transactionId}:void`,
      referenceTransactionId: transactionId,
      roundId: row.round_id,
    });
    if (back.status !== 200) throw refusalOf(back);
  }

  /** Settles seats left behind (see the file's comment); answers how many it changed. */
  async sweep(): Promise<number> {
    const now = this.clock.nowMs();
    const { rows } = await sql<{ round_id: string }>`
      select round_id from demo_studio_holdem_seats where status <> 'closed' order by updated_at limit 100`.execute(
      this.db,
    );
    let changed = 0;
    for (const { round_id } of rows) {
      try {
        const row = (await this.load(round_id))!;
        if (row.status === 'opening') {
          if (now - row.created_at.getTime() < PENDING_MS) continue;
          await this.rollback(row, `${row.round_id}:buyin:0`);
          if (row.session_token)
            await this.parlay.call('end-round', { sessionToken: row.session_token, roundId: row.round_id });
          await this.write(row, { status: 'closed', paid_minor: 0n });
          changed += 1;
          continue;
        }
        if (
          row.pending_rebuy_minor !== null &&
          row.pending_since &&
          now - row.pending_since.getTime() >= PENDING_MS
        ) {
          await this.rollback(row, `${row.round_id}:buyin:${row.rebuys}`);
          await this.resolveRebuy(row.round_id, false);
          changed += 1;
        }
        const session = row.session_token ?? undefined;
        const after = row.status === 'seated' ? await this.update(row.round_id, session, () => null) : row;
        if (after.status === 'leaving') {
          await this.payOut(after);
          changed += 1;
        }
      } catch {
        // Tried again on the next sweep (Parlay unreachable, a conflict).
      }
    }
    return changed;
  }

  /** What the page shows: the table from the player's seat (the bots' cards only when shown). */
  view(row: SeatRow, balance: unknown, replayed: boolean) {
    const { state, currency } = row;
    const money = (n: number) => textOf(n, currency);
    const hand = state.table.hand;
    const shown = new Set(
      hand?.finished ? hand.events.flatMap((e) => (e.kind === 'show' ? [e.seat] : [])) : [],
    );
    const legal = row.status === 'seated' ? playerLegal(state) : null;
    const range = (r: { min: number; max: number } | null) =>
      r ? { min: money(r.min), max: money(r.max) } : null;
    return {
      seat: row.round_id,
      table: row.table_id,
      status: row.status,
      currency,
      left: state.left,
      stack: money(state.table.seats[0]!.stack),
      buyIns: money(Number(row.buy_ins_minor)),
      paid: row.paid_minor === null ? null : money(Number(row.paid_minor)),
      maxRebuy: money(Math.max(0, this.money(row).maxBuyIn - state.table.seats[0]!.stack)),
      rebuyPending: row.pending_rebuy_minor !== null,
      balance,
      replayed,
      deadline: state.turnDeadline,
      now: this.clock.nowMs(),
      seats: state.table.seats.map((s, i) => {
        const p = hand?.players[i] ?? null;
        return {
          name: s.name,
          bot: s.bot,
          stack: money(s.stack),
          bet: money(p && !hand?.finished ? p.committed : 0),
          folded: p?.folded ?? true,
          allIn: p?.allIn ?? false,
          cards: p && (i === 0 || shown.has(i)) ? p.hole.map(cardCode) : null,
        };
      }),
      hand: hand && {
        number: hand.number,
        street: hand.street,
        button: hand.button,
        board: hand.board.map(cardCode),
        pot: money(potOf(hand)),
        toAct: hand.toAct,
        finished: hand.finished,
        events: hand.events.map((e) => eventView(e, money)),
      },
      legal: legal && {
        fold: legal.fold,
        check: legal.check,
        call: legal.call === null ? null : money(legal.call),
        bet: range(legal.bet),
        raise: range(legal.raise),
        allIn: legal.allIn === null ? null : money(legal.allIn),
      },
    };
  }
}

function eventView(e: HandEvent, money: (n: number) => string) {
  switch (e.kind) {
    case 'blind':
    case 'refund':
      return { ...e, amount: money(e.amount) };
    case 'action':
      return { ...e, amount: money(e.amount), to: money(e.to) };
    case 'street':
      return { ...e, board: e.board.map(cardCode) };
    case 'show':
      return { ...e, hole: e.hole.map(cardCode) };
    case 'pot':
      return { ...e, amount: money(e.amount), rake: money(e.rake), shares: e.shares.map(money) };
  }
}

const Session = Type.String({ minLength: 16, maxLength: 200 });
const SeatId = Type.String({ minLength: 4, maxLength: 100 });
const Amount = Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,8})?$' });
const SeatBody = Type.Object({ session: Type.Optional(Session), seat: SeatId });
const ActBody = Type.Object({
  session: Type.Optional(Session),
  seat: SeatId,
  action: Type.Union([
    Type.Literal('fold'),
    Type.Literal('check'),
    Type.Literal('call'),
    Type.Literal('bet'),
    Type.Literal('raise'),
    Type.Literal('all-in'),
  ]),
  amount: Type.Optional(Amount),
});
type ActBody = Static<typeof ActBody>;

/** The table routes under `${prefix}/api/holdem/…` and the studio's sweep. */
export function holdemRoutes(app: RoutesApp, prefix: string, studio: HoldemStudio): void {
  const guard = async <T>(reply: FastifyReply, f: () => Promise<T>) => {
    try {
      return await f();
    } catch (error) {
      if (error instanceof StudioRefusal)
        return reply.code(error.status).send({ error: { code: error.code, message: error.code } });
      throw error;
    }
  };
  const api = `${prefix}/api/holdem`;
  app.post(
    `${api}/sit`,
    {
      schema: {
        hide: true,
        headers: Type.Object({ 'idempotency-key': Type.String({ minLength: 8, maxLength: 100 }) }),
        body: Type.Object({
          session: Type.Optional(Session),
          currency: Type.String({ maxLength: 10 }),
          table: Type.String({ maxLength: 40 }),
          buyIn: Amount,
        }),
      },
    },
    async (request, reply) =>
      guard(reply, () => studio.sit({ ...request.body, key: request.headers['idempotency-key'] })),
  );
  app.post(`${api}/state`, { schema: { hide: true, body: SeatBody } }, async (request, reply) =>
    guard(reply, () => studio.state(request.body.seat, request.body.session)),
  );
  app.post(`${api}/act`, { schema: { hide: true, body: ActBody } }, async (request, reply) =>
    guard(reply, () => {
      const body: ActBody = request.body;
      return studio.act(body.seat, body.session, body.action, body.amount);
    }),
  );
  app.post(`${api}/deal`, { schema: { hide: true, body: SeatBody } }, async (request, reply) =>
    guard(reply, () => studio.deal(request.body.seat, request.body.session)),
  );
  app.post(
    `${api}/rebuy`,
    {
      schema: {
        hide: true,
        body: Type.Object({ session: Type.Optional(Session), seat: SeatId, amount: Amount }),
      },
    },
    async (request, reply) =>
      guard(reply, () => studio.rebuy(request.body.seat, request.body.session, request.body.amount)),
  );
  app.post(`${api}/leave`, { schema: { hide: true, body: SeatBody } }, async (request, reply) =>
    guard(reply, () => studio.leave(request.body.seat, request.body.session)),
  );

  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await studio.sweep();
    } catch (err) {
      app.log.warn({ err }, 'demo studio: hold’em sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  timer.unref();
  app.addHook('onListen', async () => {
    void sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
