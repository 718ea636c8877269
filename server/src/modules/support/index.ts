/**
 * Support module (issue 23): the player's support requests of the office (topics, messages both
 * ways, status open/answered/closed, rating after close, attachments through the accounts module's
 * DocumentStorage) and the operator's CLI (`parlay support …`). Changes reach the player's open page
 * over /ws on the private topic user:<id> as {type:'support', requestId, status}.
 *
 * Ban appeals are requests of the topic ban_appeal (SUPPORT_APPEAL_TOPIC): not offered by GET …/topics,
 * listed alone by GET …/requests?topic=ban_appeal (the block-appeal-history page).
 *
 * Routes (routes.ts): GET /web-api/support/v1/topics, GET|POST …/requests, GET …/requests/:id, GET|POST …/ideas, POST …/ideas/:id/vote,
 * POST …/requests/:id/messages|close|rating, GET …/attachments/:id.
 *
 * Errors: VALIDATION_FAILED (400), NOT_AUTHENTICATED (401), SUPPORT_TOPIC_UNKNOWN (400),
 * SUPPORT_REQUEST_NOT_FOUND (404), SUPPORT_REQUEST_CLOSED, SUPPORT_RATING_NOT_ALLOWED,
 * SUPPORT_TOO_MANY_OPEN (409), SUPPORT_MESSAGE_TOO_LONG, SUPPORT_ATTACHMENT_TOO_LARGE (413),
 * SUPPORT_ATTACHMENT_TYPE (415), RATE_LIMITED (429 with Retry-After); ideas: IDEA_NOT_FOUND (404), IDEA_OWN_VOTE (409).
 *
 * Workers role: startSupportAnnouncer publishes operator actions (they may come from the CLI's own
 * process) at least once.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { type DocumentStorage, LocalDiskStorage } from '../accounts/index.ts';
import { supportRoutes } from './routes.ts';
import { SupportService } from './support-service.ts';

export { SUPPORT_ATTACHMENT_MAX_BYTES } from './attachments.ts';
export { runSupportCommand, SUPPORT_USAGE } from './support-command.ts';
export {
  SUPPORT_APPEAL_TOPIC,
  SUPPORT_MAX_TEXT,
  SUPPORT_RATE_MAX,
  SUPPORT_RATE_WINDOW_MS,
  SUPPORT_TOPICS,
  type SupportMessageMessage,
  SupportService,
} from './support-service.ts';

/** Where attachments are kept by default: DATA_DIR/support on the local disk. */
export function supportStorageAt(dataDir: string): DocumentStorage {
  return new LocalDiskStorage(path.join(dataDir, 'support'));
}

export function createSupportService(
  deps: { db: Kysely<Database>; clock: Clock; bus: EventBus },
  storage: DocumentStorage,
): SupportService {
  return new SupportService(deps.db, deps.clock, deps.bus, storage);
}

export async function supportModule(app: RoutesApp, options: { support: SupportService }): Promise<void> {
  await app.register(supportRoutes, options);
}

/** Workers role: announce operator actions every intervalMs (never overlapping itself); returns stop. */
export function startSupportAnnouncer(
  support: SupportService,
  log: { warn(details: unknown, message: string): void },
  intervalMs = 1000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = support
      .announce()
      .catch((err: unknown) => log.warn({ err }, 'support announcement failed'))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
