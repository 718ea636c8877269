-- 0335: durable tournament scoring (issue 19, docs/casino-tournaments.md "Durability"). The live
-- scoring (the casino's RoundObserver, after a round's commit) is best-effort: a process killed
-- between a round's commit and its scoring, or a failing scoring statement, loses the score. The
-- tournaments worker now catches up from the finished rounds themselves (in-house casino_rounds by
-- finished_at, provider rounds by closed_at) and counts each eligible round not yet in
-- tournament_rounds. scored_through is the tournament's cursor: every eligible round that finished
-- before it has been counted (null: nothing caught up yet, the scan starts at the tournament's
-- start or creation, whichever is later). The places are fixed only once scored_through >= ends_at.
alter table tournaments add column scored_through timestamptz;

-- The catch-up scans closed provider rounds by their close time (in-house rounds use the existing
-- dashboard_casino_rounds_finished_idx on casino_rounds (finished_at) where mode = 'real').
create index tournament_provider_rounds_closed_idx on casino_provider_rounds (closed_at)
  where closed_at is not null and staked > 0;
