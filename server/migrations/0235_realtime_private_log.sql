-- The durable log of private events (server/src/platform/private-log.ts): every message published on
-- a player's topic user:<id>, numbered, so a WebSocket client that reconnects to any process is sent
-- what it missed after the last offset it saw. Rows older than a day are pruned by the workers.
create table realtime_private_log (
  id bigint generated always as identity primary key,
  topic text not null,
  message jsonb not null,
  created_at timestamptz not null default now()
);

create index realtime_private_log_topic_id on realtime_private_log (topic, id);
create index realtime_private_log_created_at on realtime_private_log (created_at);
