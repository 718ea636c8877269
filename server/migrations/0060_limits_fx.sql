-- 0060: limits counted across currencies. Exchange rates as integer fractions (1 base = num/den
-- quote; set with `parlay fx set`), and each counted movement keeps its amount converted into the
-- player's limit currency at the time of the movement, so a later rate change does not rewrite it.
create table fx_rates (
  base text not null check (base ~ '^[A-Z]{3}$'),
  quote text not null check (quote ~ '^[A-Z]{3}$'),
  rate_num bigint not null check (rate_num > 0),
  rate_den bigint not null check (rate_den > 0),
  updated_at timestamptz not null,
  primary key (base, quote),
  check (base <> quote)
);

alter table limit_usage add column counted_currency text check (counted_currency ~ '^[A-Z]{3}$');
alter table limit_usage add column counted_minor bigint;
update limit_usage set counted_currency = currency, counted_minor = amount_minor;
alter table limit_usage alter column counted_currency set not null;
alter table limit_usage alter column counted_minor set not null;
