/**
 * The self-hosted captcha: image challenges (a small sum drawn as distorted SVG) and proof-of-work
 * challenges (find a nonce so that SHA-256 of "challenge:nonce" starts with N zero bits; the browser
 * spends about a second, a bot farm pays per attempt). Challenges live in the database so any process
 * can check what another issued; each is answered once.
 *
 * A protected call carries the answer in the x-captcha header as "<challenge id>:<answer>".
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CAPTCHA_ERROR_CODES,
  type CaptchaErrorCode,
  type CaptchaType,
  captchaRequiredCode,
  captchaSatisfies,
  hasLeadingZeroBits,
} from '@parlay/domain/auth/attempt-policy.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { drawSum } from './draw-sum.ts';

export const CAPTCHA_HEADER = 'x-captcha';
export const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const MAX_ANSWER_LENGTH = 64;
/** The image challenge is "a + b = ?" with a ≤ 19 and b ≤ 9. */
const MAX_FIRST_TERM = 19;
const MAX_SECOND_TERM = 9;
const MAX_IMAGE_ANSWER = MAX_FIRST_TERM + MAX_SECOND_TERM;

export interface ImageChallenge {
  id: string;
  type: 'image';
  /** SVG document. */
  image: string;
  expiresAt: string;
}

export interface PowChallenge {
  id: string;
  type: 'pow';
  /** Find nonce: SHA-256(challenge + ':' + nonce) starts with `bits` zero bits. */
  challenge: string;
  bits: number;
  /** Server time (ms since the epoch) the challenge was made. */
  time: number;
  expiresAt: string;
}

export interface ValidationResult {
  success: boolean;
  type: CaptchaType | null;
  time: number;
  error_message: string | null;
}

const hashAnswer = (id: string, answer: string): string =>
  createHash('sha256').update(`${id}:${answer.trim()}`).digest('hex');

export class CaptchaService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #powBits: number;

  constructor(db: Kysely<Database>, clock: Clock, powBits: number) {
    this.#db = db;
    this.#clock = clock;
    this.#powBits = powBits;
  }

  async createImage(): Promise<ImageChallenge> {
    const id = randomBytes(16).toString('base64url');
    const a = randomInt(2, MAX_FIRST_TERM + 1);
    const b = randomInt(1, MAX_SECOND_TERM + 1);
    const expires = new Date(this.#clock.nowMs() + CHALLENGE_TTL_MS);
    await this.#db
      .insertInto('captcha_challenges')
      .values({ id, type: 'image', answer_hash: hashAnswer(id, String(a + b)), expires_at: expires })
      .execute();
    return { id, type: 'image', image: drawSum(a, b), expiresAt: expires.toISOString() };
  }

  async createPow(): Promise<PowChallenge> {
    const id = randomBytes(16).toString('base64url');
    const now = this.#clock.nowMs();
    const expires = new Date(now + CHALLENGE_TTL_MS);
    await this.#db
      .insertInto('captcha_challenges')
      .values({ id, type: 'pow', pow_bits: this.#powBits, expires_at: expires })
      .execute();
    return {
      id,
      type: 'pow',
      challenge: id,
      bits: this.#powBits,
      time: now,
      expiresAt: expires.toISOString(),
    };
  }

  /** Checks an answer without using the challenge up; a right answer can then be sent once. */
  async validate(id: string, answer: string): Promise<ValidationResult> {
    const time = this.#clock.nowMs();
    const outcome = await this.#check(id, answer, false);
    if (outcome.ok) return { success: true, type: outcome.type, time, error_message: null };
    const messages: Record<number, string> = {
      [CAPTCHA_ERROR_CODES.wrongAnswer]: 'wrong answer',
      [CAPTCHA_ERROR_CODES.expired]: 'unknown, expired or used challenge',
    };
    return { success: false, type: outcome.type, time, error_message: messages[outcome.code] ?? 'invalid' };
  }

  /**
   * Uses up the challenge named in the x-captcha header, which must be of the required type (or
   * stronger). Throws CAPTCHA_REQUIRED with details.errorCode 100/113 (none sent), 111 (wrong
   * answer) or 112 (unknown, expired or used).
   */
  async redeem(header: string | undefined, required: CaptchaType): Promise<void> {
    if (!header) throw captchaError(captchaRequiredCode(required), required);
    const cut = header.indexOf(':');
    const id = cut > 0 ? header.slice(0, cut) : header;
    const answer = cut > 0 ? header.slice(cut + 1) : '';
    const outcome = await this.#check(id, answer, true);
    if (!outcome.ok) throw captchaError(outcome.code, required);
    if (!captchaSatisfies(outcome.type, required))
      throw captchaError(captchaRequiredCode(required), required);
  }

  async #check(
    id: string,
    answer: string,
    consume: boolean,
  ): Promise<
    { ok: true; type: CaptchaType } | { ok: false; code: CaptchaErrorCode; type: CaptchaType | null }
  > {
    const expired = { ok: false as const, code: CAPTCHA_ERROR_CODES.expired, type: null };
    if (id.length < 16 || id.length > 64 || answer.length > MAX_ANSWER_LENGTH) return expired;
    const now = this.#clock.now();
    const row = await this.#db
      .selectFrom('captcha_challenges')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now || row.attempts >= MAX_ATTEMPTS) {
      return { ...expired, type: row?.type ?? null };
    }
    if (!this.#isRight(row, answer)) {
      await this.#db
        .updateTable('captcha_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
      return { ok: false, code: CAPTCHA_ERROR_CODES.wrongAnswer, type: row.type };
    }
    const update = this.#db
      .updateTable('captcha_challenges')
      .set(consume ? { used_at: now, solved_at: row.solved_at ?? now } : { solved_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ...expired, type: row.type };
    return { ok: true, type: row.type };
  }

  #isRight(
    row: { id: string; type: CaptchaType; answer_hash: string | null; pow_bits: number | null },
    answer: string,
  ) {
    if (row.type === 'image') {
      const given = Buffer.from(hashAnswer(row.id, answer), 'hex');
      const expected = Buffer.from(row.answer_hash ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    }
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(answer)) return false;
    const digest = createHash('sha256').update(`${row.id}:${answer}`).digest();
    return hasLeadingZeroBits(digest, row.pow_bits ?? 32);
  }

  /**
   * The answer of an open image challenge, for the development tool that lets automated journeys
   * past it (never served without DEV_TOOLS). Only its hash is kept, and a sum is small: the hash of
   * each possible answer is compared.
   */
  async imageAnswer(id: string): Promise<number | null> {
    const row = await this.#db
      .selectFrom('captcha_challenges')
      .select(['answer_hash', 'used_at', 'expires_at'])
      .where('id', '=', id)
      .where('type', '=', 'image')
      .executeTakeFirst();
    if (!row?.answer_hash || row.used_at || row.expires_at <= this.#clock.now()) return null;
    for (let answer = 0; answer <= MAX_IMAGE_ANSWER; answer += 1) {
      if (hashAnswer(id, String(answer)) === row.answer_hash) return answer;
    }
    return null;
  }

  /** Forgets challenges that ended more than an hour ago. */
  async sweep(): Promise<void> {
    await this.#db
      .deleteFrom('captcha_challenges')
      .where('expires_at', '<', new Date(this.#clock.nowMs() - 3_600_000))
      .execute();
  }
}

export function captchaError(errorCode: CaptchaErrorCode, captchaType: CaptchaType): AppError {
  return new AppError('CAPTCHA_REQUIRED', undefined, { errorCode, captchaType });
}

/** Solves a proof-of-work challenge the way a browser would (for tests and tools). */
export function solvePow(challenge: string, bits: number, maxTries = 1 << 26): string {
  for (let nonce = 0; nonce < maxTries; nonce += 1) {
    const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    if (hasLeadingZeroBits(digest, bits)) return String(nonce);
  }
  throw new Error('no nonce found');
}
