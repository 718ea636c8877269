/**
 * Two-phase money movements: reserve moves the amount from the player's account to a hold account
 * (so it can no longer be spent), then capture sends it on (stake accepted, withdrawal paid) or
 * release returns it (bet rejected, withdrawal cancelled). Each phase is a ledger transfer and the
 * reservation row moves pending → captured | released exactly once.
 */
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { type AccountRef, type LedgerContext, type Metadata, postTransfer } from './post-transfer.ts';
import { shardOf } from './system-accounts.ts';
import type { AccountsTables, ReservationState } from './tables.ts';

export interface Reservation {
  id: bigint;
  idempotencyKey: string;
  accountId: bigint;
  userId: bigint | null;
  currency: string;
  amountMinor: bigint;
  reason: string;
  state: ReservationState;
  reserveTransferId: bigint;
  settleTransferId: bigint | null;
  capturedMinor: bigint | null;
  createdAt: Date;
  settledAt: Date | null;
}

export interface ReserveInput {
  idempotencyKey: string;
  accountId: bigint;
  amountMinor: bigint;
  reason: string;
  metadata?: Metadata;
}

export interface CaptureInput {
  /** Where the money goes; amounts may add up to less than reserved: the rest returns to the player. */
  to: { account: AccountRef; amountMinor: bigint }[];
  reason: string;
  metadata?: Metadata;
}

type ReservationRow = Selectable<AccountsTables['ledger_reservations']>;

function toReservation(row: ReservationRow): Reservation {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    accountId: row.account_id,
    userId: row.user_id,
    currency: row.currency,
    amountMinor: row.amount,
    reason: row.reason,
    state: row.state,
    reserveTransferId: row.reserve_transfer_id,
    settleTransferId: row.settle_transfer_id,
    capturedMinor: row.captured_amount,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

async function findByKey(db: Kysely<Database>, key: string): Promise<Reservation | null> {
  const row = await db
    .selectFrom('ledger_reservations')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? toReservation(row) : null;
}

export async function getReservation(db: Kysely<Database>, id: bigint): Promise<Reservation> {
  const row = await db.selectFrom('ledger_reservations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RESERVATION_NOT_FOUND');
  return toReservation(row);
}

/** Runs work in a transaction, or inside the caller's one when the context already is one. */
async function inTransaction<T>(ctx: LedgerContext, work: (ctx: LedgerContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}

export async function reserve(root: LedgerContext, input: ReserveInput): Promise<Reservation> {
  if (input.amountMinor <= 0n) throw new AppError('INVALID_AMOUNT', 'a reservation is positive');
  const existing = await findByKey(root.db, input.idempotencyKey);
  if (existing) return sameReservation(existing, input);
  const account = await root.db
    .selectFrom('ledger_accounts')
    .select(['currency', 'user_id', 'kind'])
    .where('id', '=', input.accountId)
    .executeTakeFirst();
  if (account?.kind !== 'user') throw new AppError('ACCOUNT_NOT_FOUND');
  const holdId = await root.system.id(root.db, 'hold', account.currency, shardOf(input.idempotencyKey));
  return inTransaction(root, async (ctx) => {
    const { transfer, replayed } = await postTransfer(ctx, {
      idempotencyKey: input.idempotencyKey,
      reason: input.reason,
      currency: account.currency,
      userId: account.user_id,
      metadata: { ...input.metadata, phase: 'reserve' },
      postings: [
        { account: input.accountId, amountMinor: -input.amountMinor },
        { account: holdId, amountMinor: input.amountMinor },
      ],
    });
    if (replayed) {
      const stored = await findByKey(ctx.db, input.idempotencyKey);
      if (!stored) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return sameReservation(stored, input);
    }
    const row = await ctx.db
      .insertInto('ledger_reservations')
      .values({
        idempotency_key: input.idempotencyKey,
        account_id: input.accountId,
        hold_account_id: holdId,
        user_id: account.user_id,
        currency: account.currency,
        amount: input.amountMinor,
        reason: input.reason,
        reserve_transfer_id: transfer.id,
        created_at: ctx.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toReservation(row);
  });
}

function sameReservation(stored: Reservation, input: ReserveInput): Reservation {
  if (
    stored.accountId !== input.accountId ||
    stored.amountMinor !== input.amountMinor ||
    stored.reason !== input.reason
  ) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
  return stored;
}

/** Moves a pending reservation to its end state; replays of the same end return it unchanged. */
async function settle(
  root: LedgerContext,
  id: bigint,
  end: 'captured' | 'released',
  build: (r: Reservation) => {
    postings: { account: AccountRef; amountMinor: bigint }[];
    reason: string;
    metadata?: Metadata;
    capturedMinor: bigint | null;
  },
): Promise<Reservation> {
  return inTransaction(root, async (ctx) => {
    const locked = await ctx.db
      .selectFrom('ledger_reservations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new AppError('RESERVATION_NOT_FOUND');
    const reservation = toReservation(locked);
    if (reservation.state === end) return reservation;
    if (reservation.state !== 'pending')
      throw new AppError('RESERVATION_NOT_PENDING', undefined, { state: reservation.state });
    const plan = build(reservation);
    const { transfer } = await postTransfer(ctx, {
      idempotencyKey: `reservation:${id}:${end}`,
      reason: plan.reason,
      currency: reservation.currency,
      userId: reservation.userId,
      metadata: { ...plan.metadata, phase: end, reservationId: id.toString() },
      postings: [
        { account: locked.hold_account_id, amountMinor: -reservation.amountMinor },
        ...plan.postings,
      ],
    });
    const row = await ctx.db
      .updateTable('ledger_reservations')
      .set({
        state: end,
        settle_transfer_id: transfer.id,
        captured_amount: plan.capturedMinor,
        settled_at: ctx.clock.now(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toReservation(row);
  });
}

export function capture(ctx: LedgerContext, id: bigint, input: CaptureInput): Promise<Reservation> {
  return settle(ctx, id, 'captured', (r) => {
    const captured = input.to.reduce((sum, t) => sum + t.amountMinor, 0n);
    if (input.to.some((t) => t.amountMinor <= 0n) || captured > r.amountMinor) {
      throw new AppError('INVALID_AMOUNT', 'capture amounts are positive and at most the reserved amount');
    }
    const rest = r.amountMinor - captured;
    const postings = input.to.map((t) => ({ account: t.account, amountMinor: t.amountMinor }));
    if (rest > 0n) postings.push({ account: r.accountId, amountMinor: rest });
    return {
      postings,
      reason: input.reason,
      ...(input.metadata ? { metadata: input.metadata } : {}),
      capturedMinor: captured,
    };
  });
}

export function release(
  ctx: LedgerContext,
  id: bigint,
  reason: string,
  metadata?: Metadata,
): Promise<Reservation> {
  return settle(ctx, id, 'released', (r) => ({
    postings: [{ account: r.accountId, amountMinor: r.amountMinor }],
    reason,
    ...(metadata ? { metadata } : {}),
    capturedMinor: null,
  }));
}
