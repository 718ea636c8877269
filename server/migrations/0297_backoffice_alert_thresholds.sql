-- 0297: the thresholds of the four alert rules as settings an admin or compliance operator edits in
-- the back office (one row; amounts in minor units of the player's limit currency). The defaults are
-- the constants alerts.ts had before.
create table backoffice_alert_thresholds (
  id smallint primary key check (id = 1),
  deposits_24h_minor bigint not null default 10000000 check (deposits_24h_minor > 0),
  losses_min_minor bigint not null default 1000000 check (losses_min_minor > 0),
  losses_ratio_percent integer not null default 200 check (losses_ratio_percent between 100 and 10000),
  night_stakes integer not null default 5 check (night_stakes between 1 and 1000),
  loosened_limits integer not null default 1 check (loosened_limits between 1 and 100),
  updated_at timestamptz,
  updated_by text
);
insert into backoffice_alert_thresholds (id) values (1);
