-- 0345: the tournaments' catch-up (docs/casino-tournaments.md "Durability", migration 0335) also
-- counts the shared-round games' bets from their rows, by their settlement time: crash bets by their
-- round's settled_at (bets found by crash_bets (round_id, user_id)), TV bets by their own settled_at,
-- bingo purchases by their game's settled_at (purchases by bingo_purchases_game_idx, prizes by
-- bingo_prizes_game_idx). The settled rows had no index on those times.
create index tournament_crash_rounds_settled_idx on crash_rounds (settled_at) where settled_at is not null;
create index tournament_tv_bets_settled_idx on tv_bets (settled_at) where settled_at is not null;
create index tournament_bingo_games_settled_idx on bingo_games (settled_at) where settled_at is not null;
