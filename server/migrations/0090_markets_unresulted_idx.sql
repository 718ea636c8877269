-- 0090: the markets still to result (open or suspended), by game (issue 16 item 5). A restarted
-- feed looks for the games that still have some, to result every finished one it missed; the
-- index holds only the line and the games in play, however long the history grows.
create index markets_unresulted_idx on markets (game_id) where state in ('open', 'suspended');
