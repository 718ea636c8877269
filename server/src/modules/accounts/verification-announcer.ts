/**
 * Tells players' open pages that their verification changed: reads verification_events not yet
 * announced (written in the same transaction as the change, by this process or by
 * `parlay verification` in another one), publishes {type:'verification', status, reason} on
 * `user:<id>` and marks them announced. Runs in the workers role (one process); one round handles
 * at most BATCH events, and several events of one player become one message.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { VerificationService, VerificationStatus } from './verification.ts';

const BATCH = 200;
export const VERIFICATION_ANNOUNCE_MS = 1000;

export interface VerificationMessage {
  type: 'verification';
  status: VerificationStatus;
  reason: string | null;
}

export interface AnnouncerLog {
  warn(details: { err: unknown }, message: string): void;
}

/** One round: answers how many players were told. */
export async function announceVerificationChanges(
  db: Kysely<Database>,
  bus: EventBus,
  clock: Clock,
  verification: VerificationService,
): Promise<number> {
  // At least once: published first, marked afterwards (a repeat only re-sends the current status).
  const events = await db
    .selectFrom('verification_events')
    .select(['id', 'user_id'])
    .where('announced_at', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (events.length === 0) return 0;
  const users = [...new Set(events.map((e) => e.user_id))];
  for (const userId of users) {
    const message: VerificationMessage = {
      type: 'verification',
      status: await verification.status(userId),
      reason: await verification.decisionReason(userId),
    };
    await bus.publish(`user:${userId}`, message);
  }
  await db
    .updateTable('verification_events')
    .set({ announced_at: clock.now() })
    .where(
      'id',
      'in',
      events.map((e) => e.id),
    )
    .execute();
  return users.length;
}

/** Starts the announcing loop; answers its stop function. */
export function startVerificationAnnouncer(
  deps: { db: Kysely<Database>; bus: EventBus; clock: Clock; log: AnnouncerLog },
  verification: VerificationService,
  intervalMs = VERIFICATION_ANNOUNCE_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => announceVerificationChanges(deps.db, deps.bus, deps.clock, verification))
      .catch((err: unknown) => deps.log.warn({ err }, 'verification announcement failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
