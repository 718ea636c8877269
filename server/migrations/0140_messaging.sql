-- 0140: real e-mail and SMS delivery from the outbox (issue 23). A message is rendered when it is
-- written (text, and HTML for e-mail, in the recipient's language); the workers role claims due rows
-- (status sending with a lease), hands them to the provider and marks them sent, or schedules a retry
-- with backoff (next_attempt_at), or gives up (dead). Every attempt is one row of the delivery log.
alter table outbox_messages drop constraint outbox_messages_status_check;
alter table outbox_messages
  add constraint outbox_messages_status_check
  check (status in ('pending', 'sending', 'sent', 'failed', 'dead'));
alter table outbox_messages
  add column lang text not null default 'ru' check (lang ~ '^[a-z]{2}$'),
  add column html text check (length(html) <= 60000),
  add column next_attempt_at timestamptz,
  add column claimed_until timestamptz,
  add column last_error text not null default '' check (length(last_error) <= 1000);
update outbox_messages set next_attempt_at = created_at;
alter table outbox_messages alter column next_attempt_at set not null;
alter table outbox_messages alter column next_attempt_at set default now();
drop index outbox_messages_pending_idx;
create index outbox_messages_due_idx on outbox_messages (next_attempt_at, id)
  where status in ('pending', 'sending');

create table outbox_deliveries (
  id bigint generated always as identity primary key,
  message_id bigint not null references outbox_messages (id) on delete cascade,
  attempt smallint not null check (attempt >= 1),
  provider text not null check (length(provider) <= 40),
  started_at timestamptz not null,
  finished_at timestamptz not null,
  outcome text not null check (outcome in ('sent', 'retry', 'dead', 'abandoned')),
  provider_answer text not null default '' check (length(provider_answer) <= 1000),
  error text not null default '' check (length(error) <= 1000)
);
create index outbox_deliveries_message_idx on outbox_deliveries (message_id, id);
