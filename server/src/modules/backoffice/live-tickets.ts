/**
 * Tickets for the operators' /ws topics (operator:…, e.g. the bet activity the live liability
 * follows). The back-office cookie is scoped to /backoffice-api and never reaches /ws, so a page
 * asks for a ticket (a random token, its hash kept for a minute) and opens /ws?operator=<ticket>;
 * the realtime module lets the socket subscribe to operator:… topics only while the ticket's
 * session is active and not idle and its operator's role may view the trading desk. Players'
 * sessions never hold one.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { isOperatorRole, mayDo } from './permissions.ts';
import { hashToken, readSettings } from './sessions.ts';

const TICKET_MS = 60_000;

export async function issueLiveTicket(
  db: Kysely<Database>,
  clock: Clock,
  sessionId: bigint,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const now = clock.now();
  await db.deleteFrom('backoffice_live_tickets').where('expires_at', '<', now).execute();
  await db
    .insertInto('backoffice_live_tickets')
    .values({
      token_hash: hashToken(token),
      session_id: sessionId,
      expires_at: new Date(now.getTime() + TICKET_MS),
    })
    .execute();
  return token;
}

/** Whether a /ws connection carrying this ticket may subscribe to the operators' topics. */
export async function operatorTicketAllows(
  db: Kysely<Database>,
  clock: Clock,
  ticket: string | null,
): Promise<boolean> {
  if (!ticket || ticket.length > 100) return false;
  const now = clock.now();
  const row = await db
    .selectFrom('backoffice_live_tickets as t')
    .innerJoin('backoffice_sessions as s', 's.id', 't.session_id')
    .innerJoin('backoffice_operators as o', 'o.id', 's.operator_id')
    .select(['s.last_seen_at', 'o.role'])
    .where('t.token_hash', '=', hashToken(ticket))
    .where('t.expires_at', '>', now)
    .where('s.stage', '=', 'active')
    .where('s.ended_at', 'is', null)
    .where('o.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row || !isOperatorRole(row.role) || !mayDo(row.role, 'trading.view')) return false;
  const { idleTimeoutMinutes } = await readSettings(db);
  return row.last_seen_at.getTime() + idleTimeoutMinutes * 60_000 > now.getTime();
}
