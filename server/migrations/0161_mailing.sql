-- 0161: the player's mailing preferences of the office settings (issue 23): which newsletters they
-- take (e-mail news, SMS news, promotional offers) and their marketing consent. No row = defaults
-- (e-mail news and offers on, SMS off, no marketing consent). A signed one-click link
-- (/user/stopnewsletter, List-Unsubscribe) turns every newsletter off and stamps unsubscribed_at.
create table mailing_preferences (
  user_id bigint primary key,
  email_news boolean not null,
  sms_news boolean not null,
  promo_offers boolean not null,
  marketing_consent boolean not null,
  unsubscribed_at timestamptz,
  updated_at timestamptz not null
);
