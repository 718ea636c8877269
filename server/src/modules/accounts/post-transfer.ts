/**
 * One immutable, reason-coded, idempotent transfer (ARCHITECTURE.md §5). The postings are checked
 * here (two or more, non-zero, zero sum per currency) and again by ledger_post() in the database,
 * which records the transfer and moves every balance with a guarded update in one call.
 */
import { createHash } from 'node:crypto';
import { isCurrencyCode, MAX_AMOUNT_MINOR } from '@parlay/domain/money/index.ts';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { PREPARED_MARKER } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { mapLedgerErrors } from './ledger-errors.ts';
import { type SystemAccounts, type SystemKind, shardOf } from './system-accounts.ts';

/** A player's account by id, or the house/provider/hold account of a currency (a shard is chosen). */
export type AccountRef = bigint | { system: SystemKind };

export type Metadata = Record<string, string | number | boolean | null>;

export interface PostingInput {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amountMinor: bigint;
  /** Defaults to the transfer's currency. */
  currency?: string;
}

export interface TransferInput {
  idempotencyKey: string;
  /** Reason code: deposit, withdrawal, stake, payout, bonus, reversal, … (lower_snake_case). */
  reason: string;
  currency: string;
  postings: PostingInput[];
  userId?: bigint | null;
  reversesId?: bigint | null;
  metadata?: Metadata;
}

export interface Posting {
  accountId: bigint;
  currency: string;
  amountMinor: bigint;
}

export interface Transfer {
  id: bigint;
  idempotencyKey: string;
  reason: string;
  userId: bigint | null;
  reversesId: bigint | null;
  metadata: Metadata;
  createdAt: Date;
  postings: Posting[];
}

const MAX_POSTINGS = 32;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const REASON_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export interface LedgerContext {
  db: Kysely<Database>;
  system: SystemAccounts;
  clock: Clock;
  /** Collects the accounts a committed transfer will have changed (the balance feed reads them). */
  touched?: Set<bigint>;
}

/** Checks what can be checked without the database; throws VALIDATION_FAILED or LEDGER_INVARIANT. */
export function assertTransferShape(input: TransferInput): void {
  if (!KEY_PATTERN.test(input.idempotencyKey)) {
    throw new AppError('VALIDATION_FAILED', 'idempotency key: 1 to 200 printable ASCII characters');
  }
  if (!REASON_PATTERN.test(input.reason))
    throw new AppError('VALIDATION_FAILED', `bad reason code ${input.reason}`);
  if (input.postings.length < 2 || input.postings.length > MAX_POSTINGS) {
    throw new AppError('LEDGER_INVARIANT', `a transfer has 2 to ${MAX_POSTINGS} postings`);
  }
  const sums = new Map<string, bigint>();
  for (const posting of input.postings) {
    const currency = posting.currency ?? input.currency;
    if (!isCurrencyCode(currency)) throw new AppError('UNKNOWN_CURRENCY', `unknown currency ${currency}`);
    if (
      posting.amountMinor === 0n ||
      posting.amountMinor > MAX_AMOUNT_MINOR ||
      posting.amountMinor < -MAX_AMOUNT_MINOR
    ) {
      throw new AppError('INVALID_AMOUNT', `posting amount ${posting.amountMinor} is zero or out of range`);
    }
    sums.set(currency, (sums.get(currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new AppError('LEDGER_INVARIANT', `postings in ${currency} sum to ${sum}, not 0`);
  }
}

function refText(ref: AccountRef): string {
  return typeof ref === 'bigint' ? `a${ref}` : `s:${ref.system}`;
}

/** JSON with sorted keys, so equal metadata always hashes equally. */
function canonical(value: Metadata | undefined): string {
  if (!value) return '{}';
  return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))));
}

export function requestHash(input: TransferInput): string {
  const postings = input.postings.map(
    (p) => `${refText(p.account)}|${p.currency ?? input.currency}|${p.amountMinor}`,
  );
  const text = [
    input.reason,
    input.userId ?? '',
    input.reversesId ?? '',
    canonical(input.metadata),
    ...postings,
  ];
  return createHash('sha256').update(text.join('\n')).digest('hex');
}

async function resolve(ctx: LedgerContext, input: TransferInput): Promise<Posting[]> {
  const shard = shardOf(input.idempotencyKey);
  const postings: Posting[] = [];
  for (const p of input.postings) {
    const currency = p.currency ?? input.currency;
    const accountId =
      typeof p.account === 'bigint'
        ? p.account
        : await ctx.system.id(ctx.db, p.account.system, currency, shard);
    postings.push({ accountId, currency, amountMinor: p.amountMinor });
  }
  return postings;
}

/**
 * The one statement of the hot path, written out once: building it through the query builder for
 * every transfer cost more Node time than anything else on the path (bench:ledger). Prepared once
 * per PostgreSQL connection (PREPARED_MARKER): parsing and planning it was a fifth of the server's work.
 */
const LEDGER_POST_CALL =
  'ledger_post($1, $2, $3, $4, $5, $6::jsonb, $7, $8::bigint[], $9::text[], $10::bigint[])';
const LEDGER_POST_SQL = `${PREPARED_MARKER} select transfer_id, replayed, created_at from ${LEDGER_POST_CALL}`;
/** The same, drawing the id of the reservation row to come in the same round trip (reservations.ts). */
const LEDGER_POST_RESERVING_SQL = `${PREPARED_MARKER} select transfer_id, replayed, created_at, nextval('ledger_reservations_id_seq') as reservation_id from ${LEDGER_POST_CALL}`;

/**
 * Posts a transfer, or returns the stored one when its key was already used for the same request.
 * With drawReservationId, also answers a fresh ledger_reservations id (a replay wastes one).
 */
export async function postTransfer(
  ctx: LedgerContext,
  input: TransferInput,
  options: { drawReservationId?: boolean } = {},
): Promise<{ transfer: Transfer; replayed: boolean; reservationId?: bigint }> {
  const args = await transferArguments(ctx, input);
  return mapLedgerErrors(async () => {
    const { rows } = await ctx.db.executeQuery<{
      transfer_id: bigint;
      replayed: boolean;
      created_at: Date;
      reservation_id?: bigint;
    }>(
      CompiledQuery.raw(options.drawReservationId ? LEDGER_POST_RESERVING_SQL : LEDGER_POST_SQL, [
        args.key,
        args.hash,
        args.reason,
        args.userId,
        input.reversesId ?? null,
        JSON.stringify(args.metadata),
        ctx.clock.now(),
        args.accounts,
        args.currencies,
        args.amounts,
      ]),
    );
    const row = rows[0];
    if (!row) throw new AppError('LEDGER_INVARIANT', 'ledger_post returned nothing');
    if (row.replayed) return { transfer: await readTransfer(ctx.db, row.transfer_id), replayed: true };
    const transfer: Transfer = {
      id: row.transfer_id,
      idempotencyKey: input.idempotencyKey,
      reason: input.reason,
      userId: input.userId ?? null,
      reversesId: input.reversesId ?? null,
      metadata: args.metadata,
      createdAt: row.created_at,
      postings: args.postings,
    };
    for (const p of args.postings) ctx.touched?.add(p.accountId);
    return row.reservation_id === undefined
      ? { transfer, replayed: false }
      : { transfer, replayed: false, reservationId: row.reservation_id };
  });
}

/** What ledger_post() takes for a transfer, checked and resolved (system accounts by shard). */
export interface TransferArguments {
  key: string;
  hash: string;
  reason: string;
  userId: string | null;
  metadata: Metadata;
  accounts: string[];
  currencies: string[];
  amounts: string[];
  postings: Posting[];
}

export async function transferArguments(
  ctx: LedgerContext,
  input: TransferInput,
): Promise<TransferArguments> {
  assertTransferShape(input);
  const postings = await resolve(ctx, input);
  return {
    key: input.idempotencyKey,
    hash: requestHash(input),
    reason: input.reason,
    userId: input.userId === undefined || input.userId === null ? null : input.userId.toString(),
    metadata: input.metadata ?? {},
    accounts: postings.map((p) => p.accountId.toString()),
    currencies: postings.map((p) => p.currency),
    amounts: postings.map((p) => p.amountMinor.toString()),
    postings,
  };
}

export async function readTransfer(db: Kysely<Database>, id: bigint): Promise<Transfer> {
  const row = await db.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  const postings = await db
    .selectFrom('ledger_postings')
    .select(['account_id', 'currency', 'amount'])
    .where('transfer_id', '=', id)
    .orderBy('leg')
    .execute();
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    reason: row.reason,
    userId: row.user_id,
    reversesId: row.reverses_id,
    metadata: row.metadata as Metadata,
    createdAt: row.created_at,
    postings: postings.map((p) => ({ accountId: p.account_id, currency: p.currency, amountMinor: p.amount })),
  };
}

/**
 * The correction of a transfer: the same postings negated, reason "reversal", linked to the
 * original (a transfer is reversed at most once). A player account that has spent the money
 * makes the reversal fail with INSUFFICIENT_FUNDS rather than go negative.
 */
export async function reverseTransfer(
  ctx: LedgerContext,
  transferId: bigint,
  options: { idempotencyKey?: string; metadata?: Metadata } = {},
): Promise<Transfer> {
  const original = await readTransfer(ctx.db, transferId);
  const first = original.postings[0];
  if (!first) throw new AppError('LEDGER_INVARIANT', 'a transfer without postings');
  const { transfer } = await postTransfer(ctx, {
    idempotencyKey: options.idempotencyKey ?? `reversal:${transferId}`,
    reason: 'reversal',
    currency: first.currency,
    userId: original.userId,
    reversesId: original.id,
    metadata: options.metadata ?? {},
    postings: original.postings.map((p) => ({
      account: p.accountId,
      currency: p.currency,
      amountMinor: -p.amountMinor,
    })),
  });
  return transfer;
}
