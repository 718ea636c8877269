-- 0066: operator decisions on verification (`parlay verification approve|reject`). The profile keeps
-- the reason of the last refusal; every change of a player's verification state is queued in
-- verification_events, which the workers role announces to the player over /ws (topic user:<id>)
-- and marks announced, so a decision taken by the command line in another process still reaches
-- the open browser.
alter table verification_profiles add column decision_reason text;

create table verification_events (
  id bigserial primary key,
  user_id bigint not null,
  created_at timestamptz not null,
  announced_at timestamptz
);
create index verification_events_pending_idx on verification_events (id) where announced_at is null;
