-- 0250: player segments for campaign conditions (issue 20). A campaign's conditions.segments names
-- segments; a player is in a segment when a row here says so. The operator fills segments with
-- `parlay bonuses segment-add` (later the back office), e.g. from a CRM export of user ids; a grant
-- reads the player's rows for the campaign's segments under the campaign's lock, so a player added
-- or removed before the grant is seen by it.
create table bonus_segment_members (
  segment text not null check (segment ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  user_id bigint not null,
  added_at timestamptz not null,
  primary key (segment, user_id)
);
create index bonus_segment_members_user_idx on bonus_segment_members (user_id);
