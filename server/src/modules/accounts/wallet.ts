/**
 * Players' accounts (coupon-accounts §3): one main account (type 0) in the registration currency,
 * extra currency accounts (type 9) added and removed by the player, bonus accounts (type 4) opened
 * by the bonuses module. Exactly one main or currency account is active at a time.
 */

import { currency as currencyOf, isCurrencyCode } from '@parlay/domain/money/index.ts';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { PREPARED_MARKER } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export const ACCOUNT_TYPE = { main: 0, bonus: 4, currency: 9 } as const;
export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];
/** Currency accounts a player may hold besides the main one. */
export const MAX_CURRENCY_ACCOUNTS = 10;
/** The message the shell shows after switching (coupon-accounts §8). */
export const SET_ACTIVE_MESSAGE_KEY = 'main_account_will_set';
const USER_LOCK_CLASS = 7_285_030;

/** One account as the accounts list shows it (coupon-accounts §3). */
export interface Account {
  id: bigint;
  iso: string;
  symbol: string;
  /** Dictionary key of the account's label. */
  label: string;
  moneyMinor: bigint;
  type: AccountType;
  currencyId: number;
  isActive: boolean;
  points: bigint;
  isFrozen: boolean;
}

export interface AccountsView {
  accounts: Account[];
  activeAccount: Account | null;
  mainAccount: Account | null;
  bonuses: Account[];
  isAccountFrozen: boolean;
}

const LABELS: Record<number, string> = { 0: 'main_account', 4: 'bonus_account', 9: 'currency_account' };

interface AccountRow {
  id: bigint;
  currency: string;
  type: number | null;
  balance: bigint;
  is_active: boolean;
  points: bigint;
  is_frozen: boolean;
}

function toAccount(row: AccountRow): Account {
  const c = currencyOf(row.currency);
  const type = (row.type ?? 0) as AccountType;
  return {
    id: row.id,
    iso: c.iso,
    symbol: c.symbol,
    label: LABELS[type] ?? 'account',
    moneyMinor: row.balance,
    type,
    currencyId: c.id,
    isActive: row.is_active,
    points: row.points,
    isFrozen: row.is_frozen,
  };
}

const COLUMNS = ['id', 'currency', 'type', 'balance', 'is_active', 'points', 'is_frozen'] as const;

function assertCurrency(code: string): void {
  if (!isCurrencyCode(code)) throw new AppError('UNKNOWN_CURRENCY', `unknown currency ${code}`);
}

export async function listAccounts(db: Kysely<Database>, userId: bigint): Promise<Account[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(COLUMNS)
    .where('kind', '=', 'user')
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .orderBy('type')
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}

/**
 * The open accounts of several players at once (the balance feed's one read per flush): the players
 * named, and the owners of the accounts named, each player's accounts in listAccounts' order.
 */
export async function listAccountsOfOwners(
  db: Kysely<Database>,
  userIds: readonly bigint[],
  accountIds: readonly bigint[],
): Promise<Map<bigint, Account[]>> {
  const byUser = new Map<bigint, Account[]>();
  if (userIds.length === 0 && accountIds.length === 0) return byUser;
  // Every transfer's push runs it: one text whatever the counts, prepared once per connection.
  const { rows } = await sql<AccountRow & { user_id: bigint | null }>`${sql.raw(PREPARED_MARKER)}
    select id, currency, type, balance, is_active, points, is_frozen, user_id from ledger_accounts
    where kind = 'user' and closed_at is null
      and (user_id = any(${userIds.map(String)}::bigint[])
        or user_id in (select named.user_id from ledger_accounts as named
          where named.id = any(${accountIds.map(String)}::bigint[]) and named.kind = 'user'))
    order by user_id, type, id`.execute(db);
  for (const row of rows) {
    if (row.user_id === null) continue;
    const list = byUser.get(row.user_id) ?? [];
    list.push(toAccount(row));
    byUser.set(row.user_id, list);
  }
  return byUser;
}

export async function accountsView(db: Kysely<Database>, userId: bigint): Promise<AccountsView> {
  const accounts = await listAccounts(db, userId);
  return {
    accounts,
    activeAccount: accounts.find((a) => a.isActive) ?? null,
    mainAccount: accounts.find((a) => a.type === ACCOUNT_TYPE.main) ?? null,
    bonuses: accounts.filter((a) => a.type === ACCOUNT_TYPE.bonus),
    isAccountFrozen: accounts.some((a) => a.isFrozen),
  };
}

export async function getUserAccount(
  db: Kysely<Database>,
  userId: bigint,
  accountId: bigint,
): Promise<Account> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(COLUMNS)
    .where('id', '=', accountId)
    .where('kind', '=', 'user')
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return toAccount(row);
}

/**
 * Opens the player's main account (active) in the currency, or returns the one they have; the
 * main currency is fixed at the first call. Also opens bonus accounts (type 4) on request.
 */
export async function openAccount(
  db: Kysely<Database>,
  clock: Clock,
  userId: bigint,
  code: string,
  type: 0 | 4 = ACCOUNT_TYPE.main,
): Promise<Account> {
  assertCurrency(code);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const existing = await trx
      .selectFrom('ledger_accounts')
      .select(COLUMNS)
      .where('kind', '=', 'user')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('closed_at', 'is', null)
      .$if(type === ACCOUNT_TYPE.bonus, (q) => q.where('currency', '=', code))
      .executeTakeFirst();
    if (existing) return toAccount(existing);
    const hasActive = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    const row = await trx
      .insertInto('ledger_accounts')
      .values({
        kind: 'user',
        user_id: userId,
        currency: code,
        type,
        is_active: type === ACCOUNT_TYPE.main && !hasActive,
        created_at: clock.now(),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAccount(row);
  });
}

/**
 * Serialises account changes of one player (two tabs adding currencies at once) with a
 * transaction-scoped advisory lock; transfers do not take it, so the hot path is unaffected.
 */
async function lockUser(trx: Kysely<Database>, userId: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(${USER_LOCK_CLASS}::integer, hashint8(${userId}::bigint))`.execute(
    trx,
  );
}

/** Adds a currency account (type 9); the main account must exist. */
export async function addCurrency(
  db: Kysely<Database>,
  clock: Clock,
  userId: bigint,
  code: string,
): Promise<Account> {
  assertCurrency(code);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const accounts = await listAccounts(trx, userId);
    if (!accounts.some((a) => a.type === ACCOUNT_TYPE.main))
      throw new AppError('ACCOUNT_NOT_FOUND', 'open the main account first');
    const real = accounts.filter((a) => a.type !== ACCOUNT_TYPE.bonus);
    if (real.some((a) => a.iso === code)) throw new AppError('CURRENCY_ALREADY_ADDED');
    if (real.length - 1 >= MAX_CURRENCY_ACCOUNTS) throw new AppError('TOO_MANY_ACCOUNTS');
    const row = await trx
      .insertInto('ledger_accounts')
      .values({
        kind: 'user',
        user_id: userId,
        currency: code,
        type: ACCOUNT_TYPE.currency,
        created_at: clock.now(),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAccount(row);
  });
}

/**
 * Removes a currency account: only type 9, only empty and without pending reservations. Closing
 * keeps the row (its postings stay); if it was active, the main account becomes active.
 */
export async function removeCurrency(
  db: Kysely<Database>,
  clock: Clock,
  userId: bigint,
  accountId: bigint,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'type', 'balance', 'is_active'])
      .where('id', '=', accountId)
      .where('user_id', '=', userId)
      .where('kind', '=', 'user')
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
    if (row.type !== ACCOUNT_TYPE.currency)
      throw new AppError('ACCOUNT_NOT_REMOVABLE', 'the main and bonus accounts stay');
    const pending = await trx
      .selectFrom('ledger_reservations')
      .select('id')
      .where('account_id', '=', accountId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (row.balance !== 0n || pending)
      throw new AppError('ACCOUNT_NOT_REMOVABLE', 'the account still holds money');
    await trx
      .updateTable('ledger_accounts')
      .set({ closed_at: clock.now(), is_active: false })
      .where('id', '=', accountId)
      .execute();
    if (row.is_active) {
      await trx
        .updateTable('ledger_accounts')
        .set({ is_active: true })
        .where('user_id', '=', userId)
        .where('kind', '=', 'user')
        .where('type', '=', ACCOUNT_TYPE.main)
        .where('closed_at', 'is', null)
        .execute();
    }
  });
}

/** Makes one main or currency account the active one; answers the spec's message key. */
export async function setActiveAccount(
  db: Kysely<Database>,
  userId: bigint,
  accountId: bigint,
): Promise<{ activeAccountId: bigint; messageKey: string }> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const target = await getUserAccount(trx, userId, accountId);
    if (target.type === ACCOUNT_TYPE.bonus)
      throw new AppError('VALIDATION_FAILED', 'a bonus account cannot be active');
    if (target.isActive) return;
    await trx
      .updateTable('ledger_accounts')
      .set({ is_active: false })
      .where('user_id', '=', userId)
      .where('is_active', '=', true)
      .execute();
    await trx.updateTable('ledger_accounts').set({ is_active: true }).where('id', '=', accountId).execute();
  });
  return { activeAccountId: accountId, messageKey: SET_ACTIVE_MESSAGE_KEY };
}

/** Freezes or unfreezes every account of a player: frozen accounts refuse debits, not credits. */
export async function setFrozen(db: Kysely<Database>, userId: bigint, frozen: boolean): Promise<number> {
  const result = await db
    .updateTable('ledger_accounts')
    .set({ is_frozen: frozen })
    .where('kind', '=', 'user')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
