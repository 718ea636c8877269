/**
 * The support inbox of the back office: players' requests listed, read, answered and closed
 * through the support module's own service (`parlay support list|answer|close` calls the same).
 * The player's open page hears of an answer or a close over /ws as before: the service bumps the
 * request's announce sequence and the workers role's announcer publishes it. Answers and closes
 * are audited.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { SupportService } from '../support/index.ts';
import { appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';

export type SupportInbox = Pick<SupportService, 'operatorList' | 'thread' | 'answer' | 'close'>;

export async function answerRequest(
  db: Kysely<Database>,
  clock: Clock,
  support: SupportInbox,
  actor: Actor,
  input: { requestId: bigint; text: string },
): Promise<void> {
  const thread = await support.thread(input.requestId, null);
  await support.answer(input.requestId, input.text);
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'support.answer',
    target: `support:${input.requestId}`,
    outcome: 'ok',
    details: { userId: thread.userId, length: input.text.length },
    ip: actor.ip,
  });
}

export async function closeRequest(
  db: Kysely<Database>,
  clock: Clock,
  support: SupportInbox,
  actor: Actor,
  requestId: bigint,
): Promise<void> {
  const thread = await support.thread(requestId, null);
  await support.close(requestId, null);
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'support.close',
    target: `support:${requestId}`,
    outcome: 'ok',
    details: { userId: thread.userId, wasStatus: thread.status },
    ip: actor.ip,
  });
}
