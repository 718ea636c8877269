-- 0355: auth_session_check, the session read (auth-service.ts resolve) as a function that a
-- money-moving statement calls first, so a signed-in request's round or bet is one statement
-- (docs/auth.md "A session checked inside the statement that uses it"). The application has already
-- verified the token's signature and expiry (CPU only) and passes the session id and user id it
-- names, the request's time and the terms in force (null when confirmation is off or none were
-- published). Answers 'ok', or why the session does not let the request through, as the read:
--   'unknown'  no session row of that id for that user (forged ids, another user's session);
--   'revoked'  the session was ended (logout, revocation from the office);
--   'ended'    the session belongs to an earlier session epoch of the user (a password change, a
--              self-exclusion or "end my other sessions" moved the epoch: migration 0088);
--   'expired'  the session's own end has passed;
--   'terms'    the user has not accepted the terms in force (a state-changing call answers 451).
-- Like the read, it writes last_seen_at at most once a minute per session (TOUCH_INTERVAL_MS) and
-- takes no lock: a revocation committed before the statement starts refuses it.
create or replace function auth_session_check(p_session text, p_user bigint, p_at timestamptz, p_terms_at timestamptz)
returns text
language plpgsql as $$
declare
  v record;
begin
  select s.revoked_at, s.expires_at, s.last_seen_at, s.user_epoch, u.session_epoch, u.terms_accepted_at into v
  from auth_sessions s join users u on u.id = s.user_id
  where s.id = p_session and s.user_id = p_user;
  if not found then
    return 'unknown';
  end if;
  if v.revoked_at is not null then
    return 'revoked';
  end if;
  if v.user_epoch <> v.session_epoch then
    return 'ended';
  end if;
  if p_at >= v.expires_at then
    return 'expired';
  end if;
  if p_terms_at is not null and (v.terms_accepted_at is null or v.terms_accepted_at < p_terms_at) then
    return 'terms';
  end if;
  if p_at - v.last_seen_at > interval '60 seconds' then
    update auth_sessions set last_seen_at = p_at where id = p_session;
  end if;
  return 'ok';
end
$$;
