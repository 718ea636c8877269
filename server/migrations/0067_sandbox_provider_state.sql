-- 0067: the sandbox payment provider's own records, as a real provider keeps them on its side: the
-- last status it reached for each payment it knows. `parlay payments reconcile` asks the provider
-- for this state and settles payments whose notification never arrived.
create table sandbox_provider_payments (
  reference text primary key,
  direction text not null check (direction in ('deposit', 'withdrawal')),
  status text not null check (status in ('pending', 'success', 'failed', 'cancelled')),
  amount_minor bigint not null,
  currency text not null,
  reason text,
  updated_at timestamptz not null
);
