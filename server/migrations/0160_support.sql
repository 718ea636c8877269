-- 0160: support requests of the personal office (issue 23). A request has a topic, a status
-- (open: waiting for the operator, answered: the operator wrote last, closed) and, once closed, one
-- rating. Messages go both ways; a message may carry one attachment kept through the storage
-- interface (the key only is stored here). announce_seq counts operator actions; the workers role
-- publishes user:<id> for every request whose announced_seq lags behind (at least once).
create table support_requests (
  id bigserial primary key,
  user_id bigint not null,
  topic text not null,
  subject text not null check (length(subject) between 1 and 200),
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  rating smallint check (rating between 1 and 5),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  announce_seq integer not null default 0,
  announced_seq integer not null default 0
);
create index support_requests_user_idx on support_requests (user_id, updated_at desc);
create index support_requests_unannounced_idx on support_requests (id) where announce_seq > announced_seq;

create table support_messages (
  id bigserial primary key,
  request_id bigint not null references support_requests (id),
  author text not null check (author in ('player', 'operator')),
  body text not null check (length(body) <= 4000),
  attachment_key text,
  attachment_type text,
  attachment_size integer,
  attachment_name text,
  created_at timestamptz not null
);
create index support_messages_request_idx on support_messages (request_id, id);
