-- 0252: tournaments score provider rounds too (issue 19). A round counted by a tournament is known
-- by a key unique across the casino's kinds of rounds: in-house:<casino_rounds.id> or
-- provider:<provider>:<round_ref> (a provider's round reference is text, not a number).
alter table tournament_rounds add column round_key text;
update tournament_rounds set round_key = 'in-house:' || round_id;
alter table tournament_rounds alter column round_key set not null;
alter table tournament_rounds drop constraint tournament_rounds_pkey;
alter table tournament_rounds add primary key (tournament_id, round_key);
alter table tournament_rounds drop column round_id;
