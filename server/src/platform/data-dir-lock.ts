/**
 * The embedded database belongs to one process. PGlite has no server: a second process that opens
 * the same files (a CLI command beside a running server, a second server) writes over the first's
 * and, closing, marks the control file shut down under it; a copy of such a directory no longer
 * opens. So DATA_DIR holds a lock file, parlay.lock, with the holder's PID and its start time:
 *
 * - created with O_EXCL, so of two processes starting together exactly one gets it;
 * - a lock whose PID is not alive (kill(pid, 0) answers ESRCH), or is alive but started at another
 *   moment than the holder (the PID was reused: a container restarted gives its new process the
 *   same PID 1), is stale and taken over (under a second O_EXCL file, so only one taker removes it);
 * - a lock written on another host (another container sharing the volume, whose PIDs this one cannot
 *   see, or a container since replaced) is alive while its holder touches it: every
 *   HEARTBEAT_MS; one untouched for STALE_MS is taken over;
 * - removed when the database closes, and at exit if it was not closed.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'parlay.lock';
const HEARTBEAT_MS = 10_000;
export const STALE_MS = 60_000;

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

interface LockContent {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22); null off Linux. */
  startedAt: string | null;
  host: string;
  at: string;
}

/** Lock files held by this process, by path: a second open in the same process is refused too. */
const held = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
}

/** Whether the holder named in the lock still runs: same host, PID alive, same start time. */
function holderRuns(lock: LockContent, file: string): boolean {
  if (lock.host !== hostname()) {
    // Its PID means nothing here: its heartbeat says whether it runs.
    const touched = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    return touched !== undefined && Date.now() - touched < STALE_MS;
  }
  if (lock.pid === process.pid) return false; // a previous life of this PID (held locks are checked before)
  if (!alive(lock.pid)) return false;
  const startedAt = startTimeOf(lock.pid);
  return startedAt === null || lock.startedAt === null || startedAt === lock.startedAt;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Takes DATA_DIR for this process, or throws DataDirInUseError with one line naming the holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.resolve(dataDir, LOCK_FILE);
  if (held.has(file)) {
    throw new DataDirInUseError(
      `DATA_DIR ${path.resolve(dataDir)} is already open in this process (the embedded database belongs to one process)`,
    );
  }
  const content: LockContent = {
    pid: process.pid,
    startedAt: startTimeOf(process.pid),
    host: hostname(),
    at: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(content)}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw err;
      const holder = readLock(file);
      if (holder && holderRuns(holder, file)) {
        throw new DataDirInUseError(
          `DATA_DIR ${path.resolve(dataDir)} is in use by process ${holder.pid}${holder.host === hostname() ? '' : ` on host ${holder.host}`}: the embedded database belongs to one process; stop it first (or remove ${file} if that process is not Parlay)`,
        );
      }
      // An empty lock may be one being written this instant: look again shortly before taking it.
      if (holder === null && attempt < 2) pause(50);
      else takeOverStale(file, holder);
    }
  }
  held.add(file);
  const onExit = () => removeIfOurs(file);
  process.once('exit', onExit);
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: nothing to keep fresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    file,
    release() {
      if (!held.delete(file)) return;
      clearInterval(heartbeat);
      process.removeListener('exit', onExit);
      removeIfOurs(file);
    },
  };
}

/** Blocks this thread for a few milliseconds (the lock is taken once, at startup). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes the stale lock `seen`, under a second O_EXCL file so that of two processes taking it over
 * together only one removes it (the other, a moment later, would otherwise remove the new holder's).
 */
function takeOverStale(file: string, seen: LockContent | null): void {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process is taking over: wait for it; a guard left by a process that died is removed.
    const since = statSync(guard, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > 10_000) rmSync(guard, { force: true });
    pause(10);
    return;
  }
  try {
    const now = readLock(file);
    if (JSON.stringify(now) === JSON.stringify(seen)) rmSync(file, { force: true });
  } finally {
    closeSync(fd);
    rmSync(guard, { force: true });
  }
}

function removeIfOurs(file: string): void {
  const lock = readLock(file);
  if (lock?.pid === process.pid && lock.host === hostname()) rmSync(file, { force: true });
}
