/**
 * bench:dieharder — the provably fair byte stream through `dieharder -a -g 200` (raw bytes on stdin).
 *
 * The stream is the one rounds read: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`)
 * with a fixed server and client seed, nonces 0, 1, 2, … and, for each nonce, cursors 0 …
 * BLOCKS_PER_NONCE − 1 (a round that reads that many blocks), concatenated. The bytes come from the
 * rounds' own pure-TypeScript FairByteStream (measured here faster than node:crypto's createHmac,
 * ~230,000 blocks/s against ~66,000, because it keeps the key's padded states); node:crypto's HMAC
 * is only used to check its first 10,000 blocks. The whole suite wants far more bytes than one core
 * makes in the time limit (dieharder rewinds nothing on stdin: it just waits for more).
 *
 * A full `-a` wants on the order of 100 GB, so where a C compiler and OpenSSL's headers are present
 * (Debian: gcc, libssl-dev) the stream comes from bench/native/hmac-stream.c instead — the same
 * function (HMAC-SHA256 of the same messages), about 20 times faster, piped straight into dieharder —
 * after its first 10,000 blocks are checked equal to FairByteStream's. DIEHARDER_STREAM=ts forces
 * the TypeScript stream.
 *
 * DIEHARDER_SECONDS (default 2,400) stops the run and prints the summary of the tests that finished
 * by then; DIEHARDER_ARGS replaces `-a` (e.g. "-d 0" for one test). Needs the Debian package
 * `dieharder` (apt-get install -y dieharder).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';

const SERVER_SEED = '3c'.repeat(16) + 'a5'.repeat(16);
const CLIENT_SEED = 'dieharder';
const BLOCKS_PER_NONCE = 16;
const CHECKED_BLOCKS = 10_000;
const SECONDS = Number(process.env.DIEHARDER_SECONDS ?? 2400);
const ARGS = (process.env.DIEHARDER_ARGS ?? '-a').split(/\s+/).filter(Boolean);

const key = Buffer.from(SERVER_SEED, 'utf8');

function nodeBlock(nonce: number, cursor: number): Buffer {
  return createHmac('sha256', key).update(`${CLIENT_SEED}:${nonce}:${cursor}`, 'utf8').digest();
}

/** Throws at the first block where node:crypto differs from the round's own FairByteStream. */
function crossCheck(): void {
  for (let nonce = 0; nonce * BLOCKS_PER_NONCE < CHECKED_BLOCKS; nonce += 1) {
    const stream = new FairByteStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
    for (let cursor = 0; cursor < BLOCKS_PER_NONCE; cursor += 1) {
      const expected = nodeBlock(nonce, cursor);
      for (let i = 0; i < 32; i += 1) {
        if (stream.nextByte() !== expected[i])
          throw new Error(`node:crypto differs at nonce ${nonce} cursor ${cursor}`);
      }
    }
  }
}

/**
 * The native stream's binary, compiled into node_modules/.cache, once its first CHECKED_BLOCKS
 * blocks equal FairByteStream's; null where it cannot be built (or DIEHARDER_STREAM=ts).
 */
function nativeStream(): string | null {
  if (process.env.DIEHARDER_STREAM === 'ts') return null;
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.join(root, 'node_modules/.cache/parlay-bench');
  mkdirSync(dir, { recursive: true });
  const binary = path.join(dir, 'hmac-stream');
  const source = path.join(root, 'bench/native/hmac-stream.c');
  const built = spawnSync('cc', ['-O2', '-o', binary, source, '-lcrypto'], { encoding: 'utf8' });
  if (built.status !== 0) {
    console.log(`(no native stream: ${built.error?.message ?? built.stderr.trim().split('\n')[0]})`);
    return null;
  }
  const head = spawnSync(
    binary,
    [SERVER_SEED, CLIENT_SEED, String(BLOCKS_PER_NONCE), String(CHECKED_BLOCKS)],
    {
      maxBuffer: CHECKED_BLOCKS * 32 + 1024,
    },
  );
  const bytes = head.stdout;
  for (let nonce = 0; nonce * BLOCKS_PER_NONCE < CHECKED_BLOCKS; nonce += 1) {
    const stream = new FairByteStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
    for (let cursor = 0; cursor < BLOCKS_PER_NONCE; cursor += 1) {
      const at = (nonce * BLOCKS_PER_NONCE + cursor) * 32;
      if (Buffer.compare(Buffer.from(stream.block(cursor)), bytes.subarray(at, at + 32)) !== 0)
        throw new Error(`the native stream differs at nonce ${nonce} cursor ${cursor}`);
    }
  }
  console.log(
    `native stream equals FairByteStream on the first ${CHECKED_BLOCKS.toLocaleString('en')} blocks`,
  );
  return binary;
}

crossCheck();
console.log(
  `node:crypto HMAC equals FairByteStream on the first ${CHECKED_BLOCKS.toLocaleString('en')} blocks`,
);
const native = nativeStream();
console.log(
  `dieharder ${ARGS.join(' ')} -g 200, server seed ${SERVER_SEED}, client seed "${CLIENT_SEED}", ${BLOCKS_PER_NONCE} blocks per nonce, ${native ? 'native' : 'TypeScript'} stream, limit ${SECONDS} s\n`,
);

let generator: ChildProcess | null = null;
let nativeBytes = 0;
if (native) {
  generator = spawn(native, [SERVER_SEED, CLIENT_SEED, String(BLOCKS_PER_NONCE)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  generator.stderr?.setEncoding('utf8');
  generator.stderr?.on('data', (text: string) => {
    const written = /(\d+) bytes written/.exec(text)?.[1];
    if (written) nativeBytes = Number(written);
  });
}
const dieharder = spawn('dieharder', [...ARGS, '-g', '200'], {
  stdio: [generator?.stdout ?? 'pipe', 'pipe', 'inherit'],
});
// dieharder holds its own copy of the pipe: this process's copy must close, or the generator never
// sees its reader go away (and this process might read the stream itself).
generator?.stdout?.destroy();
const counts = { PASSED: 0, WEAK: 0, FAILED: 0 };
let pending = '';
const report = dieharder.stdout;
if (!report) throw new Error('dieharder has no stdout');
report.setEncoding('utf8');
report.on('data', (chunk: string) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    console.log(line);
    const verdict = /\|\s*(PASSED|WEAK|FAILED)\s*$/.exec(line)?.[1] as keyof typeof counts | undefined;
    if (verdict) counts[verdict] += 1;
  }
});

const started = performance.now();
let bytes = 0;
let stopped = false;
dieharder.stdin?.on('error', () => {
  stopped = true; // dieharder closed its input (finished or killed)
});
const timer = setTimeout(() => {
  console.log(`\n(time limit of ${SECONDS} s reached: stopping dieharder)`);
  dieharder.kill('SIGTERM');
}, SECONDS * 1000);

async function feed(): Promise<void> {
  const chunkNonces = 256;
  for (let nonce = 0; !stopped; nonce += chunkNonces) {
    const chunk = Buffer.allocUnsafe(chunkNonces * BLOCKS_PER_NONCE * 32);
    let offset = 0;
    for (let n = nonce; n < nonce + chunkNonces; n += 1) {
      const stream = new FairByteStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: n });
      for (let cursor = 0; cursor < BLOCKS_PER_NONCE; cursor += 1) {
        chunk.set(stream.block(cursor), offset);
        offset += 32;
      }
    }
    bytes += chunk.length;
    if (!dieharder.stdin?.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        dieharder.stdin?.once('drain', done);
        dieharder.once('exit', done);
      });
    }
  }
}

dieharder.on('exit', async () => {
  stopped = true;
  clearTimeout(timer);
  if (pending) console.log(pending);
  const seconds = (performance.now() - started) / 1000;
  if (generator) {
    // The generator notices its closed output at its next write and says how much it wrote.
    await new Promise((resolve) =>
      generator.exitCode === null ? generator.once('exit', resolve) : resolve(null),
    );
    bytes = nativeBytes;
  }
  console.log(
    `\nsummary: ${counts.PASSED} PASSED, ${counts.WEAK} WEAK, ${counts.FAILED} FAILED — ${(bytes / 1e9).toFixed(2)} GB of HMAC stream in ${Math.round(seconds)} s (${(bytes / 1e6 / seconds).toFixed(1)} MB/s)`,
  );
  process.exit(0);
});

if (!generator) await feed();
