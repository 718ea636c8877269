-- 0065: payment requests (office payment/requests and payment/create-request). A player asks about
-- a payment under a topic (deposits, withdrawals, payment details) and one of its sub-topics,
-- optionally naming one of their payments (the topic's "transactions"). Topics are a catalogue
-- seeded below (labels come from the dictionaries by code); requests are the player's messages.
create table payment_request_topics (
  id serial primary key,
  parent_id integer references payment_request_topics (id),
  code text not null unique check (code ~ '^[a-z][a-z0-9_]{0,39}$'),
  -- Which of the player's payments the topic's transactions page lists (null: none).
  direction text check (direction in ('deposit', 'withdrawal')),
  position integer not null default 0,
  is_enabled boolean not null default true
);

create table payment_requests (
  id bigserial primary key,
  user_id bigint not null,
  topic_id integer not null references payment_request_topics (id),
  subtopic_id integer references payment_request_topics (id),
  payment_id bigint references payments (id),
  message text not null check (length(message) between 1 and 2000),
  state text not null default 'open' check (state in ('open', 'answered', 'closed')),
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, idempotency_key)
);
create index payment_requests_user_idx on payment_requests (user_id, id desc);

insert into payment_request_topics (id, parent_id, code, direction, position) values
  (1, null, 'deposit', 'deposit', 10),
  (2, null, 'withdrawal', 'withdrawal', 20),
  (3, null, 'payment_details', null, 30),
  (11, 1, 'deposit_not_credited', 'deposit', 10),
  (12, 1, 'deposit_wrong_amount', 'deposit', 20),
  (13, 1, 'deposit_refund', 'deposit', 30),
  (21, 2, 'withdrawal_delayed', 'withdrawal', 10),
  (22, 2, 'withdrawal_not_received', 'withdrawal', 20),
  (23, 2, 'withdrawal_rejected', 'withdrawal', 30),
  (31, 3, 'change_details', null, 10),
  (32, 3, 'other_question', null, 20);
select setval(pg_get_serial_sequence('payment_request_topics', 'id'), 100);
