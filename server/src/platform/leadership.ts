/**
 * Leadership of singleton job groups across processes: jobs that must run once cluster-wide (the odds
 * feed, the clock topic, the announcers, payment reconciliation) run only in the process that holds
 * the group's PostgreSQL session advisory lock. Each group has a dedicated connection outside the
 * pool; the lock lives as long as that session, so a leader that dies (SIGKILL, lost machine) loses
 * it the moment PostgreSQL sees its connection gone, and the next follower poll takes it over.
 *
 * A leader that loses its connection (network, database restart) stops the group's jobs at once: it
 * can no longer know it holds the lock. Between the loss and the stop both processes may run one
 * pass of the group; the jobs stay correct because every write they make is idempotent (unique keys,
 * claimed rows) — leadership saves the duplicate work, it is not the only fence.
 *
 * With the embedded database (PGlite: one process owns it) leadership is held from the start and
 * never polled: `npm start` behaves as it did before leadership existed.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

export type StopJobs = () => void | Promise<void>;

export interface LeadershipLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface LeadershipOptions {
  /** postgres://… of the database every process shares; null = embedded database, always leader. */
  connectionString: string | null;
  /** How often a follower tries to take the lock and a leader checks its connection. */
  pollMs: number;
  log: LeadershipLog;
  /** When given, `parlay_leader{group}` (1 leader, 0 follower) is reported on it. */
  registry?: Registry;
}

/** Bound on a leader's session check and on connecting. */
const CHECK_TIMEOUT_MS = 10_000;

/** What health answers and tests read. */
export interface LeadershipView {
  held(): Record<string, boolean>;
}

/** The two int4 keys of a group's advisory lock: a fixed class ('PRLY') and a hash of the name. */
export function lockKeys(group: string): [number, number] {
  const digest = createHash('sha256').update(`parlay:leader:${group}`).digest();
  return [0x50524c59, digest.readInt32BE(0)];
}

interface Group {
  name: string;
  start: () => StopJobs;
  stopJobs: StopJobs | null;
  client: pg.Client | null;
  busy: Promise<void>;
}

export class Leadership implements LeadershipView {
  readonly #options: LeadershipOptions;
  readonly #groups = new Map<string, Group>();
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(options: LeadershipOptions) {
    this.#options = options;
    if (options.registry) {
      const groups = this.#groups;
      new Gauge({
        name: 'parlay_leader',
        help: 'Singleton job groups this process leads (1) or follows (0)',
        labelNames: ['group'],
        registers: [options.registry],
        collect() {
          for (const group of groups.values()) this.set({ group: group.name }, group.stopJobs ? 1 : 0);
        },
      });
    }
  }

  /**
   * Runs `start` while this process leads `group` (at once with the embedded database); the function
   * it returns stops the jobs when leadership is lost or the process stops.
   */
  run(group: string, start: () => StopJobs): void {
    if (this.#stopped) throw new Error('leadership stopped');
    if (this.#groups.has(group)) throw new Error(`leadership group ${group} registered twice`);
    const entry: Group = { name: group, start, stopJobs: null, client: null, busy: Promise.resolve() };
    this.#groups.set(group, entry);
    if (this.#options.connectionString === null) {
      entry.stopJobs = start();
      return;
    }
    this.#schedule(entry);
    if (this.#timer === null) {
      this.#timer = setInterval(() => {
        for (const g of this.#groups.values()) this.#schedule(g);
      }, this.#options.pollMs);
      this.#timer.unref();
    }
  }

  held(): Record<string, boolean> {
    return Object.fromEntries([...this.#groups.values()].map((g) => [g.name, g.stopJobs !== null]));
  }

  /** Resolves once every registered group has a decided first poll (tests, start-up logs). */
  async settled(): Promise<void> {
    await Promise.all([...this.#groups.values()].map((g) => g.busy));
  }

  /** Stops every group's jobs (each after its current pass) and releases the locks. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.all(
      [...this.#groups.values()].map(async (g) => {
        await g.busy;
        await this.#resign(g, 'stopping');
      }),
    );
  }

  /** One poll of a group, never two at a time. */
  #schedule(group: Group): void {
    group.busy = group.busy.then(() => (this.#stopped ? undefined : this.#poll(group)));
  }

  async #poll(group: Group): Promise<void> {
    try {
      if (group.client === null) group.client = await this.#connect(group);
      if (group.stopJobs) {
        // Leader: the lock is ours while the session lives; a failed round trip means it may not be.
        await group.client.query('select 1');
        return;
      }
      const [classId, objectId] = lockKeys(group.name);
      const result = await group.client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        [classId, objectId],
      );
      if (!result.rows[0]?.locked || this.#stopped) return;
      this.#options.log.info({ group: group.name }, 'leadership taken: starting the group');
      group.stopJobs = group.start();
    } catch (err) {
      this.#options.log.warn(
        { group: group.name, err: (err as Error).message },
        'leadership connection failed',
      );
      await this.#resign(group, 'connection lost');
    }
  }

  async #connect(group: Group): Promise<pg.Client> {
    // pg loaded when a leader is elected (PostgreSQL only): the embedded default never needs it.
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: this.#options.connectionString ?? undefined,
      application_name: `parlay-leader-${group.name}`,
      keepAlive: true,
      // Generous: a leader whose check is merely slow (a busy machine) must not resign and flap; a
      // dead process is noticed by the server, whatever this bound.
      query_timeout: Math.max(CHECK_TIMEOUT_MS, this.#options.pollMs * 4),
      connectionTimeoutMillis: Math.max(CHECK_TIMEOUT_MS, this.#options.pollMs * 4),
    });
    // A session the server ends must not crash the process: the next poll sees it and resigns.
    client.on('error', () => {});
    client.on('end', () => {
      if (group.client !== client) return;
      group.client = null;
      // The lock went with the session: stop at once rather than at the next poll.
      if (group.stopJobs) group.busy = group.busy.then(() => this.#resign(group, 'connection ended'));
    });
    try {
      await client.connect();
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    return client;
  }

  async #resign(group: Group, why: string): Promise<void> {
    const stop = group.stopJobs;
    group.stopJobs = null;
    if (stop) {
      this.#options.log.info({ group: group.name, why }, 'leadership given up: stopping the group');
      try {
        await stop();
      } catch (err) {
        this.#options.log.warn({ group: group.name, err: (err as Error).message }, 'group stop failed');
      }
    }
    const client = group.client;
    group.client = null;
    // Ending the session releases the lock; stopping first means no job runs unled.
    if (client) await client.end().catch(() => {});
  }
}
