-- 0131: the toto pays a draw's winners in batches ordered by account (one ledger transfer per
-- account and batch instead of one per coupon), so the unpaid winners' index follows that order.
drop index toto_coupons_unpaid;
create index toto_coupons_unpaid on toto_coupons (draw_id, account_id, id) where payout_minor > 0 and paid_at is null;
