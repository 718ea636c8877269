-- 0089: payment jobs (issue 16 item 4), an outbox of steps that must happen after a payment's
-- transaction even if the process dies right after it commits. A withdrawal small enough to be
-- approved automatically gets an 'approve_withdrawal' job in the transaction that records it; the
-- request runs the job at once, and the workers role and `parlay payments reconcile` run any left
-- over. A job is done (done_at, outcome) in the same transaction as the approval it makes, so each
-- withdrawal is approved exactly once however often or concurrently jobs are run.
create table payment_jobs (
  id bigserial primary key,
  payment_id bigint not null references payments (id),
  kind text not null check (kind in ('approve_withdrawal')),
  -- Who the approval is recorded as (payments.details.approvedBy).
  approved_by text not null check (length(approved_by) between 1 and 40),
  created_at timestamptz not null,
  done_at timestamptz,
  outcome text,
  unique (payment_id, kind),
  check ((done_at is null) = (outcome is null))
);
create index payment_jobs_open_idx on payment_jobs (id) where done_at is null;
