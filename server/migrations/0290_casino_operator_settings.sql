-- 0290: the back office's casino switches survive the catalogue's refresh (issue 24). `parlay start`
-- and `parlay seed` upsert every in-house game (its popularity and badges with it), and `parlay
-- casino import-provider` a provider's games with their countries: an operator's sort weight,
-- badges and countries would be lost at the next start or import. The casino section writes them
-- here as well, and a trigger lays them over whatever later writes the game's row (the seed, an
-- import), so the catalogue's code needs no change and the operator's word stays until the operator
-- changes it. A column left null is not the operator's: the seed's value stands.
create table casino_game_operator_settings (
  game_id integer primary key references casino_games (id) on delete cascade,
  popularity integer check (popularity between 0 and 1000000),
  badges text[],
  countries_set boolean not null default false,
  allowed_countries text[],
  blocked_countries text[] not null default '{}',
  updated_at timestamptz not null
);

create function casino_games_keep_operator_settings() returns trigger language plpgsql as $$
declare
  s casino_game_operator_settings%rowtype;
begin
  select * into s from casino_game_operator_settings where game_id = new.id;
  if found then
    if s.popularity is not null then new.popularity := s.popularity; end if;
    if s.badges is not null then new.badges := s.badges; end if;
  end if;
  return new;
end
$$;

create trigger casino_games_operator_settings before insert or update on casino_games
  for each row execute function casino_games_keep_operator_settings();

create function casino_provider_games_keep_operator_countries() returns trigger language plpgsql as $$
declare
  s casino_game_operator_settings%rowtype;
begin
  select * into s from casino_game_operator_settings where game_id = new.game_id and countries_set;
  if found then
    new.allowed_countries := s.allowed_countries;
    new.blocked_countries := s.blocked_countries;
  end if;
  return new;
end
$$;

create trigger casino_provider_games_operator_countries before insert or update on casino_provider_games
  for each row execute function casino_provider_games_keep_operator_countries();
