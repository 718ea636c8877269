-- 0075: favourite games and championships of signed-in players (issue 6, site-shell §2 favourites).
-- One row per player and target; target_id is a games.id or champs.id by kind. No foreign keys to
-- users (another module's table) or to games (a finished game's row may go; its favourite then
-- simply lists nothing). Each player keeps at most 200 per kind (the API drops the oldest).
create table sportsbook_favorites (
  user_id bigint not null,
  kind text not null check (kind in ('game', 'champ')),
  target_id integer not null check (target_id > 0),
  created_at timestamptz not null,
  primary key (user_id, kind, target_id)
);
create index sportsbook_favorites_age_idx on sportsbook_favorites (user_id, kind, created_at);
