/**
 * The back office's read side of a player: search (id, a fragment of login/e-mail/phone,
 * registration date) and the profile's own facts (identity, contacts, recent bets, casino rounds,
 * bonuses and sessions). Read-only queries over the owning modules' tables, as the bonus segments
 * read `users`; every change goes through the owning module's service (player-desk.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface PlayerSearch {
  id?: bigint;
  text?: string;
  registeredFrom?: Date;
  registeredTo?: Date;
  limit: number;
}

export interface PlayerRow {
  id: bigint;
  accountNumber: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  currency: string;
  registeredAt: Date;
  banLevel: number;
}

/** LIKE's own characters taken literally in an operator's fragment. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchPlayers(db: Kysely<Database>, q: PlayerSearch): Promise<PlayerRow[]> {
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'account_number',
      'first_name',
      'last_name',
      'email',
      'phone_code',
      'phone_number',
      'currency',
      'created_at',
      'ban_level',
    ])
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.id !== undefined) query = query.where('id', '=', Number(q.id));
  if (q.text) {
    const like = likePattern(q.text.toLowerCase());
    const digits = q.text.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', like),
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', like),
        eb(sql`account_number::text`, 'like', like),
        ...(digits.length >= 3
          ? [eb(sql`coalesce(phone_code, '') || coalesce(phone_number, '')`, 'like', likePattern(digits))]
          : []),
      ]),
    );
  }
  if (q.registeredFrom) query = query.where('created_at', '>=', q.registeredFrom);
  if (q.registeredTo) query = query.where('created_at', '<', q.registeredTo);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: BigInt(r.id),
    accountNumber: String(r.account_number),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone_number ? `${r.phone_code ?? ''}${r.phone_number}` : null,
    currency: r.currency,
    registeredAt: r.created_at,
    banLevel: r.ban_level,
  }));
}

export async function playerById(db: Kysely<Database>, id: bigint): Promise<PlayerRow | null> {
  const [row] = await searchPlayers(db, { id, limit: 1 });
  return row ?? null;
}

const RECENT = 20;

/** The player's recent play and sessions, newest first. */
export async function recentActivity(db: Kysely<Database>, userId: bigint) {
  const [bets, rounds, bonuses, sessions] = await Promise.all([
    db
      .selectFrom('bets')
      .select(['id', 'currency', 'stake', 'coef_milli', 'status', 'payout', 'placed_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('casino_rounds')
      .select(['id', 'game_id', 'currency', 'staked', 'payout', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .where('mode', '=', 'real')
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('bonus_player_bonuses')
      .select(['id', 'kind', 'status', 'currency', 'amount_minor', 'granted_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('auth_sessions')
      .select(['method', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'revoked_at'])
      .where('user_id', '=', Number(userId))
      .orderBy('created_at', 'desc')
      .limit(RECENT)
      .execute(),
  ]);
  return { bets, rounds, bonuses, sessions };
}

export interface PlayerNote {
  id: bigint;
  operatorLogin: string;
  text: string;
  createdAt: Date;
}

export async function notesOf(db: Kysely<Database>, userId: bigint): Promise<PlayerNote[]> {
  const rows = await db
    .selectFrom('backoffice_player_notes')
    .select(['id', 'operator_login', 'text', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    operatorLogin: r.operator_login,
    text: r.text,
    createdAt: r.created_at,
  }));
}
