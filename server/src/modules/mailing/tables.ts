export interface MailingTables {
  mailing_preferences: {
    user_id: bigint;
    email_news: boolean;
    sms_news: boolean;
    promo_offers: boolean;
    marketing_consent: boolean;
    unsubscribed_at: Date | null;
    updated_at: Date;
  };
}
