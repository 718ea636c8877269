-- Bet builder (issue 26): a same-game combination priced from the joint model of the match is one
-- bet of coupon type 20, its legs in bet_legs, its price in bets.coef_milli, settled together
-- (domain/coupon/bet-builder.ts). The coupon type check gains 20.
alter table bets drop constraint if exists bets_type_id_check;
alter table bets add constraint bets_type_id_check check (type_id in (0, 1, 2, 4, 20, 10001));
