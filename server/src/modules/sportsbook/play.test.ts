import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { drawTimeline } from '@parlay/domain/sportsbook/match-timeline.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../platform/clock.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { matchRng, scheduledGameOf } from './feed/simulator/schedule.ts';
import { buildWorld } from './feed/simulator/world.ts';
import { getApi, SIMULATED_START_MS as NOW, simulatedCatalogueApp } from './test-support.ts';

interface PlayEvent {
  id: string;
  type: string;
  side: 'home' | 'away' | null;
  period: number;
  clockSeconds: number;
}

describe('a game’s play-by-play (GET /games/:id/play)', () => {
  let t: TestApp;
  const get = (url: string) => getApi(t, url);
  const world = buildWorld(285);

  beforeAll(async () => {
    t = await simulatedCatalogueApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const liveGames = (sportId: number) =>
    t.deps.db.db
      .selectFrom('games as g')
      .select(['g.id', 'g.ref', 'g.score_home', 'g.score_away', 'g.stats', 'g.period'])
      .where('g.sport_id', '=', sportId)
      .where('g.status', 'in', [GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK])
      .orderBy('g.id')
      .execute();

  it('agrees with every live scoreboard: each goal so far is in it, with the corners and cards', async () => {
    let goals = 0;
    for (const sportId of [1, 4, 3, 2, 40]) {
      const games = await liveGames(sportId);
      expect(games.length, `live games of sport ${sportId}`).toBeGreaterThan(0);
      for (const g of games) {
        const { status, body } = await get(`/games/${g.id}/play?limit=200`);
        expect(status).toBe(200);
        expect(body.available).toBe(true);
        expect(body.score).toEqual({ home: g.score_home, away: g.score_away });
        if (sportId === 1) {
          expect(body.corners).toEqual(g.stats.corners);
          expect(body.cards).toEqual(g.stats.cards);
          const count = (side: string) =>
            body.events.filter((e: PlayEvent) => e.type === 'goal' && e.side === side).length;
          expect([count('home'), count('away')], `game ${g.id}`).toEqual([g.score_home, g.score_away]);
          goals += g.score_home + g.score_away;
        }
        for (const e of body.events as PlayEvent[]) expect(e.period).toBeLessThanOrEqual(g.period);
      }
    }
    expect(goals, 'some live football goals to compare').toBeGreaterThan(0);
  });

  it('shows no event before it happens, and each one once it has, with the same id', async () => {
    const clock = t.deps.clock as ManualClock;
    // The first live football game with a goal still to come, and that goal's instant.
    const coming = (await liveGames(1)).flatMap((g) => {
      const s = scheduledGameOf(285, world, g.ref)!;
      const timeline = drawTimeline(s.profile, strengthsOf(s.profile, s.home, s.away), matchRng(285, s));
      const goal = timeline.events.find((e) => e.stat === 'score' && s.startAtMs + e.atMs > NOW);
      return goal ? [{ id: g.id, atMs: s.startAtMs + goal.atMs }] : [];
    })[0];
    expect(coming, 'a live game with a goal to come').toBeDefined();
    const url = `/games/${coming!.id}/play?limit=200`;
    const goalsOf = (body: { events: PlayEvent[] }) => body.events.filter((e) => e.type === 'goal').length;
    const before = await get(url);
    clock.advance(coming!.atMs - 1 - clock.nowMs());
    const early = await get(url);
    expect(goalsOf(early.body)).toBe(goalsOf(before.body));
    clock.advance(1);
    const late = await get(url);
    expect(goalsOf(late.body)).toBe(goalsOf(before.body) + 1);
    expect(late.body.events.map((e: PlayEvent) => e.type)).toContain('goal');
    const ids = late.body.events.map((e: PlayEvent) => e.id);
    for (const e of before.body.events as PlayEvent[]) expect(ids).toContain(e.id);
  });

  it('keeps to its limit and refuses bad input with stable codes', async () => {
    const [g] = await liveGames(1);
    const { body } = await get(`/games/${g!.id}/play?limit=3`);
    expect(body.events.length).toBeLessThanOrEqual(3);
    expect((await get('/games/999999/play')).body.error.code).toBe('GAME_NOT_FOUND');
    for (const url of ['/games/abc/play', `/games/${g!.id}/play?limit=0`, `/games/${g!.id}/play?limit=201`]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});
