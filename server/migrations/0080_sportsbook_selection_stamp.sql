-- 0080: a selection's stamp (issue 7, bench/place). Adds sportsbook_selection_stamp(): the text of
-- every field of an outcome, its market and its game that pricing a coupon reads, so a placement
-- can price from a plain read and have one database call check that nothing it priced from has
-- changed; and sportsbook_selections_unchanged(), which takes the markets of the outcomes FOR SHARE
-- in id order (a suspension or result then waits for the caller's commit) and answers whether
-- every outcome still has the stamp the caller priced from.
create function sportsbook_selection_stamp(o outcomes, m markets, g games) returns text
language sql stable as $$
  select (o.odds_milli, o.state, m.id, m.state, m.type_id, m.is_live, m.version, g.id, g.sport_id,
          g.status, g.finished_at, g.clock_running, g.score_home, g.score_away)::text
$$;

-- plpgsql, so its one statement is planned once per connection, not at every call.
create function sportsbook_selections_unchanged(p_outcome_ids bigint[], p_stamps text[]) returns boolean
language plpgsql as $$
begin
  return (
    select count(distinct s.id) = (select count(distinct u.id) from unnest(p_outcome_ids) as u (id))
    from (
      select x.id, sportsbook_selection_stamp(o, m, g) = x.stamp as same
      from unnest(p_outcome_ids, p_stamps) as x (id, stamp)
      join outcomes o on o.id = x.id
      join markets m on m.id = o.market_id
      join games g on g.id = m.game_id
      order by m.id
      for share of m
    ) s
    where s.same);
end
$$;
