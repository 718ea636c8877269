/**
 * Operators' password hashes: scrypt (node:crypto; N = 2^14, r = 8, p = 1, 16 MiB), stored as
 * $scrypt$N=…,r=…,p=…$salt$hash. The auth module keeps its argon2id helper to itself (it is not
 * on its front door), so operators get their own. An unknown login is verified against a dummy
 * hash, so both answers cost the same time. Operators' passwords are generated, never chosen.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const COST = 16_384;
const BLOCK = 8;
const PARALLEL = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashOperatorPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST, BLOCK, PARALLEL, KEY_LENGTH);
  return `$scrypt$N=${COST},r=${BLOCK},p=${PARALLEL}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

const FORMAT = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

export async function verifyOperatorPassword(password: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64url');
  const salt = Buffer.from(m[4]!, 'base64url');
  const actual = await derive(password, salt, Number(m[1]), Number(m[2]), Number(m[3]), expected.length);
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | null = null;

/** Spends one verification's time and answers false: for a login that does not exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashOperatorPassword(randomBytes(16).toString('hex'));
  await verifyOperatorPassword(password, await dummy);
  return false;
}

/** A generated one-time password: 20 characters of base64url (120 bits). */
export function newOperatorPassword(): string {
  return randomBytes(15).toString('base64url');
}
