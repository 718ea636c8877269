/**
 * Graceful drain (issue 25, docs/scale-out.md): `parlay start` on SIGTERM stops accepting, answers
 * every request already received, closes WebSockets with 1012 (reconnect), stops the workers after
 * their current pass, releases leadership and exits 0. And the per-process WebSocket limit
 * (WS_MAX_CONNECTIONS): one socket more is closed with 1013 and a reason saying why.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REPO_ROOT } from './testing/test-app.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const IN_FLIGHT = 24;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A POST whose headers the server has read (it answered 100 Continue) and whose body is still to come. */
async function requestInFlight(port: number, body: string): Promise<{ finish(): Promise<string> }> {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let received = '';
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /redirects-api/api/v1/redirect-light HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nexpect: 100-continue\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`,
  );
  while (!received.includes('100 Continue')) {
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  }
  received = '';
  return {
    async finish() {
      socket.write(body);
      await closed;
      return received;
    },
  };
}

function openSocket(
  port: number,
): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}

describe('graceful drain on SIGTERM and the WebSocket limit', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-drain-'));
  let port = 0;
  let child: ReturnType<typeof spawn>;
  let exited: Promise<number | null>;
  let output = '';

  beforeAll(async () => {
    port = await freePort();
    child = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', 'start'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PARLAY_ROLES: 'api,realtime,workers',
        FEED_PROVIDER: 'none',
        WS_MAX_CONNECTIONS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 120_000;
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 150_000);

  afterAll(() => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leads its job groups (embedded database) and says so in /healthz', async () => {
    const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
    expect(health).toEqual({
      status: 'ok',
      roles: ['api', 'realtime', 'workers'],
      leadership: { clock: true, reconciliation: true, announcers: true },
    });
  });

  it('closes the connection over WS_MAX_CONNECTIONS with 1013 and a reason', async () => {
    const open = [await openSocket(port), await openSocket(port), await openSocket(port)];
    const extra = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      extra.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed.code).toBe(1013);
    expect(closed.reason).toBe('too many connections on this process (3)');
    // A place freed is a place taken.
    open[2]!.ws.close();
    await open[2]!.closed;
    const again = await openSocket(port);
    again.ws.close();
    await again.closed;
    for (const socket of open.slice(0, 2)) {
      socket.ws.close();
      await socket.closed;
    }
  });

  it('answers every request in flight, closes sockets with 1012 and exits 0', async () => {
    const socket = await openSocket(port);
    const inFlight = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () => requestInFlight(port, JSON.stringify({ url: '/en/' }))),
    );
    child.kill('SIGTERM');
    // The socket is told to reconnect (elsewhere) as the drain begins.
    expect(await socket.closed).toEqual({ code: 1012, reason: 'server restarting: reconnect' });
    // Each request received before the signal is answered in full.
    const answers = await Promise.all(inFlight.map((r) => r.finish()));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toContain('"redirect"');
    }
    // New connections are refused once the listener is closed.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(await exited, output).toBe(0);
  }, 180_000);
});
