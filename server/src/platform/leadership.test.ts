/**
 * Leadership of singleton job groups on a real PostgreSQL server (a database of its own on the
 * local one, or on POSTGRES_ADMIN_URL's): two processes' worth of Leadership compete for the same
 * groups; exactly one runs each group, and the other takes over when the leader stops or its
 * session dies. PostgreSQL must be reachable: the test fails, it does not skip.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leadership, lockKeys } from './leadership.ts';

const ADMIN_URL =
  process.env.POSTGRES_ADMIN_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const quiet = { info() {}, warn() {} };
const POLL_MS = 100;

async function admin(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A group's jobs as a counter: how many times started, and whether running now. */
function jobs() {
  const state = { starts: 0, stops: 0, running: false };
  return {
    state,
    start: () => {
      state.starts += 1;
      state.running = true;
      return async () => {
        state.stops += 1;
        state.running = false;
      };
    },
  };
}

describe('leadership of singleton job groups (PostgreSQL advisory locks)', () => {
  const name = `parlay_leader_${randomBytes(5).toString('hex')}`;
  let url = '';
  const started: Leadership[] = [];
  const leadership = (registry?: Registry) => {
    const l = new Leadership({ connectionString: url, pollMs: POLL_MS, log: quiet, registry });
    started.push(l);
    return l;
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  });

  afterAll(async () => {
    for (const l of started) await l.stop();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('runs each group in exactly one of two competing processes', async () => {
    const [a, b] = [leadership(), leadership()];
    const feedA = jobs();
    const feedB = jobs();
    const clockA = jobs();
    const clockB = jobs();
    a.run('feed-1', feedA.start);
    b.run('feed-1', feedB.start);
    a.run('clock-1', clockA.start);
    b.run('clock-1', clockB.start);
    await Promise.all([a.settled(), b.settled()]);
    await expect.poll(() => feedA.state.running || feedB.state.running).toBe(true);
    await expect.poll(() => clockA.state.running || clockB.state.running).toBe(true);
    // Several polls later still one each: a follower never takes a held lock.
    for (let i = 0; i < 5; i += 1) {
      await Promise.all([a.settled(), b.settled()]);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    expect(feedA.state.running !== feedB.state.running).toBe(true);
    expect(clockA.state.running !== clockB.state.running).toBe(true);
    expect(feedA.state.starts + feedB.state.starts).toBe(1);
    expect(a.held()['feed-1']).toBe(feedA.state.running);
    expect(b.held()['feed-1']).toBe(feedB.state.running);
    const locks = await admin(
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and d.datname = $1 and l.classid = $2 and l.objid = $3 and l.granted`,
      // pg_locks shows the int4 keys as oids (unsigned).
      [name, lockKeys('feed-1')[0] >>> 0, lockKeys('feed-1')[1] >>> 0],
    );
    expect(locks.rows[0].n).toBe(1);
  });

  it('hands a group to the follower when the leader stops, after stopping the leader’s jobs', async () => {
    const [a, b] = [leadership(), leadership()];
    const inA = jobs();
    const inB = jobs();
    a.run('feed-2', inA.start);
    await a.settled();
    expect(inA.state.running).toBe(true);
    b.run('feed-2', inB.start);
    await b.settled();
    expect(inB.state.running).toBe(false);
    await a.stop();
    expect(inA.state).toEqual({ starts: 1, stops: 1, running: false });
    await expect.poll(() => inB.state.running, { timeout: 10_000 }).toBe(true);
    expect(b.held()).toEqual({ 'feed-2': true });
  });

  it('stops the jobs of a leader whose session dies, and the group is led again', async () => {
    const [a, b] = [leadership(), leadership()];
    const inA = jobs();
    const inB = jobs();
    a.run('feed-3', inA.start);
    await a.settled();
    b.run('feed-3', inB.start);
    await b.settled();
    expect([inA.state.running, inB.state.running]).toEqual([true, false]);
    // The leader's lock session ends as a killed process's would: the server drops it.
    const killed = await admin(
      `select pg_terminate_backend(l.pid) as done from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and d.datname = $1 and l.objid = $2 and l.granted`,
      [name, lockKeys('feed-3')[1] >>> 0],
    );
    expect(killed.rowCount).toBe(1);
    // The old leader stops its jobs, and one of the two (the follower, or the old leader on a new
    // session) leads again.
    await expect.poll(() => inA.state.stops, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => inA.state.running || inB.state.running, { timeout: 10_000 }).toBe(true);
    expect(inA.state.running !== inB.state.running).toBe(true);
    expect(a.held()['feed-3']).toBe(inA.state.running);
    expect(b.held()['feed-3']).toBe(inB.state.running);
    // Whoever leads now hands over when it stops.
    const [leader, follower, followerJobs] = inA.state.running ? [a, b, inB] : [b, a, inA];
    await leader.stop();
    await expect.poll(() => followerJobs.state.running, { timeout: 10_000 }).toBe(true);
    expect(follower.held()['feed-3']).toBe(true);
  });

  it('reports parlay_leader per group on the metrics registry', async () => {
    const registry = new Registry();
    const l = leadership(registry);
    l.run('feed-4', jobs().start);
    await l.settled();
    const text = await registry.metrics();
    expect(text).toContain('parlay_leader{group="feed-4"} 1');
  });

  it('leads at once without a server (the embedded database belongs to one process)', async () => {
    const l = new Leadership({ connectionString: null, pollMs: POLL_MS, log: quiet });
    const inL = jobs();
    l.run('feed', inL.start);
    expect(inL.state.running).toBe(true);
    expect(l.held()).toEqual({ feed: true });
    await l.stop();
    expect(inL.state).toEqual({ starts: 1, stops: 1, running: false });
    expect(l.held()).toEqual({ feed: false });
  });
});
