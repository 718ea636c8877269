-- 0260: the back office's trading desk (issue 24). An operator's suspension is markets.suspended_by
-- = 'operator', which the feed's batches leave alone until an operator resumes the market. A price
-- override keeps the feed's own price in outcomes.feed_odds_milli (null: no override), so the feed
-- keeps it current while players see the operator's price, and clearing restores it. A market's
-- maximum stake (minor units of the bet's currency, per bet) is markets.max_stake_minor. A voided
-- leg (bet_legs.void_reason) settles as void whatever its outcome's result. Operators' /ws topics
-- (operator:…) open with a short-lived ticket bound to an active back-office session.
alter table outcomes add column feed_odds_milli integer;
alter table markets add column max_stake_minor bigint check (max_stake_minor > 0);
alter table bet_legs add column void_reason text;

create table backoffice_live_tickets (
  token_hash text primary key,
  session_id bigint not null references backoffice_sessions (id),
  expires_at timestamptz not null
);
create index backoffice_live_tickets_expiry_idx on backoffice_live_tickets (expires_at);
