/**
 * Mailing preferences: read and change (any subset), the signed one-click unsubscribe link and its
 * redemption, and the check a newsletter sender asks (`mayReceive`).
 *
 * The link's signature is base64url(HMAC-SHA256(key, "stopnewsletter:<userId>")); the key is
 * NEWSLETTER_SECRET when set, else a random key kept with the auth keys in the database (shared by
 * every process) — never a default written in the code. The link never expires (a newsletter read
 * a year later must still unsubscribe) and only ever turns newsletters off, so replaying it is harmless.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export interface MailingPreferences {
  emailNews: boolean;
  smsNews: boolean;
  promoOffers: boolean;
  marketingConsent: boolean;
  unsubscribedAt: string | null;
}

export const DEFAULT_PREFERENCES: MailingPreferences = {
  emailNews: true,
  smsNews: false,
  promoOffers: true,
  marketingConsent: false,
  unsubscribedAt: null,
};

export type PreferenceChange = Partial<Omit<MailingPreferences, 'unsubscribedAt'>>;

export class MailingService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #key: () => Promise<Buffer | string>;

  constructor(db: Kysely<Database>, clock: Clock, key: () => Promise<Buffer | string>) {
    this.#db = db;
    this.#clock = clock;
    this.#key = key;
  }

  async get(userId: bigint): Promise<MailingPreferences> {
    const row = await this.#db
      .selectFrom('mailing_preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_PREFERENCES };
    return {
      emailNews: row.email_news,
      smsNews: row.sms_news,
      promoOffers: row.promo_offers,
      marketingConsent: row.marketing_consent,
      unsubscribedAt: row.unsubscribed_at?.toISOString() ?? null,
    };
  }

  async set(userId: bigint, change: PreferenceChange): Promise<MailingPreferences> {
    const current = await this.get(userId);
    const next = { ...current, ...change };
    const values = {
      email_news: next.emailNews,
      sms_news: next.smsNews,
      promo_offers: next.promoOffers,
      marketing_consent: next.marketingConsent,
      updated_at: this.#clock.now(),
    };
    await this.#db
      .insertInto('mailing_preferences')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return this.get(userId);
  }

  async #sign(userId: bigint): Promise<string> {
    return createHmac('sha256', await this.#key())
      .update(`stopnewsletter:${userId}`)
      .digest('base64url');
  }

  /** The one-click link of a newsletter to `userId` (page address; the API takes the same u and s). */
  async unsubscribeLink(origin: string, lng: string, userId: bigint): Promise<string> {
    return `${origin}/${lng}/user/stopnewsletter?u=${userId}&s=${await this.#sign(userId)}`;
  }

  /** Turns every newsletter off for the link's player; MAILING_LINK_INVALID for a forged link. */
  async unsubscribe(userText: string, signature: string): Promise<void> {
    if (!/^\d{1,18}$/.test(userText)) throw new AppError('MAILING_LINK_INVALID');
    const userId = BigInt(userText);
    const expected = Buffer.from(await this.#sign(userId));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('MAILING_LINK_INVALID');
    const now = this.#clock.now();
    const off = { email_news: false, sms_news: false, promo_offers: false, updated_at: now };
    await this.#db
      .insertInto('mailing_preferences')
      .values({ user_id: userId, ...off, marketing_consent: false, unsubscribed_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          ...off,
          unsubscribed_at: eb.fn.coalesce('mailing_preferences.unsubscribed_at', eb.val(now)),
        })),
      )
      .execute();
  }

  /** Whether a newsletter of `channel` may go to the player (their choice and marketing consent). */
  async mayReceive(userId: bigint, channel: 'email' | 'sms' | 'promo'): Promise<boolean> {
    const p = await this.get(userId);
    if (!p.marketingConsent && channel === 'promo') return false;
    return channel === 'email' ? p.emailNews : channel === 'sms' ? p.smsNews : p.promoOffers;
  }
}
