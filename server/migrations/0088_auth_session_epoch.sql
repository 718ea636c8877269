-- 0088: a per-user session epoch. Whatever ends every session of a user (a password change or
-- reset, a two-step change, "end other sessions", a self-exclusion, a time-out, the session limit)
-- adds one to users.session_epoch in the same transaction. A session keeps the epoch it was opened
-- in and works only while that is still the user's: a sign-in that read the credentials, or passed
-- the sign-in checks, before the end cannot leave a session behind.
alter table users add column session_epoch integer not null default 0 check (session_epoch >= 0);
alter table auth_sessions add column user_epoch integer not null default 0;
