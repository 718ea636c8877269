-- 0162: share-an-idea of the office (issue 23). Players post ideas, vote once per idea (primary key
-- on idea and player; the count is kept on the idea in the same transaction), and the operator
-- answers an idea (parlay support idea-answer), which every player sees.
create table support_ideas (
  id bigserial primary key,
  user_id bigint not null,
  title text not null check (length(title) between 1 and 120),
  body text not null check (length(body) <= 2000),
  votes integer not null default 0 check (votes >= 0),
  answer text,
  answered_at timestamptz,
  created_at timestamptz not null
);
create index support_ideas_votes_idx on support_ideas (votes desc, id desc);

create table support_idea_votes (
  idea_id bigint not null references support_ideas (id),
  user_id bigint not null,
  created_at timestamptz not null,
  primary key (idea_id, user_id)
);
