/**
 * Applies scoreboard events: one UPDATE for the batch, a score message per game on its game and
 * sport topics, and a live-list change when a game enters or leaves the live list.
 */

import { isInLiveList, isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import {
  type AfterCommitMessages,
  gameTopic,
  LIVE_TOPIC,
  type LiveListMessage,
  type ScoreMessage,
  sportTopic,
} from '../events.ts';
import { chunks } from './apply-catalogue.ts';
import { withGames } from './apply-markets.ts';
import type { FeedCache, GameEntry } from './feed-cache.ts';
import type { FeedLive } from './provider.ts';

export async function applyLive(
  db: Kysely<Database>,
  cache: FeedCache,
  out: AfterCommitMessages,
  events: FeedLive[],
  nowMs: number,
) {
  const latest = new Map<number, [GameEntry, FeedLive]>();
  for (const [game, e] of await withGames(db, cache, events)) latest.set(game.id, [game, e]);
  if (latest.size === 0) return;
  const clockAt = new Date(nowMs);
  const versions = new Map<number, number>();
  for (const part of chunks([...latest.values()])) {
    const payload = part.map(([game, e]) => ({
      id: game.id,
      status: e.status,
      period: e.period,
      clock_seconds: e.clockSeconds,
      clock_running: e.clockRunning,
      score_home: e.score[0],
      score_away: e.score[1],
      period_scores: e.periodScores,
      stats: e.stats,
    }));
    const rows = await sql<{ id: number; version: string }>`
      update games as g
      set status = x.status, period = x.period, clock_seconds = x.clock_seconds,
          clock_running = x.clock_running, clock_at = ${clockAt}, score_home = x.score_home,
          score_away = x.score_away, period_scores = x.period_scores, stats = x.stats,
          finished_at = case when x.status in (4, 5) then coalesce(g.finished_at, ${clockAt}) else null end,
          version = g.version + 1, updated_at = ${clockAt}
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(
        id integer, status integer, period integer, clock_seconds integer, clock_running boolean,
        score_home integer, score_away integer, period_scores jsonb, stats jsonb)
      where g.id = x.id
      returning g.id, g.version::text as version`.execute(db);
    for (const r of rows.rows) versions.set(r.id, Number(r.version));
  }
  const list: LiveListMessage = { type: 'live', added: [], removed: [] };
  for (const [game, e] of latest.values()) {
    const message = scoreMessage(game, e, clockAt, versions.get(game.id) ?? 0);
    out.add(gameTopic(game.id), message);
    out.add(sportTopic(game.sportId), message);
    const was = isInLiveList(game.status);
    const is = isInLiveList(e.status);
    if (!was && is) list.added.push({ gameId: game.id, sportId: game.sportId });
    if (was && !is) list.removed.push({ gameId: game.id, sportId: game.sportId });
    game.status = e.status;
  }
  if (list.added.length + list.removed.length > 0) out.add(LIVE_TOPIC, list);
  for (const [game, e] of latest.values()) if (isOverStatus(e.status)) cache.markFinished(game);
}

function scoreMessage(game: GameEntry, e: FeedLive, clockAt: Date, version: number): ScoreMessage {
  return {
    type: 'score',
    gameId: game.id,
    sportId: game.sportId,
    status: e.status,
    period: e.period,
    clockSeconds: e.clockSeconds,
    clockRunning: e.clockRunning,
    clockAt: clockAt.toISOString(),
    score: { home: e.score[0], away: e.score[1] },
    periodScores: e.periodScores,
    stats: e.stats,
    version,
  };
}
