-- 0032: verification (KYC). Each player's verification state (the user config fields
-- verification_status, user_status_id, verification_status_group_code, requested_additional_document)
-- and the documents they uploaded: type, state, and the stored files (keys of the document storage,
-- never served to anyone but their owner).
create table verification_profiles (
  user_id bigint primary key,
  -- 1 not verified, 2 verified (coupon-accounts §4: 1 means not verified).
  verification_status smallint not null default 1 check (verification_status in (1, 2)),
  -- 0 nothing pending, 1 pending verification (documents under review).
  user_status_id smallint not null default 0 check (user_status_id in (0, 1)),
  verification_status_group_code text not null default 'not_verified'
    check (verification_status_group_code in ('not_verified', 'pending', 'verified', 'rejected', 'additional_document')),
  requested_additional_document boolean not null default false,
  updated_at timestamptz not null
);

create table verification_documents (
  id bigserial primary key,
  user_id bigint not null,
  document_type text not null check (document_type in ('passport', 'id_card', 'driver_license', 'selfie', 'proof_of_address', 'payment_card')),
  state text not null default 'pending' check (state in ('pending', 'accepted', 'rejected')),
  files jsonb not null default '[]',
  comment text,
  created_at timestamptz not null,
  reviewed_at timestamptz
);
create index verification_documents_user on verification_documents (user_id, id desc);
