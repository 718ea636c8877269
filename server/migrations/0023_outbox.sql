-- 0023: the outbox of SMS and e-mail messages: written in the same transaction as what caused them,
-- delivered by a provider when one is configured, shown on the development inbox otherwise.
create table outbox_messages (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null check (length(recipient) between 3 and 254),
  subject text not null default '' check (length(subject) <= 300),
  body text not null check (length(body) <= 20000),
  template text not null check (length(template) <= 60),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts smallint not null default 0,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_messages_pending_idx on outbox_messages (created_at) where status = 'pending';
create index outbox_messages_recipient_idx on outbox_messages (recipient, created_at desc);
