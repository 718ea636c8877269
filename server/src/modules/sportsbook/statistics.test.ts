import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { PERIOD_TOTAL_SPORTS, POINTS_SPORTS, scorerTally } from '@parlay/domain/sportsbook/squads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { SimulatedHistory } from './feed/simulator/history.ts';
import { readSeasonGames, seasonStartMs } from './season-games.ts';
import { squadReader, tallyGames } from './statistics-scorers.ts';
import { getApi, SIMULATED_START_MS as NOW, simulatedCatalogueApp } from './test-support.ts';

interface Row {
  position: number;
  team: { id: number | null; name: string };
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scoreFor: number;
  scoreAgainst: number;
  points: number;
  form: string[];
}
const sum = (rows: Row[], f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('sportsbook statistics', () => {
  let t: TestApp;
  const get = (url: string) => getApi(t, url);
  const history = new SimulatedHistory(285);

  beforeAll(async () => {
    t = await simulatedCatalogueApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const champOf = async (sportId: number) => {
    const champs = await get(`/champs?sportId=${sportId}&lang=en`);
    return champs.body.data[0] as { id: number; name: string };
  };

  it('a football table adds up: W+D+L = played, goals for = goals against, 3-1-0 points, ordered', async () => {
    const champ = await champOf(1);
    const { status, body } = await get(`/champs/${champ.id}/statistics?lang=en`);
    expect(status).toBe(200);
    const rows: Row[] = body.table;
    expect(rows).toHaveLength(14);
    // The current season of a 14-team double round robin: whole rounds of 7 games so far, each
    // team at most once a round (a round's games may still be under way).
    expect(body.season.games).toBeGreaterThanOrEqual(7);
    expect(Date.parse(body.season.from)).toBeGreaterThan(NOW - 130 * 86_400_000);
    for (const r of rows) expect(r.played).toBeLessThanOrEqual(Math.ceil(body.season.games / 7));
    for (const r of rows) {
      expect(r.won + r.drawn + r.lost, r.team.name).toBe(r.played);
      expect(r.points).toBe(3 * r.won + r.drawn);
      expect(r.team.name).toMatch(/\w/);
    }
    expect(sum(rows, (r) => r.played)).toBe(2 * body.season.games);
    expect(sum(rows, (r) => r.scoreFor)).toBe(sum(rows, (r) => r.scoreAgainst));
    expect(sum(rows, (r) => r.won)).toBe(sum(rows, (r) => r.lost));
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i += 1)
      expect(rows[i - 1]!.points).toBeGreaterThanOrEqual(rows[i]!.points);
  });

  it('the form of every team is its last five results in the champ, newest first', async () => {
    const champ = await champOf(1);
    const { body } = await get(`/champs/${champ.id}/statistics?lang=en`);
    const world = history.world.champsBySport.get(1)!.find((c) => c.names.en === champ.name)!;
    const games = history
      .finishedGames(1, history.seasonStartMs(1, world.ref, NOW)!, NOW)
      .filter((g) => g.champRef === world.ref)
      .sort((a, b) => b.startAtMs - a.startAtMs || (a.ref < b.ref ? -1 : 1));
    for (const row of body.table as Row[]) {
      const team = world.teams.find((x) => x.names.en === row.team.name)!;
      const expected = games
        .filter((g) => g.homeRef === team.ref || g.awayRef === team.ref)
        .slice(0, 5)
        .map((g) => {
          const [own, other] = g.homeRef === team.ref ? g.score : [g.score[1], g.score[0]];
          return own > other ? 'W' : own === other ? 'D' : 'L';
        });
      expect(row.form, row.team.name).toEqual(expected);
    }
  });

  it('the simulated past agrees with the finished games the feed delivered', async () => {
    const delivered = await t.deps.db.db
      .selectFrom('games')
      .select(['ref', 'score_home', 'score_away'])
      .where('sport_id', '=', 1)
      .where('status', '=', GAME_STATUS.FINISHED)
      .execute();
    expect(delivered.length).toBeGreaterThan(20);
    const past = new Map(history.finishedGames(1, seasonStartMs(NOW), NOW).map((g) => [g.ref, g.score]));
    for (const g of delivered) expect(past.get(g.ref), g.ref).toEqual([g.score_home, g.score_away]);
  });

  it('a set sport’s table counts sets and never draws', async () => {
    const champ = await champOf(40);
    const { body } = await get(`/champs/${champ.id}/statistics?lang=ru`);
    const rows: Row[] = body.table;
    expect(body.pointsRule).toEqual({ win: 2, draw: 1, loss: 0 });
    expect(sum(rows, (r) => r.drawn)).toBe(0);
    expect(sum(rows, (r) => r.scoreFor)).toBe(sum(rows, (r) => r.scoreAgainst));
    for (const r of rows) expect(r.won + r.lost).toBe(r.played);
  });

  it('a tennis tournament shows its knockout draw as far as it has been played', async () => {
    const champ = await champOf(2);
    const { status, body } = await get(`/champs/${champ.id}/statistics?lang=en`);
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toMatch(/"(t|g|ch|ko):\d/);
    interface Place {
      team: { name: string };
      seed: number | null;
    }
    interface Match {
      home: Place | null;
      away: Place | null;
      score: { home: number; away: number } | null;
      winner: 'home' | 'away' | null;
    }
    const rounds: { key: string; matches: Match[] }[] = body.draw.rounds;
    expect(rounds.map((r) => r.key)).toEqual(['r32', 'r16', 'qf', 'sf', 'final']);
    expect(rounds.map((r) => r.matches.length)).toEqual([16, 8, 4, 2, 1]);
    const first = rounds[0]!.matches.flatMap((m) => [m.home!, m.away!]);
    expect(new Set(first.map((p) => p.team.name)).size).toBe(32);
    expect(
      first
        .map((p) => p.seed)
        .filter((x) => x !== null)
        .sort((a, b) => a! - b!),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    let finished = 0;
    rounds.forEach((round, k) => {
      round.matches.forEach((m, i) => {
        if (m.score) {
          finished += 1;
          expect(m.winner).toBe(m.score.home > m.score.away ? 'home' : 'away');
          expect(Math.max(m.score.home, m.score.away)).toBe(2);
        }
        const next = rounds[k + 1]?.matches[Math.floor(i / 2)];
        if (!next) return;
        const place = i % 2 === 0 ? next.home : next.away;
        // A winner goes through to their place in the next round; an undecided place is empty.
        if (m.winner) expect(place?.team.name).toBe(m[m.winner]!.team.name);
        else expect(place).toBeNull();
      });
    });
    expect(finished, 'matches of the draw played by now').toBeGreaterThan(0);
    // The table counts the draw's finished matches: a player has played as many as they reached.
    expect(body.season.games).toBe(finished);
    const rows: Row[] = body.table;
    expect(sum(rows, (r) => r.played)).toBe(2 * finished);
    for (const r of rows) expect(r.lost).toBeLessThanOrEqual(1);
  });

  it('a league has no draw', async () => {
    const { body } = await get(`/champs/${(await champOf(1)).id}/statistics?lang=en`);
    expect(body.draw).toBeNull();
  });

  it('a CS2 or Valorant series names its maps, one per map played, from the pool; football has none', async () => {
    const played = await t.deps.db.db
      .selectFrom('games')
      .select(['id', 'sport_id', 'period_scores', 'period'])
      .where('sport_id', 'in', [40, 43])
      .where('status', 'in', [GAME_STATUS.FINISHED, GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK])
      .orderBy('id')
      .limit(12)
      .execute();
    expect(played.length).toBeGreaterThan(0);
    for (const g of played) {
      const { body } = await get(`/games/${g.id}/statistics?lang=ru`);
      const maps: string[] = body.game.maps;
      expect(maps).toHaveLength(Math.max(g.period_scores.length, g.period));
      expect(new Set(maps).size).toBe(maps.length);
      for (const map of maps) expect(profileOf(g.sport_id).mapPool).toContain(map);
    }
    const football = await t.deps.db.db
      .selectFrom('games')
      .select('id')
      .where('sport_id', '=', 1)
      .limit(1)
      .execute();
    expect((await get(`/games/${football[0]!.id}/statistics?lang=en`)).body.game.maps).toEqual([]);
  });

  it('a finished football game’s statistics agree with its score, corners and cards', async () => {
    const finished = await t.deps.db.db
      .selectFrom('games')
      .select(['id'])
      .where('sport_id', '=', 1)
      .where('status', '=', GAME_STATUS.FINISHED)
      .orderBy('id')
      .limit(15)
      .execute();
    let met = 0;
    for (const { id } of finished) {
      const [stats, game] = await Promise.all([
        get(`/games/${id}/statistics?lang=en`),
        get(`/games/${id}?lang=en`),
      ]);
      expect(stats.status).toBe(200);
      const line = (key: string) => stats.body.match.find((l: { key: string }) => l.key === key);
      const { home, away } = game.body.score;
      expect(line('shots_on_target').home).toBeGreaterThanOrEqual(home);
      expect(line('shots_on_target').away).toBeGreaterThanOrEqual(away);
      expect(line('shots').home).toBeGreaterThanOrEqual(line('shots_on_target').home);
      expect(line('shots').away).toBeGreaterThanOrEqual(line('shots_on_target').away);
      expect(line('possession').home + line('possession').away).toBe(100);
      expect([line('corners').home, line('corners').away]).toEqual(game.body.stats.corners);
      expect([line('cards').home, line('cards').away]).toEqual(game.body.stats.cards);
      const h2h = stats.body.headToHead;
      expect(h2h.homeWins + h2h.draws + h2h.awayWins).toBe(h2h.games.length);
      const pair = [game.body.home.name, game.body.away.name].sort();
      for (const past of h2h.games) expect([past.home.name, past.away.name].sort()).toEqual(pair);
      met += h2h.games.length;
      expect(stats.body.form.home.length).toBeLessThanOrEqual(5);
      expect(JSON.stringify(stats.body)).not.toContain('"ref"');
    }
    expect(met).toBeGreaterThan(0);
  });

  interface Scorer {
    name: string;
    team: { id: number | null; name: string };
    goals: number;
    games: number;
  }

  const UNITS: Record<number, string> = {
    1: 'goals',
    3: 'points',
    4: 'goals',
    5: 'points',
    8: 'runs',
    9: 'points',
    10: 'runs',
    41: 'kills',
    42: 'kills',
  };
  const OWN_GOALS = new Set([1, 60]);

  it('a champ’s top scorers are the first ten of a tally that adds up to every team’s goals for', async () => {
    // Goals (own goals included), points, runs and kills.
    let ownGoals = 0;
    for (const sportId of [1, 4, 3, 8, 9, 10, 5, 41, 42]) {
      const champ = await champOf(sportId);
      const { body } = await get(`/champs/${champ.id}/statistics?lang=en`);
      const world = history.world.champsBySport.get(sportId)!.find((c) => c.names.en === champ.name)!;
      // The same games the table counts: the database's and the simulated past of the season.
      const fromMs = history.seasonStartMs(sportId, world.ref, NOW)!;
      const games = await readSeasonGames(t.deps.db.db, history, {
        sportId,
        champRef: world.ref,
        nowMs: NOW,
        days: (NOW - fromMs) / 86_400_000,
      });
      expect(games.length).toBe(body.season.games);
      expect(body.scorerUnit).toBe(UNITS[sportId]);
      const points = POINTS_SPORTS.has(sportId);
      // Volleyball's points and the esports maps' kills are the sums of the period scores.
      const tallied = tallyGames(sportId, games);
      const { rows: all, uncredited } = scorerTally(285, tallied, squadReader(285, history.world, sportId), {
        teamRefs: new Set(world.teams.map((x) => x.ref)),
        lang: 'en',
        ...(points ? { pointValues: profileOf(sportId).pointValues } : {}),
      });
      const nameOf = new Map(world.teams.map((x) => [x.ref, x.names.en]));
      for (const row of body.table as Row[]) {
        const team = world.teams.find((x) => x.names.en === row.team.name)!;
        const goals = all.filter((r) => r.teamRef === team.ref).reduce((s, r) => s + r.goals, 0);
        const scored = tallied.reduce(
          (s, g) => s + (g.homeKey === team.ref ? g.score[0] : 0) + (g.awayKey === team.ref ? g.score[1] : 0),
          0,
        );
        // A team's players' goals + the opponents' own goals (volleyball: errors) = its goals for.
        expect(goals + (uncredited.get(team.ref) ?? 0), `${sportId} ${row.team.name}`).toBe(scored);
        if (!PERIOD_TOTAL_SPORTS.has(sportId)) expect(scored, row.team.name).toBe(row.scoreFor);
        if (!OWN_GOALS.has(sportId) && sportId !== 5) expect(uncredited.get(team.ref) ?? 0).toBe(0);
      }
      if (sportId === 1) ownGoals += [...uncredited.values()].reduce((s, n) => s + n, 0);
      const scorers: Scorer[] = body.scorers;
      expect(scorers.length).toBe(Math.min(10, all.length));
      expect(scorers.length).toBeGreaterThan(0);
      expect(scorers.map((s) => [s.name, s.team.name, s.goals, s.games])).toEqual(
        all.slice(0, 10).map((r) => [r.player.names.en, nameOf.get(r.teamRef), r.goals, r.games]),
      );
      for (let i = 1; i < scorers.length; i += 1) {
        const [a, b] = [scorers[i - 1]!, scorers[i]!];
        expect(a.goals * 1000 - a.games).toBeGreaterThanOrEqual(b.goals * 1000 - b.games);
      }
      for (const s of scorers) expect(s.games).toBeLessThanOrEqual(body.season.games);
      expect(JSON.stringify(scorers)).not.toMatch(/"(t|g|ch):\d|"number"|"ref"/);
    }
    // Own goals happen (about 3 % of a football champ's goals) and count for no player.
    expect(ownGoals).toBeGreaterThan(0);
    // Russian names in Russian (esports handles as they are); a sport without squads has no scorers.
    const ru = await get(`/champs/${(await champOf(1)).id}/statistics?lang=ru`);
    for (const s of ru.body.scorers as Scorer[])
      expect(s.name).toMatch(/^\p{Script=Cyrillic}\. \P{Script=Latin}+$/u);
    const dota = await champOf(41);
    const [en, ruDota] = await Promise.all(
      ['en', 'ru'].map(
        async (lang) => (await get(`/champs/${dota.id}/statistics?lang=${lang}`)).body.scorers,
      ),
    );
    expect(ruDota.map((s: Scorer) => s.name)).toEqual(en.map((s: Scorer) => s.name));
    for (const sportId of [2, 6, 11, 40, 43])
      expect((await get(`/champs/${(await champOf(sportId)).id}/statistics?lang=en`)).body.scorers).toEqual(
        [],
      );
  });

  it('a finished or live football game lists its goals so far: minute, side, scorer', async () => {
    const read = (statuses: number[]) =>
      t.deps.db.db
        .selectFrom('games')
        .select(['id', 'status', 'score_home', 'score_away'])
        .where('sport_id', 'in', [1, 4])
        .where('status', 'in', statuses)
        .orderBy('id')
        .limit(15)
        .execute();
    const finished = await read([GAME_STATUS.FINISHED]);
    const live = await read([GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK]);
    expect(finished.length).toBeGreaterThan(0);
    expect(live.length).toBeGreaterThan(0);
    const played = [...finished, ...live];
    let goals = 0;
    for (const g of played) {
      const { body } = await get(`/games/${g.id}/statistics?lang=en`);
      const list: { minute: number; added: number; side: string; scorer: string }[] = body.goals;
      // Every goal of the score so far, none yet to come.
      expect(
        list.filter((x) => x.side === 'home'),
        `game ${g.id}`,
      ).toHaveLength(g.score_home);
      expect(
        list.filter((x) => x.side === 'away'),
        `game ${g.id}`,
      ).toHaveLength(g.score_away);
      for (let i = 0; i < list.length; i += 1) {
        expect(list[i]!.scorer).toMatch(/^\p{Script=Latin}\. /u);
        expect(typeof (list[i] as { ownGoal?: unknown }).ownGoal).toBe('boolean');
        expect(list[i]!.minute).toBeGreaterThanOrEqual(1);
        if (i > 0) expect(list[i]!.minute).toBeGreaterThanOrEqual(list[i - 1]!.minute);
      }
      goals += list.length;
    }
    expect(goals).toBeGreaterThan(0);
    const notStarted = await t.deps.db.db
      .selectFrom('games')
      .select('id')
      .where('sport_id', '=', 1)
      .where('status', '=', GAME_STATUS.NOT_STARTED)
      .limit(1)
      .execute();
    expect((await get(`/games/${notStarted[0]!.id}/statistics?lang=en`)).body.goals).toEqual([]);
  });

  it('an own goal in a game’s list counts for its side and names a player of the other team', async () => {
    // Finished football games, oldest first, until a few own goals have been seen (~3 % of goals).
    const games = await t.deps.db.db
      .selectFrom('games as g')
      .innerJoin('teams as h', 'h.id', 'g.home_team_id')
      .innerJoin('teams as a', 'a.id', 'g.away_team_id')
      .select(['g.id', 'g.score_home', 'g.score_away', 'h.ref as home_ref', 'a.ref as away_ref'])
      .where('g.sport_id', '=', 1)
      .where('g.status', '=', GAME_STATUS.FINISHED)
      .orderBy('g.id')
      .execute();
    const squad = squadReader(285, history.world, 1);
    let own = 0;
    let all = 0;
    for (const g of games) {
      if (own >= 2) break;
      const [en, ru] = await Promise.all(
        ['en', 'ru'].map(async (lang) => (await get(`/games/${g.id}/statistics?lang=${lang}`)).body.goals),
      );
      const list: { side: 'home' | 'away'; scorer: string; ownGoal: boolean }[] = en;
      expect(list.filter((x) => x.side === 'home')).toHaveLength(g.score_home);
      expect(list.filter((x) => x.side === 'away')).toHaveLength(g.score_away);
      all += list.length;
      list.forEach((goal, i) => {
        expect(ru[i].ownGoal).toBe(goal.ownGoal);
        const [mine, theirs] = goal.side === 'home' ? [g.home_ref, g.away_ref] : [g.away_ref, g.home_ref];
        const names = (ref: string) => squad(ref)!.players.map((p) => p.names.en);
        // A player of the side the goal counts for, or for an own goal one of the other side.
        expect(names(goal.ownGoal ? theirs : mine)).toContain(goal.scorer);
        if (goal.ownGoal) own += 1;
      });
    }
    expect(all).toBeGreaterThan(0);
    expect(own, `own goals among ${all} goals`).toBeGreaterThan(0);
  });

  it('refuses bad ids and limits with stable codes', async () => {
    expect((await get('/champs/999999/statistics')).body.error.code).toBe('CHAMP_NOT_FOUND');
    expect((await get('/games/999999/statistics')).body.error.code).toBe('GAME_NOT_FOUND');
    for (const url of ['/champs/abc/statistics', '/champs/0/statistics', '/games/1/statistics?h2h=0']) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/games/1/statistics?h2h=21')).status).toBe(400);
    expect((await get('/champs/1/statistics?lang=de')).status).toBe(400);
  });
});
