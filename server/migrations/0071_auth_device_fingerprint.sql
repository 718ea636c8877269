-- 0071: the device fingerprint a sign-in or registration carried (the visitor id of the fingerprint
-- provider's verified token), kept on the session row; null when none came or it did not verify.
alter table auth_sessions
  add column device_fingerprint text check (length(device_fingerprint) between 8 and 128),
  add column fingerprint_status text not null default 'missing'
    check (fingerprint_status in ('ok', 'missing', 'invalid'));
