-- The dashboard's open liability (betting open-liability.ts, issue 24) reads every open bet's
-- currency, stake and possible win. The older partial indexes each hold one of the two open
-- states, and a query over both (status in (...)) used neither: at 10 million bets it read the
-- whole table (~460 ms of ~660 ms). This one holds exactly the open bets, with the columns the
-- query needs, so it is answered from the index alone; it stays as small as the open book.
create index bets_open_liability_idx on bets (id) include (currency, stake, possible_win)
  where status in ('accepted', 'pending_delay');
