-- 0170: bingo rooms and TV games (issue 19). Both are shared scheduled draws run by one engine
-- process at a time (a lease row each). A draw's server seed is created with it and its SHA-256
-- (commitment) is public from then on; the seed is shown once the draw is over.
--
-- Bingo: a game is bought into while 'buying'; at starts_at the engine (one transaction holding
-- the game row exclusively, purchases hold it shared) fixes the outcome from the seed and the cards
-- sold: the balls called, the winners and their prizes (bingo_prizes rows) — status 'running', and
-- ends_at (the ball that closes the full house). The balls are streamed by the clock. A running
-- game past ends_at with settled_at null is the settlement job: every prize paid (ledger key per
-- prize), limits recorded, settled_at set, in one transaction: exactly once.
create table bingo_games (
  id bigserial primary key,
  room text not null,
  variant text not null check (variant in ('75', '90')),
  game integer not null check (game > 0),
  currency text not null,
  card_price_minor bigint not null check (card_price_minor > 0),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  status text not null check (status in ('buying', 'running', 'finished')),
  created_at timestamptz not null,
  starts_at timestamptz not null,
  ball_ms integer not null check (ball_ms > 0),
  cards_sold integer not null default 0 check (cards_sold >= 0),
  sales_minor bigint not null default 0 check (sales_minor >= 0),
  pot_minor bigint not null default 0 check (pot_minor >= 0),
  -- Fixed at the start: the balls called in order (only up to the full house) and the stage wins.
  balls jsonb,
  wins jsonb,
  ends_at timestamptz,
  settled_at timestamptz,
  unique (room, game),
  check ((status = 'finished') = (settled_at is not null)),
  check ((status = 'buying') = (balls is null))
);
create index bingo_games_open_idx on bingo_games (room, id) where settled_at is null;

create table bingo_purchases (
  id bigserial primary key,
  game_id bigint not null references bingo_games (id),
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  cards integer not null check (cards > 0),
  total_minor bigint not null check (total_minor > 0),
  idempotency_key text not null,
  request_hash text not null,
  created_at timestamptz not null,
  unique (user_id, idempotency_key)
);
create index bingo_purchases_game_idx on bingo_purchases (game_id, user_id);

create table bingo_cards (
  id bigserial primary key,
  game_id bigint not null references bingo_games (id),
  purchase_id bigint not null references bingo_purchases (id),
  user_id bigint not null,
  cells jsonb not null
);
create index bingo_cards_game_idx on bingo_cards (game_id, user_id);

create table bingo_prizes (
  id bigserial primary key,
  game_id bigint not null references bingo_games (id),
  card_id bigint not null references bingo_cards (id),
  purchase_id bigint not null references bingo_purchases (id),
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  stage text not null check (stage in ('line', 'two_lines', 'full_house', 'jackpot')),
  ball integer not null check (ball > 0),
  amount_minor bigint not null check (amount_minor > 0),
  paid_at timestamptz,
  unique (card_id, stage)
);
create index bingo_prizes_game_idx on bingo_prizes (game_id);

create table bingo_engine_lease (
  id integer primary key check (id = 1),
  holder text not null,
  expires_at timestamptz not null
);
insert into bingo_engine_lease (id, holder, expires_at) values (1, '', 'epoch');

-- TV games: a draw takes bets while 'open' until closes_at; then the engine draws it (result from
-- the seed), settles every bet (fixed odds, ledger key per bet) and sets settled_at, all in one
-- transaction. The reveal is shown from closes_at for reveal_ms; the next draw opens meanwhile.
create table tv_draws (
  id bigserial primary key,
  game text not null check (game in ('wheel', 'lottery')),
  draw integer not null check (draw > 0),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  status text not null check (status in ('open', 'drawn')),
  created_at timestamptz not null,
  closes_at timestamptz not null,
  result jsonb,
  settled_at timestamptz,
  unique (game, draw),
  check ((status = 'drawn') = (settled_at is not null)),
  check ((status = 'drawn') = (result is not null))
);
create index tv_draws_open_idx on tv_draws (game, id) where settled_at is null;

create table tv_bets (
  id bigserial primary key,
  draw_id bigint not null references tv_draws (id),
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  stake_minor bigint not null check (stake_minor > 0),
  bet jsonb not null,
  odds_centi integer not null check (odds_centi > 100),
  idempotency_key text not null,
  request_hash text not null,
  status text not null check (status in ('open', 'won', 'lost')),
  payout_minor bigint not null default 0 check (payout_minor >= 0),
  created_at timestamptz not null,
  settled_at timestamptz,
  unique (user_id, idempotency_key),
  check ((status = 'open') = (settled_at is null))
);
create index tv_bets_draw_idx on tv_bets (draw_id) where status = 'open';

create table tv_engine_lease (
  id integer primary key check (id = 1),
  holder text not null,
  expires_at timestamptz not null
);
insert into tv_engine_lease (id, holder, expires_at) values (1, '', 'epoch');
