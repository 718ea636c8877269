/**
 * Two-phase money movements: reserve moves the amount from the player's account to a hold account
 * (so it can no longer be spent), then capture sends it on (stake accepted, withdrawal paid) or
 * release returns it (bet rejected, withdrawal cancelled). Each phase is a ledger transfer and the
 * reservation row moves pending → captured | released exactly once. A reservation captured when it
 * is made skips the hold account: one transfer, which the row names as both phases.
 */
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import {
  type AccountRef,
  type LedgerContext,
  type Metadata,
  postTransfer,
  type Transfer,
  type TransferInput,
  transferArguments,
} from './post-transfer.ts';
import { type AccountOwner, shardOf } from './system-accounts.ts';
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

async function findRowByKey(db: Kysely<Database>, key: string): Promise<ReservationRow | null> {
  const row = await db
    .selectFrom('ledger_reservations')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ?? null;
}

async function findByKey(db: Kysely<Database>, key: string): Promise<Reservation | null> {
  const row = await findRowByKey(db, key);
  return row ? toReservation(row) : null;
}

/** The currency and owner of a player's account (remembered: neither ever changes); ACCOUNT_NOT_FOUND otherwise. */
async function ownerOf(ctx: LedgerContext, accountId: bigint): Promise<AccountOwner> {
  const known = ctx.system.owner(accountId);
  if (known) return known;
  const account = await ctx.db
    .selectFrom('ledger_accounts')
    .select(['currency', 'user_id', 'kind'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (account?.kind !== 'user' || account.user_id === null) throw new AppError('ACCOUNT_NOT_FOUND');
  const owner = { currency: account.currency, userId: account.user_id };
  ctx.system.rememberOwner(accountId, owner);
  return owner;
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
  return inTransaction(root, async (ctx) => toReservation((await postReservation(ctx, input)).row));
}

/**
 * Reserves and at once captures (a line bet accepted when placed) in one transfer: the captured
 * amount goes from the player's account straight to its destinations under the reservation's key
 * (directTransfer), and the reservation row is written once, captured, pointing at that transfer
 * as both its reserve and its settle transfer (migration 0084). Its id is drawn with the transfer.
 * Meant for a key used once; a replayed key answers the stored reservation, captured if it was
 * still pending.
 */
export async function reserveAndCapture(
  root: LedgerContext,
  input: ReserveInput,
  captureInput: CaptureInput,
): Promise<Reservation> {
  if (input.amountMinor <= 0n) throw new AppError('INVALID_AMOUNT', 'a reservation is positive');
  return inTransaction(root, async (ctx) => {
    const owner = await ownerOf(ctx, input.accountId);
    const holdId = await ctx.system.id(ctx.db, 'hold', owner.currency, shardOf(input.idempotencyKey));
    const direct = directTransfer(input, owner, captureInput);
    const posted = await postTransfer(ctx, direct.transfer, { drawReservationId: true });
    if (posted.replayed) {
      const stored = await storedReservation(ctx, input);
      return capture(ctx, stored.id, captureInput);
    }
    const at = ctx.clock.now();
    const reserved: Reserved = { transferId: posted.transfer.id, replayed: false, owner, holdId, at };
    const row = await ctx.db
      .insertInto('ledger_reservations')
      .values({
        ...reservationValues(input, reserved),
        id: posted.reservationId!,
        state: 'captured',
        settle_transfer_id: posted.transfer.id,
        captured_amount: direct.capturedMinor,
        settled_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toReservation(row);
  });
}

/**
 * The one transfer of a reservation captured when it is made: the captured amount from the
 * player's account to the capture's destinations (what reserve then capture would have moved, the
 * hold account's credit and debit left out), reason and metadata of the capture.
 */
function directTransfer(
  input: ReserveInput,
  owner: AccountOwner,
  captureInput: CaptureInput,
): { transfer: TransferInput; capturedMinor: bigint } {
  const capturedMinor = captureInput.to.reduce((sum, t) => sum + t.amountMinor, 0n);
  if (
    captureInput.to.length === 0 ||
    captureInput.to.some((t) => t.amountMinor <= 0n) ||
    capturedMinor > input.amountMinor
  ) {
    throw new AppError('INVALID_AMOUNT', 'capture amounts are positive and at most the reserved amount');
  }
  return {
    capturedMinor,
    transfer: {
      idempotencyKey: input.idempotencyKey,
      reason: captureInput.reason,
      currency: owner.currency,
      userId: owner.userId,
      metadata: { ...input.metadata, ...captureInput.metadata, phase: 'captured' },
      postings: [
        { account: input.accountId, amountMinor: -capturedMinor },
        ...captureInput.to.map((t) => ({ account: t.account, amountMinor: t.amountMinor })),
      ],
    },
  };
}

interface Reserved {
  transferId: bigint;
  replayed: boolean;
  reservationId?: bigint;
  owner: AccountOwner;
  holdId: bigint;
  at: Date;
}

/** The reserve transfer: the amount from the player's account to a hold account. */
function reserveTransfer(input: ReserveInput, owner: AccountOwner, holdId: bigint): TransferInput {
  return {
    idempotencyKey: input.idempotencyKey,
    reason: input.reason,
    currency: owner.currency,
    userId: owner.userId,
    metadata: { ...input.metadata, phase: 'reserve' },
    postings: [
      { account: input.accountId, amountMinor: -input.amountMinor },
      { account: holdId, amountMinor: input.amountMinor },
    ],
  };
}

async function postReserve(
  ctx: LedgerContext,
  input: ReserveInput,
  drawReservationId: boolean,
): Promise<Reserved> {
  const owner = await ownerOf(ctx, input.accountId);
  const holdId = await ctx.system.id(ctx.db, 'hold', owner.currency, shardOf(input.idempotencyKey));
  const posted = await postTransfer(ctx, reserveTransfer(input, owner, holdId), { drawReservationId });
  return {
    transferId: posted.transfer.id,
    replayed: posted.replayed,
    ...(posted.reservationId === undefined ? {} : { reservationId: posted.reservationId }),
    owner,
    holdId,
    at: ctx.clock.now(),
  };
}

function reservationValues(input: ReserveInput, reserved: Reserved) {
  return {
    idempotency_key: input.idempotencyKey,
    account_id: input.accountId,
    hold_account_id: reserved.holdId,
    user_id: reserved.owner.userId,
    currency: reserved.owner.currency,
    amount: input.amountMinor,
    reason: input.reason,
    reserve_transfer_id: reserved.transferId,
    created_at: reserved.at,
  };
}

/** The row stored under a replayed key, if it is the same reservation (else IDEMPOTENCY_KEY_REUSED). */
async function storedReservation(ctx: LedgerContext, input: ReserveInput): Promise<ReservationRow> {
  const stored = await findRowByKey(ctx.db, input.idempotencyKey);
  if (!stored) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  sameReservation(toReservation(stored), input);
  return stored;
}

/** The reserve transfer and the pending row, inside ctx's transaction; a replay answers the stored row. */
async function postReservation(
  ctx: LedgerContext,
  input: ReserveInput,
): Promise<{ row: ReservationRow; replayed: boolean }> {
  const reserved = await postReserve(ctx, input, false);
  if (reserved.replayed) return { row: await storedReservation(ctx, input), replayed: true };
  const row = await ctx.db
    .insertInto('ledger_reservations')
    .values(reservationValues(input, reserved))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, replayed: false };
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

type SettlePlan = (r: Reservation) => {
  postings: { account: AccountRef; amountMinor: bigint }[];
  reason: string;
  metadata?: Metadata;
  capturedMinor: bigint | null;
};

/** Moves a pending reservation to its end state; replays of the same end return it unchanged. */
async function settle(
  root: LedgerContext,
  id: bigint,
  end: 'captured' | 'released',
  build: SettlePlan,
): Promise<Reservation> {
  return inTransaction(root, async (ctx) => {
    const locked = await ctx.db
      .selectFrom('ledger_reservations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new AppError('RESERVATION_NOT_FOUND');
    if (locked.state === end) return toReservation(locked);
    if (locked.state !== 'pending')
      throw new AppError('RESERVATION_NOT_PENDING', undefined, { state: locked.state });
    return settleRow(ctx, locked, end, build);
  });
}

/** The end transfer of a pending reservation whose row this transaction holds (locked or about to insert). */
async function postSettle(
  ctx: LedgerContext,
  locked: ReservationRow,
  end: 'captured' | 'released',
  build: SettlePlan,
): Promise<{ transfer: Transfer; capturedMinor: bigint | null; at: Date }> {
  const plan = build(toReservation(locked));
  const { transfer } = await postTransfer(ctx, settleTransfer(locked, end, plan));
  return { transfer, capturedMinor: plan.capturedMinor, at: ctx.clock.now() };
}

/** The end transfer: the whole amount out of the hold account, where the plan sends it. */
function settleTransfer(
  row: Pick<ReservationRow, 'id' | 'hold_account_id' | 'amount' | 'currency' | 'user_id'>,
  end: 'captured' | 'released',
  plan: ReturnType<SettlePlan>,
): TransferInput {
  return {
    idempotencyKey: `reservation:${row.id}:${end}`,
    reason: plan.reason,
    currency: row.currency,
    userId: row.user_id,
    metadata: { ...plan.metadata, phase: end, reservationId: row.id.toString() },
    postings: [{ account: row.hold_account_id, amountMinor: -row.amount }, ...plan.postings],
  };
}

/** Posts the end of a pending reservation whose row this transaction has locked, and records it. */
async function settleRow(
  ctx: LedgerContext,
  locked: ReservationRow,
  end: 'captured' | 'released',
  build: SettlePlan,
): Promise<Reservation> {
  const { transfer, capturedMinor, at } = await postSettle(ctx, locked, end, build);
  const row = await ctx.db
    .updateTable('ledger_reservations')
    .set({ state: end, settle_transfer_id: transfer.id, captured_amount: capturedMinor, settled_at: at })
    .where('id', '=', locked.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReservation(row);
}

export function capture(ctx: LedgerContext, id: bigint, input: CaptureInput): Promise<Reservation> {
  return settle(ctx, id, 'captured', capturePlan(input));
}

function capturePlan(input: CaptureInput): SettlePlan {
  return (r) => {
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
  };
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

/**
 * A reservation — captured at once when `captureInput` is given (a line bet), else left pending (a
 * live bet in its delay) — prepared for a caller that writes it inside its own database call
 * (betting_place_batch, migration 0086): the same transfer, keys, hashes and reservation row as
 * reserve() or reserveAndCapture(), with no round trip of its own once the account's owner and the
 * hold shard are known. The id comes from a block of ids drawn ahead. The key must be new.
 */
export interface PreparedReservation {
  id: bigint;
  /** The reservation and its one transfer as the database call takes them (ids and amounts as text). */
  record: PreparedReservationRecord;
  /** Every account the call moves (for the balance feed once committed). */
  accounts: bigint[];
}

export interface PreparedReservationRecord {
  reservation_id: string;
  /** The reservation's key, also its transfer's key. */
  key: string;
  /** The transfer's request hash (what a replay of the key is compared with). */
  hash: string;
  transfer_reason: string;
  reason: string;
  metadata: Metadata;
  at: string;
  user_id: string;
  account_id: string;
  hold_account_id: string;
  currency: string;
  amount: string;
  /** Captured at once (the transfer goes to its destination), or null: pending on the hold account. */
  captured_amount: string | null;
  /** The transfer's two postings, the player's debit first. */
  posting_accounts: string[];
  posting_amounts: string[];
}

export async function prepareReservation(
  ctx: LedgerContext,
  input: ReserveInput,
  captureInput: CaptureInput | null,
): Promise<PreparedReservation> {
  if (input.amountMinor <= 0n) throw new AppError('INVALID_AMOUNT', 'a reservation is positive');
  const owner = await ownerOf(ctx, input.accountId);
  const holdId = await ctx.system.id(ctx.db, 'hold', owner.currency, shardOf(input.idempotencyKey));
  const id = await ctx.system.nextReservationId();
  const at = ctx.clock.now();
  // Captured at once: one direct transfer, the row pointing at it twice (reserveAndCapture).
  const direct = captureInput ? directTransfer(input, owner, captureInput) : null;
  const transfer = await transferArguments(
    ctx,
    direct ? direct.transfer : reserveTransfer(input, owner, holdId),
  );
  const record: PreparedReservationRecord = {
    reservation_id: id.toString(),
    key: input.idempotencyKey,
    hash: transfer.hash,
    transfer_reason: transfer.reason,
    reason: input.reason,
    metadata: transfer.metadata,
    at: at.toISOString(),
    user_id: owner.userId.toString(),
    account_id: input.accountId.toString(),
    hold_account_id: holdId.toString(),
    currency: owner.currency,
    amount: input.amountMinor.toString(),
    captured_amount: direct ? direct.capturedMinor.toString() : null,
    posting_accounts: transfer.accounts,
    posting_amounts: transfer.amounts,
  };
  const accounts = new Set(transfer.postings.map((p) => p.accountId));
  return { id, record, accounts: [...accounts] };
}
