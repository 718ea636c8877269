/**
 * The kill test (issue 25, docs/scale-out.md): the same build as five processes on loopback —
 * web+api, two realtime, and two workers — against a fresh database on the local PostgreSQL server and
 * the cross-process bus, once on NATS and once on Redis. Signed-in players place bets through the
 * api process while a socket on a realtime process sees their balance and bet updates; the workers
 * process leading the singleton jobs (the feed simulator among them) is killed with SIGKILL in the
 * middle of the load. Then: the other workers process leads within 10 s, every acknowledged bet
 * exists exactly once, a socket on the other realtime process catches up from the last offset seen,
 * the live bets left waiting are decided, settlement still happens (a game the new leader's feed
 * finishes is settled), and `parlay ledger check` is clean.
 *
 * PostgreSQL, NATS and Redis are required (CI has them): unreachable, the test fails, it never skips.
 * Every wait is on state, with generous bounds (a busy 2-core machine is several times slower).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { profileOf, typicalGameMs } from '@parlay/domain/sportsbook/sport-profiles.ts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createE2eDatabase, parlayCli, REPO_ROOT } from './support.ts';

const PARLAY = path.join(REPO_ROOT, 'server/bin/parlay');
const START_TIMEOUT_MS = 180_000;
/** The bound on a failover: the follower leads within this long of the leader's death. */
const TAKEOVER_MS = 10_000;
/** Bound on a game the new leader's feed finishes being settled (fast sports end every few minutes). */
const SETTLEMENT_TIMEOUT_MS = 420_000;
const PLAYERS = 6;
const BUSES = [
  { name: 'NATS', url: process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222' },
  { name: 'Redis', url: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379' },
] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Fails loudly (never skips) when a service the test needs does not answer on its port. */
async function reachable(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.setTimeout(5000, () => socket.destroy(new Error('timed out')));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', (err) =>
      reject(new Error(`${url} is unreachable (${err.message}): the scale-out test needs it running`)),
    );
  });
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not reached in ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

interface Proc {
  name: string;
  origin: string;
  child: ChildProcess;
  log: () => string;
  dataDir: string;
}

const json = async <T>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

interface Health {
  roles: string[];
  leadership?: Record<string, boolean>;
}
const health = (p: Proc) => fetch(`${p.origin}/healthz`).then((r) => json<Health>(r));

interface Player {
  userId: string;
  cookie: string;
  address: string;
  accountId: string;
}

interface Pick {
  outcomeId: string;
  oddsMilli: number;
  live: boolean;
}

describe.each(BUSES)(
  'scale-out on PostgreSQL and $name: five processes, the leading workers killed',
  (bus) => {
    const procs: Proc[] = [];
    let database: Awaited<ReturnType<typeof createE2eDatabase>> | null = null;

    async function start(name: string, roles: string): Promise<Proc> {
      if (!database) throw new Error('no database');
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), `parlay-scale-${name}-`));
      const child = spawn(PARLAY, ['start'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          PARLAY_ENV_FILE: path.join(dataDir, 'no.env'),
          PARLAY_ROLES: roles,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          DATABASE_POOL_SIZE: '6',
          BUS_URL: bus.url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          NODE_ENV: 'test',
          AUTH_SECRET: 'scale-out-test-secret-of-enough-characters',
          // Players register from addresses of their own, as behind a reverse proxy on this machine.
          TRUST_PROXY: '127.0.0.1',
          ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stdout?.on('data', (d) => {
        log += d;
      });
      child.stderr?.on('data', (d) => {
        log += d;
      });
      const proc: Proc = { name, origin: `http://127.0.0.1:${port}`, child, log: () => log, dataDir };
      procs.push(proc);
      const deadline = Date.now() + START_TIMEOUT_MS;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${log}`);
        if (Date.now() > deadline) throw new Error(`${name} not ready in ${START_TIMEOUT_MS} ms:\n${log}`);
        const ready = await fetch(`${proc.origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return proc;
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    afterAll(async () => {
      await Promise.all(
        procs.map(async (p) => {
          if (p.child.exitCode === null && p.child.signalCode === null) {
            const exited = new Promise((r) => p.child.once('exit', r));
            p.child.kill('SIGTERM');
            await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
            if (p.child.exitCode === null) p.child.kill('SIGKILL');
          }
          rmSync(p.dataDir, { recursive: true, force: true });
        }),
      );
      await database?.drop();
    });

    it('keeps every acknowledged bet, fails over within 10 s, settles and balances the ledger', async () => {
      await reachable('postgres://127.0.0.1:5432');
      await reachable(bus.url);
      database = await createE2eDatabase();
      parlayCli(['migrate'], { DATABASE_URL: database.url });
      const db = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        // One at a time: the first seeds the catalogue, the others find it there.
        const api = await start('api', 'web,api');
        const realtime = await start('realtime', 'realtime');
        const realtime2 = await start('realtime-2', 'realtime');
        const first = await start('workers-1', 'workers');
        await until(
          'workers-1 leads the feed',
          () => health(first),
          (h) => h.leadership?.feed === true,
          30_000,
        );
        const second = await start('workers-2', 'workers');
        const followerHealth = await health(second);
        expect(followerHealth.roles).toEqual(['workers']);
        expect(Object.values(followerHealth.leadership ?? { none: true }).some(Boolean)).toBe(false);
        expect(Object.keys(followerHealth.leadership ?? {}).sort()).toEqual(
          ['announcers', 'clock', 'feed', 'reconciliation'].sort(),
        );

        // The feed (in workers-1) reached the api process's database reads.
        await until(
          'the feed world',
          () =>
            fetch(`${api.origin}/web-api/sportsbook/v1/live?lang=en&limit=1`).then((r) =>
              json<{ total: number }>(r),
            ),
          (live) => live.total > 0,
          START_TIMEOUT_MS,
        );

        const players: Player[] = [];
        for (let i = 0; i < PLAYERS; i += 1) players.push(await registerAndFund(api.origin, i));

        // A socket on the realtime process, signed in as the first player, on their private topic.
        const socketEvents: { type?: string; offset?: number }[] = [];
        const ws = new WebSocket(`${realtime.origin.replace('http', 'ws')}/ws`, {
          headers: { cookie: players[0]!.cookie },
        });
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        const subscribed = new Promise<void>((resolve) => {
          ws.on('message', (raw) => {
            const frame = JSON.parse(raw.toString()) as {
              op: string;
              data?: { type?: string; offset?: number };
            };
            if (frame.op === 'subscribed') resolve();
            if (frame.op === 'message' && frame.data) socketEvents.push(frame.data);
          });
        });
        ws.send(JSON.stringify({ op: 'subscribe', topic: `user:${players[0]!.userId}` }));
        await subscribed;

        const picks = await choosePicks(db);
        expect(picks.filter((p) => p.live).length).toBeGreaterThan(0);
        expect(picks.filter((p) => !p.live).length).toBeGreaterThan(0);

        // The load: every player places singles back to back through the api process.
        const acknowledged = new Map<string, string>();
        const answered = new Map<string, string>();
        const refusals: string[] = [];
        let stopLoad = false;
        let placed = 0;
        let loopError: unknown = null;
        const loops = players
          .map(async (player, index) => {
            for (let n = 0; !stopLoad; n += 1) {
              const pick = picks[(index * 7 + n) % picks.length]!;
              const key = `scale-${randomUUID()}`;
              const res = await fetch(`${api.origin}/web-api/betting/v1/coupons`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  cookie: player.cookie,
                  'x-forwarded-for': player.address,
                  'idempotency-key': key,
                },
                body: JSON.stringify({
                  typeId: 0,
                  accountId: player.accountId,
                  amount: '1000',
                  bets: [{ outcomeId: pick.outcomeId, coef: pick.oddsMilli / 1000 }],
                  changeCoefAction: 2,
                }),
              });
              const answer = (await res.json().catch(() => ({}))) as {
                status?: string;
                betId?: string;
                code?: string;
                error?: { code: string; message?: string };
              };
              // Every answer with a bet id is a bet written (refusals are kept as rejected bets).
              if (res.ok && answer.betId) answered.set(key, answer.betId);
              if (res.ok && answer.betId && (answer.status === 'accepted' || answer.status === 'pending')) {
                acknowledged.set(key, answer.betId);
                placed += 1;
              } else {
                refusals.push(
                  `${res.status} ${answer.status ?? ''} ${answer.code ?? answer.error?.code ?? ''} ${answer.error?.message ?? ''}`,
                );
                // A price moved or a market closed: the next pick.
                await new Promise((r) => setTimeout(r, 50));
              }
            }
          })
          .map((loop) =>
            loop.catch((err: unknown) => {
              loopError ??= err;
              stopLoad = true;
            }),
          );

        const placedAtLeast = (n: number, what: string) =>
          until(
            what,
            async () => placed,
            (count) => count >= n,
            120_000,
          ).catch((err: Error) => {
            stopLoad = true;
            throw new Error(`${err.message}; refusals: ${[...new Set(refusals)].slice(0, 8).join(', ')}`);
          });
        await placedAtLeast(30, 'bets before the kill');
        await until(
          'a balance on the socket',
          async () => socketEvents,
          (e) => e.some((x) => x.type === 'balance'),
          30_000,
        );
        // The player's socket goes away (as when its realtime process restarts); it comes back to the
        // other realtime process after the kill and catches up from the last offset it saw.
        ws.close();
        const lastOffset = Math.max(...socketEvents.map((e) => e.offset ?? 0));
        expect(lastOffset).toBeGreaterThan(0);

        // SIGKILL the leader mid-load; the follower must lead within 10 s.
        const killedAt = Date.now();
        const placedAtKill = placed;
        first.child.kill('SIGKILL');
        const led = await until(
          'workers-2 leads every group',
          () => health(second),
          (h) => Object.values(h.leadership ?? {}).every(Boolean),
          TAKEOVER_MS + 5_000,
        );
        const takeoverMs = Date.now() - killedAt;
        console.log(`[${bus.name}] takeover after SIGKILL: ${takeoverMs} ms`);
        expect(led.leadership?.feed).toBe(true);
        expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_MS);

        await placedAtLeast(placedAtKill + 30, 'bets after the kill');
        // The surviving workers decide live bets at the end of their delay, and accept those whose
        // market did not change (the new leader loading the world is not a change): the load goes on
        // until one is, so that settlement below has a live bet on a game ending soon.
        await until(
          'a live bet accepted by the surviving workers',
          () =>
            db
              .query<{ n: number }>(
                `select count(*)::int as n from bets where idempotency_key like 'scale-%' and is_live
                  and decided_at > $1 and status in ('accepted', 'won', 'lost', 'void')`,
                [new Date(killedAt)],
              )
              .then((r) => r.rows[0]!.n),
          (n) => n > 0,
          120_000,
        ).catch((err: Error) => {
          stopLoad = true;
          throw err;
        });
        stopLoad = true;
        await Promise.all(loops);
        if (loopError) throw loopError;
        console.log(`[${bus.name}] ${acknowledged.size} bets acknowledged, ${refusals.length} refused`);

        // Every acknowledged bet exists exactly once, under its key; every other answer with a bet id
        // is a refusal kept as a rejected bet; nothing else was written.
        const rows = await db.query<{ id: string; idempotency_key: string; status: string }>(
          `select id::text, idempotency_key, status from bets where idempotency_key like 'scale-%'`,
        );
        const written = new Map<string, string[]>();
        for (const row of rows.rows) {
          written.set(row.idempotency_key, [...(written.get(row.idempotency_key) ?? []), row.id]);
        }
        for (const [key, betId] of answered) expect(written.get(key), key).toEqual([betId]);
        expect(rows.rowCount).toBe(answered.size);
        for (const row of rows.rows) {
          if (!acknowledged.has(row.idempotency_key)) expect(row.status).toBe('rejected');
        }
        const refusalKinds = new Map<string, number>();
        for (const r of refusals) refusalKinds.set(r, (refusalKinds.get(r) ?? 0) + 1);
        console.log(`[${bus.name}] refusals:`, Object.fromEntries(refusalKinds));
        // The socket of the realtime process saw the api process's balance and bet updates, and one
        // on the other realtime process is sent exactly what was published while it was away.
        expect(socketEvents.filter((e) => e.type === 'balance').length).toBeGreaterThan(0);
        const topic = `user:${players[0]!.userId}`;
        const caughtUp = await catchUp(realtime2.origin, players[0]!.cookie, topic, lastOffset);
        const offsets = [...new Set(caughtUp.map((m) => m.offset ?? 0))];
        console.log(`[${bus.name}] catch-up on realtime-2: ${offsets.length} messages`);
        expect(offsets.length).toBeGreaterThan(0);
        expect(Math.min(...offsets)).toBeGreaterThan(lastOffset);
        // Gapless: every message logged for the player from the last offset seen to the newest replayed.
        const logged = await db.query<{ n: number }>(
          'select count(*)::int as n from realtime_private_log where topic = $1 and id > $2 and id <= $3',
          [topic, lastOffset, Math.max(...offsets)],
        );
        expect(offsets.length).toBe(logged.rows[0]!.n);
        expect(caughtUp.some((m) => m.type === 'balance')).toBe(true);
        expect(caughtUp.some((m) => m.type === 'bet')).toBe(true);

        // Live bets waiting on their delay are decided by the surviving workers process.
        await until(
          'no live bet left waiting',
          () =>
            db
              .query<{ n: number }>(
                `select count(*)::int as n from bets where idempotency_key like 'scale-%' and status = 'pending_delay'`,
              )
              .then((r) => r.rows[0]!.n),
          (n) => n === 0,
          60_000,
        );

        // The new leader's feed finishes games, and the betting workers settle bets on them.
        const settled = await until(
          'a bet settled after the kill',
          () =>
            db
              .query<{ n: number }>(
                `select count(*)::int as n from bets where idempotency_key like 'scale-%'
                and settled_at > $1 and status in ('won', 'lost', 'void')`,
                [new Date(killedAt)],
              )
              .then((r) => r.rows[0]!.n),
          (n) => n > 0,
          SETTLEMENT_TIMEOUT_MS,
        ).catch(async (err: Error) => {
          // What the failure needs to be understood: did the feed finish games, where are the bets.
          const finished = await db.query('select count(*)::int as games from games where finished_at > $1', [
            new Date(killedAt),
          ]);
          const bets = await db.query(
            `select b.status, g.status as game_status, count(*)::int as n, min(g.start_at) as first_start
               from bets b join bet_legs l on l.bet_id = b.id join games g on g.id = l.game_id
              where b.idempotency_key like 'scale-%' group by 1, 2 order by 1, 2`,
          );
          throw new Error(
            `${err.message}\ngames finished since the kill: ${JSON.stringify(finished.rows)}\nbets: ${JSON.stringify(bets.rows)}\nworkers-2:\n${second.log().slice(-4000)}`,
          );
        });
        console.log(`[${bus.name}] ${settled} bets settled after the kill`);

        const check = parlayCli(['ledger', 'check'], { DATABASE_URL: database.url });
        expect(check).toContain('ledger check: no difference');
      } finally {
        await db.end();
      }
    }, 900_000);
  },
);

/** Subscribes `topic` on a new socket with `since` and answers the messages replayed before 'subscribed'. */
async function catchUp(
  origin: string,
  cookie: string,
  topic: string,
  since: number,
): Promise<{ type?: string; offset?: number }[]> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const replayed: { type?: string; offset?: number }[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { op: string; data?: { type?: string; offset?: number } };
        if (frame.op === 'message' && frame.data) replayed.push(frame.data);
        if (frame.op === 'subscribed') resolve();
        if (frame.op === 'error') reject(new Error(raw.toString()));
      });
      ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', topic, since })));
    });
  } finally {
    ws.close();
  }
  return replayed;
}

/** A one-click player registered over HTTP from an address of their own, funded by a sandbox deposit. */
async function registerAndFund(origin: string, index: number): Promise<Player> {
  const address = `198.19.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const res = await fetch(`${origin}/web-api/auth/v1/registration/fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ countryId: 1, currency: 'RUB' }),
  });
  if (res.status !== 200) throw new Error(`registration: ${res.status} ${await res.text()}`);
  const token = res.headers
    .getSetCookie()
    .map((c) => /^user_token=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!token) throw new Error('registration set no session cookie');
  const cookie = `user_token=${token}`;
  const { userId } = (await res.json()) as { userId: number };
  const headers = { cookie, 'x-forwarded-for': address };
  const accounts = await json<{ mainAccount: { id: string | number } }>(
    await fetch(`${origin}/web-api/accounts/v1/accounts`, { headers }),
  );
  const methods = await json<{ methods: { id: number; code: string }[] }>(
    await fetch(`${origin}/web-api/payments/v1/methods?direction=deposit&currency=RUB`, { headers }),
  );
  const method = methods.methods.find((m) => m.code === 'card');
  if (!method) throw new Error('no card deposit method');
  const started = await json<{ redirectUrl: string }>(
    await fetch(`${origin}/web-api/payments/v1/deposits`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `fund-${randomUUID()}` },
      body: JSON.stringify({
        accountId: accounts.mainAccount.id,
        methodId: method.id,
        amount: '100000',
        lng: 'en',
      }),
    }),
  );
  const paid = await fetch(new URL(started.redirectUrl, origin), {
    method: 'POST',
    headers,
    body: new URLSearchParams({ card: '4242424242424242' }),
    redirect: 'manual',
  });
  const location = paid.headers.get('location') ?? '';
  if (!/\/onpay\/success$/.test(location)) throw new Error(`deposit ended at ${paid.status} ${location}`);
  return { userId: String(userId), cookie, address, accountId: String(accounts.mainAccount.id) };
}

/**
 * Main-market outcomes priced 1.2–5 of live games and of games starting within 20 minutes, those
 * expected to end first (but not before the kill) so that settlement comes soon: a live game with a
 * clock ends when its match clock runs out (plus the breaks left), any other at its start plus the
 * sport's typical length.
 */
async function choosePicks(db: pg.Pool): Promise<Pick[]> {
  const live = [GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK];
  const { rows } = await db.query<{
    outcome_id: string;
    odds_milli: number;
    status: number;
    sport_id: number;
    start_at: Date;
    period: number;
    clock_seconds: number;
    clock_running: boolean;
    clock_at: Date | null;
  }>(
    `select distinct on (g.id) o.id::text as outcome_id, o.odds_milli, g.status, g.sport_id, g.start_at,
            g.period, g.clock_seconds, g.clock_running, g.clock_at
       from games g
       join markets m on m.game_id = g.id and m.is_main and m.state = 'open'
       join outcomes o on o.market_id = m.id and o.state = 'open' and o.odds_milli between 1200 and 5000
      where (g.status = any($1) or (g.status = $2 and g.start_at < now() + interval '20 minutes'))
        and not exists (select 1 from outcomes x where x.market_id = m.id and x.state <> 'open')
      order by g.id, o.odds_milli`,
    [live, GAME_STATUS.NOT_STARTED],
  );
  const now = Date.now();
  const isLive = (r: (typeof rows)[number]) => (live as number[]).includes(r.status);
  const endOf = (r: (typeof rows)[number]) => {
    const profile = profileOf(r.sport_id);
    if (!isLive(r) || !profile.hasClock) return r.start_at.getTime() + typicalGameMs(profile);
    const running = r.clock_running && r.clock_at ? ((now - r.clock_at.getTime()) / 1000) * profile.speed : 0;
    const clockLeft = Math.max(0, profile.periods * profile.periodSeconds - (r.clock_seconds + running));
    const breaksLeft = Math.max(0, profile.periods - r.period) * profile.breakSeconds;
    return now + ((clockLeft + breaksLeft) * 1000) / profile.speed;
  };
  const picks = rows
    // Ending after the kill (about a minute from now), soonest first.
    .filter((r) => endOf(r) > now + 60_000)
    .sort((a, b) => endOf(a) - endOf(b))
    .map((r) => ({ outcomeId: r.outcome_id, oddsMilli: r.odds_milli, live: isLive(r) }));
  return [...picks.filter((p) => p.live).slice(0, 20), ...picks.filter((p) => !p.live).slice(0, 20)];
}
