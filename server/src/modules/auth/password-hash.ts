/**
 * Password hashes: argon2id (node:crypto) with OWASP's parameters (19 MiB, 2 passes, 1 lane),
 * stored as PHC strings ($argon2id$v=19$m=19456,t=2,p=1$salt$hash). Verifying an unknown account
 * runs against a dummy hash with the same parameters, so both cost the same time.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

const MEMORY_KIB = 19_456;
const PASSES = 2;
const PARALLELISM = 1;
const TAG_LENGTH = 32;
const SALT_LENGTH = 16;

interface Argon2Params {
  memory: number;
  passes: number;
  parallelism: number;
}

function derive(password: string, salt: Buffer, params: Argon2Params, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      { message: Buffer.from(password, 'utf8'), nonce: salt, tagLength, ...params },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = { memory: MEMORY_KIB, passes: PASSES, parallelism: PARALLELISM };
  const hash = await derive(password, salt, params, TAG_LENGTH);
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${salt.toString('base64').replace(/=+$/, '')}$${hash.toString('base64').replace(/=+$/, '')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const params = { memory: Number(match[1]), passes: Number(match[2]), parallelism: Number(match[3]) };
  const expected = Buffer.from(match[5]!, 'base64');
  const actual = await derive(password, Buffer.from(match[4]!, 'base64'), params, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | null = null;

/** Spends the time of one verification and answers false: for accounts that do not exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}
