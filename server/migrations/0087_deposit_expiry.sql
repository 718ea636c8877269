-- 0087: deposits expire (issue 16 item 3). A deposit can be paid until payments.expires_at (the
-- player sees it); one never paid becomes 'expired'. Its deposit-limit count is only a hold until
-- then (limit_usage.holds_until; null = a counted, confirmed movement), so an abandoned deposit
-- stops taking room when it can no longer complete and only confirmed deposits keep counting.
alter table payments add column expires_at timestamptz;
alter table payments drop constraint payments_state_check;
alter table payments add constraint payments_state_check check (state in ('created', 'pending', 'requested',
  'approved', 'processing', 'success', 'failed', 'cancelled', 'rejected', 'expired'));
-- Open deposits made before this migration keep the 24 hours reconciliation used to give them.
update payments set expires_at = created_at + interval '24 hours'
where direction = 'deposit' and state in ('created', 'pending');
create index payments_expiring_idx on payments (expires_at) where state in ('created', 'pending');

alter table limit_usage add column holds_until timestamptz;
update limit_usage u set holds_until = p.expires_at
from payments p
where u.kind = 'deposit' and u.user_id = p.user_id and u.reference = left('deposit:' || p.idempotency_key, 200)
  and p.direction = 'deposit' and p.state in ('created', 'pending');
