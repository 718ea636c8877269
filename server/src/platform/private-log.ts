/**
 * The durable log of private events: every message published on a player's private topic
 * (`user:<id>`: balances, bet states, verification, support answers, …) is first written to
 * realtime_private_log (server/migrations/0235_realtime_private_log.sql) and then published with its
 * row id as `offset`. A WebSocket client that reconnects — to this process or any other — sends the
 * highest offset it saw, and the realtime role replays the rows after it before live messages
 * (server/src/modules/realtime/index.ts), so nothing published while it was away is lost.
 *
 * Rows are kept PRIVATE_LOG_RETENTION_MS (a client away longer reads its state again over HTTP).
 * A message the log cannot take (database unavailable) is still published, without an offset.
 */
import { type Kysely, sql } from 'kysely';
import { type Batcher, createBatcher } from './batcher.ts';
import type { BusHandler, EventBus, Unsubscribe } from './bus.ts';
import { PREPARED_MARKER } from './db.ts';
import type { Database } from './schema.ts';

export const PRIVATE_TOPIC_PREFIX = 'user:';
export const PRIVATE_LOG_RETENTION_MS = 24 * 3_600_000;
/** The private log's inserts start at least this many ms apart (a message waits at most this long more). */
export const PRIVATE_LOG_INTERVAL_MS = 5;
/** Most rows one reconnect replays (a client further behind reads its state again over HTTP). */
export const PRIVATE_LOG_REPLAY_LIMIT = 500;

export interface LoggedMessage {
  offset: number;
  message: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The bus, with private-topic messages logged first and published with their offset. The inserts
 * of concurrent publishers share one statement (platform/batcher.ts): a busy process writes the
 * messages arriving meanwhile as one multi-row insert. Their ids follow the order they were
 * published in (the rows are inserted in array order, and the ids handed back sorted), and each
 * publisher's message goes out once its id is known, in that order: a client never sees a later
 * message of its topic with a smaller offset than an earlier one. An idle process writes a message
 * at once; a busy one at most one insert per PRIVATE_LOG_INTERVAL_MS.
 */
export class PrivateLogBus implements EventBus {
  readonly #inner: EventBus;
  readonly #onError: (err: unknown) => void;
  readonly #log: Batcher<{ topic: string; message: Record<string, unknown> }, number>;

  constructor(inner: EventBus, db: Kysely<Database>, onError: (err: unknown) => void = () => {}) {
    this.#inner = inner;
    this.#onError = onError;
    this.#log = createBatcher({
      maxInFlight: 1,
      maxBatch: 256,
      // Publishers do not wait on it to answer (a placement's bet message, the balance feed), so a
      // busy process writes one insert and one commit per PRIVATE_LOG_INTERVAL_MS: bench:place-http
      // measured one statement per placement without it (batches of one or two), each a commit
      // waiting on the WAL flush beside the placements' own.
      minIntervalMs: PRIVATE_LOG_INTERVAL_MS,
      run: async (items) => {
        // One text whatever the batch (a jsonb array): prepared once per connection.
        const { rows } = await sql<{ id: bigint | number | string }>`${sql.raw(PREPARED_MARKER)}
          insert into realtime_private_log (topic, message)
          select e->>'topic', e->'message'
            from jsonb_array_elements(${JSON.stringify(items)}::jsonb) with ordinality as x (e, n)
           order by n
          returning id`.execute(db);
        const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
        if (ids.length !== items.length) throw new Error('the private log took another number of rows');
        return ids;
      },
    });
  }

  async publish(topic: string, message: unknown): Promise<void> {
    if (!topic.startsWith(PRIVATE_TOPIC_PREFIX) || !isRecord(message)) {
      return this.#inner.publish(topic, message);
    }
    let offset: number | null = null;
    try {
      offset = await this.#log.submit({ topic, message });
    } catch (err) {
      this.#onError(err);
    }
    return this.#inner.publish(topic, offset === null ? message : { ...message, offset });
  }

  subscribe(topic: string, handler: BusHandler): Unsubscribe {
    return this.#inner.subscribe(topic, handler);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}

/** The messages of `topic` after `offset`, oldest first, at most `limit`. */
export async function readPrivateLog(
  db: Kysely<Database>,
  topic: string,
  offset: number,
  limit = PRIVATE_LOG_REPLAY_LIMIT,
): Promise<LoggedMessage[]> {
  const { rows } = await sql<{ id: bigint | number | string; message: Record<string, unknown> }>`
    select id, message from realtime_private_log
     where topic = ${topic} and id > ${offset}
     order by id
     limit ${limit}`.execute(db);
  return rows.map((row) => {
    const at = Number(row.id);
    return { offset: at, message: { ...row.message, offset: at } };
  });
}

/** Drops rows older than the retention; answers how many. */
export async function prunePrivateLog(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PRIVATE_LOG_RETENTION_MS);
  const result = await sql`delete from realtime_private_log where created_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Worker: prunes the log every `intervalMs` (run by one process: the leader of its group). */
export function startPrivateLogPrune(
  db: Kysely<Database>,
  clock: { now(): Date },
  onError: (err: unknown) => void,
  intervalMs = 60_000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => prunePrivateLog(db, clock.now())).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
