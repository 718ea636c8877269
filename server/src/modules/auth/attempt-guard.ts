/**
 * Rate limits and captcha triggers for login, registration and recovery. Counters are rows keyed by
 * (key, window start) in fixed windows, incremented with one upsert, so every process sees the same
 * counts and a restart forgets nothing. Fixed windows can let up to twice a limit through around a
 * boundary; for these limits (tens of attempts) that is acceptable and costs one row per key and
 * window instead of a row per attempt. A limit whose answer promises a wait (one SMS a minute:
 * "resend after 60 s") uses limitSliding instead: a row per hit, counted over the last window.
 */

import {
  ATTEMPT_WINDOWS_MS,
  type AttemptAction,
  isOverBurst,
  requiredCaptcha,
  windowStartMs,
} from '@parlay/domain/auth/attempt-policy.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { CaptchaService } from '../captcha/index.ts';

const FAILURE_WINDOW_MS: Record<AttemptAction, number> = {
  login: ATTEMPT_WINDOWS_MS.failures,
  registration: ATTEMPT_WINDOWS_MS.hourly,
  recovery: ATTEMPT_WINDOWS_MS.hourly,
};

export interface AttemptSubject {
  ip: string;
  /** The account the attempt is about (normalised login, phone, e-mail), if known. */
  account: string | null;
}

export class AttemptGuard {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #captcha: CaptchaService;

  constructor(db: Kysely<Database>, clock: Clock, captcha: CaptchaService) {
    this.#db = db;
    this.#clock = clock;
    this.#captcha = captcha;
  }

  /** Adds one to a counter and answers the new count in the current window. */
  hit(key: string, windowMs: number): Promise<number> {
    return this.#add(key, this.#window(windowMs));
  }

  /** Adds one to the counter row (key, windowStart); answers its new count. */
  async #add(key: string, windowStart: Date): Promise<number> {
    const row = await this.#db
      .insertInto('auth_counters')
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['key', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb('auth_counters.count', '+', 1) })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async count(key: string, windowMs: number): Promise<number> {
    const row = await this.#db
      .selectFrom('auth_counters')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', this.#window(windowMs))
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  async reset(key: string, windowMs: number): Promise<void> {
    await this.#db
      .deleteFrom('auth_counters')
      .where('key', '=', key)
      .where('window_start', '=', this.#window(windowMs))
      .execute();
  }

  /**
   * Before an attempt: 429 RATE_LIMITED beyond the burst limit of the address, then
   * CAPTCHA_REQUIRED unless the captcha header carries a right answer of the needed type.
   */
  async before(action: AttemptAction, subject: AttemptSubject, captchaHeader: string | undefined) {
    const burst = await this.hit(`${action}:burst:ip:${subject.ip}`, ATTEMPT_WINDOWS_MS.burst);
    if (isOverBurst(action, burst)) {
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: ATTEMPT_WINDOWS_MS.burst / 1000 });
    }
    const windowMs = FAILURE_WINDOW_MS[action];
    const [accountFailures, ipFailures] = await Promise.all([
      subject.account ? this.count(`${action}:fail:acct:${subject.account}`, windowMs) : 0,
      this.count(`${action}:fail:ip:${subject.ip}`, windowMs),
    ]);
    const needed = requiredCaptcha(action, { accountFailures, ipFailures });
    if (needed) await this.#captcha.redeem(captchaHeader, needed);
  }

  /** Records a failed attempt (for registration and recovery: one more done in the hour). */
  async fail(action: AttemptAction, subject: AttemptSubject): Promise<void> {
    const windowMs = FAILURE_WINDOW_MS[action];
    await this.hit(`${action}:fail:ip:${subject.ip}`, windowMs);
    if (subject.account) await this.hit(`${action}:fail:acct:${subject.account}`, windowMs);
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async succeed(action: AttemptAction, account: string): Promise<void> {
    await this.reset(`${action}:fail:acct:${account}`, FAILURE_WINDOW_MS[action]);
  }

  /** 429 when a key was hit more than `limit` times in the window (this hit included). */
  async limit(key: string, windowMs: number, limit: number): Promise<void> {
    const count = await this.hit(key, windowMs);
    if (count > limit) {
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: Math.ceil(windowMs / 1000) });
    }
  }

  /**
   * 429 when a key was hit more than `limit` times in the last windowMs (this hit included), with
   * one row per hit: no boundary to slip two hits through a second apart. A refused hit is taken
   * back, so asking again early never pushes the wait further (two at the same moment may both be
   * refused, never both let through). For small limits only.
   */
  async limitSliding(key: string, windowMs: number, limit: number): Promise<void> {
    const nowMs = this.#clock.nowMs();
    await this.#add(key, new Date(nowMs));
    const row = await this.#db
      .selectFrom('auth_counters')
      .select((eb) => eb.fn.sum<number | string>('count').as('hits'))
      .where('key', '=', key)
      .where('window_start', '>', new Date(nowMs - windowMs))
      .executeTakeFirst();
    if (Number(row?.hits ?? 0) > limit) {
      await this.#db
        .updateTable('auth_counters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('window_start', '=', new Date(nowMs))
        .execute();
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: Math.ceil(windowMs / 1000) });
    }
  }

  #window(windowMs: number): Date {
    return new Date(windowStartMs(this.#clock.nowMs(), windowMs));
  }

  /** Forgets windows older than a day. */
  async sweep(): Promise<void> {
    await this.#db
      .deleteFrom('auth_counters')
      .where('window_start', '<', new Date(this.#clock.nowMs() - 86_400_000))
      .execute();
  }
}
