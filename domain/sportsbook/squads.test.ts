import { describe, expect, it } from 'vitest';
import { drawTimeline, snapshotAt } from './match-timeline.ts';
import { Rng } from './prng.ts';
import { profileOf } from './sport-profiles.ts';
import {
  gameScorers,
  goalCreditOf,
  hasSquads,
  lineupOf,
  PERIOD_TOTAL_SPORTS,
  POINTS_SPORTS,
  type ScoredGame,
  type Squad,
  scorerOf,
  scorerTally,
  scorerUnitOf,
  sidePoints,
  squadOf,
  timelineGoals,
  topScorers,
  UNASSIGNED,
} from './squads.ts';
import { HANDLES, REGION_NAMES } from './squads-names.ts';

const SEED = 285;

describe('squads', () => {
  it('the same seed and team give the same squad; another seed or team another one', () => {
    const a = squadOf(SEED, 1, 't:1:0:3', 'EN');
    expect(squadOf(SEED, 1, 't:1:0:3', 'EN')).toEqual(a);
    expect(squadOf(SEED + 1, 1, 't:1:0:3', 'EN')!.players.map((p) => p.names.en)).not.toEqual(
      a!.players.map((p) => p.names.en),
    );
    expect(squadOf(SEED, 1, 't:1:0:4', 'EN')!.players.map((p) => p.names.en)).not.toEqual(
      a!.players.map((p) => p.names.en),
    );
  });

  it('every squad sport has positions, unique numbers and names, Latin and Cyrillic forms', () => {
    const sizes: Record<number, number> = {
      1: 22,
      3: 12,
      4: 23,
      5: 13,
      7: 14,
      8: 26,
      9: 26,
      10: 16,
      60: 22,
      61: 12,
    };
    for (const [sportId, size] of Object.entries(sizes).map(([k, v]) => [Number(k), v] as const)) {
      expect(hasSquads(sportId)).toBe(true);
      for (let team = 0; team < 40; team += 1) {
        const squad = squadOf(SEED, sportId, `t:${sportId}:0:${team}`, team % 2 ? 'RU' : null)!;
        expect(squad.players).toHaveLength(size);
        expect(new Set(squad.players.map((p) => p.number)).size).toBe(size);
        expect(new Set(squad.players.map((p) => p.names.en)).size).toBe(size);
        for (const p of squad.players) {
          expect(p.number).toBeGreaterThanOrEqual(0);
          expect(p.number).toBeLessThanOrEqual(99);
          expect(p.names.en).toMatch(/^\p{Script=Latin}\. [\p{Script=Latin} '-]+$/u);
          expect(p.names.ru).toMatch(/^\p{Script=Cyrillic}\. [\p{Script=Cyrillic} '-]+$/u);
        }
      }
    }
    expect(squadOf(SEED, 1, 't:1:0:0', 'EN')!.players.filter((p) => p.position === 'GK')).toHaveLength(3);
    expect(squadOf(SEED, 4, 't:4:0:0', 'RU')!.players.filter((p) => p.position === 'F')).toHaveLength(12);
    // The player is the team (tennis, table tennis, fights); CS2 and Valorant's score says nothing of players.
    for (const sportId of [2, 6, 11, 40, 43, 44]) expect(hasSquads(sportId), `sport ${sportId}`).toBe(false);
    expect(squadOf(SEED, 2, 't:2:0:0', 'EN')).toBeNull();
  });

  it('Dota 2 and League of Legends: five roles known by handles, the same in both languages', () => {
    const roles: Record<number, string[]> = {
      41: ['CARRY', 'MID', 'OFF', 'SUP4', 'SUP5'],
      42: ['TOP', 'JNG', 'MID', 'ADC', 'SUP'],
    };
    for (const [sportId, positions] of Object.entries(roles).map(([k, v]) => [Number(k), v] as const)) {
      const seen = new Set<string>();
      for (let team = 0; team < 40; team += 1) {
        const squad = squadOf(SEED, sportId, `t:${sportId}:0:${team}`, null)!;
        expect(squad.players.map((p) => p.position)).toEqual(positions);
        expect(new Set(squad.players.map((p) => p.names.en)).size).toBe(5);
        for (const p of squad.players) {
          expect(HANDLES).toContain(p.names.en);
          expect(p.names.ru).toBe(p.names.en);
          expect(p.plays).toBe(1);
          seen.add(p.names.en);
        }
      }
      expect(seen.size).toBeGreaterThan(50);
      // A league's 16 teams (refs sharing the champ's prefix): no handle twice.
      const league = Array.from({ length: 16 }, (_, team) =>
        squadOf(SEED, sportId, `t:${sportId}:3:${team}`, null)!.players.map((p) => p.names.en),
      ).flat();
      expect(new Set(league).size).toBe(80);
      // Another seed deals the league other handles.
      expect(
        squadOf(SEED + 1, sportId, `t:${sportId}:3:0`, null)!.players.map((p) => p.names.en),
      ).not.toEqual(league.slice(0, 5));
    }
    expect(new Set(HANDLES).size).toBe(HANDLES.length);
    expect(HANDLES.length).toBeGreaterThanOrEqual(16 * 6);
    for (const h of HANDLES) expect(h).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('what each sport’s scorers count', () => {
    const units = Object.fromEntries(
      [1, 3, 4, 5, 7, 8, 9, 10, 41, 42, 60, 61].map((s) => [s, scorerUnitOf(s)]),
    );
    expect(units).toEqual({
      1: 'goals',
      3: 'points',
      4: 'goals',
      5: 'points',
      7: 'goals',
      8: 'runs',
      9: 'points',
      10: 'runs',
      41: 'kills',
      42: 'kills',
      60: 'goals',
      61: 'points',
    });
    for (const s of POINTS_SPORTS) expect(hasSquads(s)).toBe(true);
    for (const s of PERIOD_TOTAL_SPORTS) expect(POINTS_SPORTS.has(s)).toBe(true);
  });

  it('names come from the team’s country, a few from abroad', () => {
    const local = (code: string, region: keyof typeof REGION_NAMES) => {
      const surnames = new Set(REGION_NAMES[region].surnames.map(([en]) => en));
      let home = 0;
      let all = 0;
      for (let team = 0; team < 30; team += 1)
        for (const p of squadOf(SEED, 1, `t:1:${code}:${team}`, code)!.players) {
          all += 1;
          if (surnames.has(p.names.en.slice(3))) home += 1;
        }
      return home / all;
    };
    expect(local('RU', 'ru')).toBeGreaterThan(0.7);
    expect(local('RU', 'ru')).toBeLessThan(0.95);
    expect(local('JP', 'ja')).toBeGreaterThan(0.7);
    expect(local('BR', 'pt')).toBeGreaterThan(0.7);
    // Russian players' Russian form: Иванов, not Ivanov.
    const ru = squadOf(SEED, 1, 't:1:ru:0', 'RU')!.players.find((p) => p.names.en.endsWith('Ivanov'));
    if (ru) expect(ru.names.ru.endsWith('Иванов')).toBe(true);
  });
});

describe('scorers', () => {
  const home = squadOf(SEED, 1, 't:1:0:0', 'EN')!;
  const away = squadOf(SEED, 1, 't:1:0:1', 'EN')!;

  it('a goal’s scorer is a pure function of the seed, the game, the side and the goal', () => {
    const lineup = lineupOf(SEED, 'g:1:1:500', home);
    expect(lineupOf(SEED, 'g:1:1:500', home)).toEqual(lineup);
    const first = [0, 1, 2, 3].map((k) => scorerOf(SEED, 'g:1:1:500', 0, k, home, lineup));
    expect([0, 1, 2, 3].map((k) => scorerOf(SEED, 'g:1:1:500', 0, k, home, lineup))).toEqual(first);
    // The k-th goal's scorer does not depend on how many goals the game has.
    const game = (score: [number, number]): ScoredGame => ({
      key: 'g:1:1:500',
      homeKey: 'a',
      awayKey: 'b',
      score,
    });
    const two = gameScorers(SEED, game([2, 1]), [home, away]);
    const four = gameScorers(SEED, game([4, 1]), [home, away]);
    expect(four.goals[0].slice(0, 2)).toEqual(two.goals[0]);
    expect(four.goals[1]).toEqual(two.goals[1]);
    for (const g of four.goals[0]) expect(four.lineups[g.own ? 1 : 0][g.player]).toBe(true);
  });

  it('forwards score most, then midfielders, defenders rarely, goalkeepers almost never', () => {
    const goals: Record<string, number> = { GK: 0, DF: 0, MF: 0, FW: 0 };
    for (let g = 0; g < 2000; g += 1) {
      const squad = squadOf(SEED, 1, `t:1:9:${g % 20}`, 'IT')!;
      const { goals: credits } = gameScorers(
        SEED,
        { key: `g${g}`, homeKey: 'a', awayKey: 'b', score: [3, 0] },
        [squad, null],
      );
      for (const c of credits[0]) goals[squad.players[c.player]!.position]! += 1;
    }
    expect(goals.FW!).toBeGreaterThan(goals.MF!);
    expect(goals.MF!).toBeGreaterThan(goals.DF!);
    expect(goals.DF!).toBeGreaterThan(goals.GK!);
    expect(goals.FW! / 6000).toBeGreaterThan(0.35);
    expect(goals.GK! / 6000).toBeLessThan(0.01);
  });

  it('the top scorers’ goals of a team add up to its goals; ties by fewer games, then name', () => {
    const teams = [0, 1, 2, 3].map((i) => `t:1:5:${i}`);
    const squads = new Map(teams.map((t) => [t, squadOf(SEED, 1, t, 'DE')!] as const));
    const rng = Rng.derive(SEED, 'test-games');
    const games: ScoredGame[] = [];
    for (let g = 0; g < 60; g += 1) {
      const [h, a] = rng.shuffle([...teams]);
      games.push({ key: `g:1:${g}:500`, homeKey: h!, awayKey: a!, score: [rng.int(0, 4), rng.int(0, 3)] });
    }
    const { rows: all, uncredited } = scorerTally(SEED, games, (t) => squads.get(t) ?? null, { lang: 'en' });
    expect(topScorers(SEED, games, (t) => squads.get(t) ?? null, { lang: 'en', limit: 1000 })).toEqual(all);
    // A team's goals for = its players' goals + the opponents' own goals.
    for (const team of teams) {
      const scored = games.reduce(
        (s, g) => s + (g.homeKey === team ? g.score[0] : 0) + (g.awayKey === team ? g.score[1] : 0),
        0,
      );
      const byPlayers = all.filter((r) => r.teamRef === team).reduce((s, r) => s + r.goals, 0);
      expect(byPlayers + (uncredited.get(team) ?? 0)).toBe(scored);
      for (const r of all.filter((x) => x.teamRef === team)) {
        expect(r.games).toBeGreaterThan(0);
        expect(r.games).toBeLessThanOrEqual(
          games.filter((g) => g.homeKey === team || g.awayKey === team).length,
        );
      }
    }
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.goals).toBeGreaterThanOrEqual(b.goals);
      if (a.goals === b.goals) {
        expect(a.games).toBeLessThanOrEqual(b.games);
        if (a.games === b.games)
          expect(a.player.names.en.localeCompare(b.player.names.en, 'en')).toBeLessThanOrEqual(0);
      }
    }
    const top = topScorers(SEED, games, (t) => squads.get(t) ?? null, { lang: 'ru', limit: 10 });
    expect(top).toHaveLength(10);
    expect(top[0]!.goals).toBe(all[0]!.goals);
    // Only the champ's teams count: a game against an outside team is left out.
    const only = topScorers(SEED, games, (t) => squads.get(t) ?? null, {
      lang: 'en',
      limit: 1000,
      teamRefs: new Set(teams.slice(0, 3)),
    });
    expect(only.every((r) => r.teamRef !== teams[3])).toBe(true);
  });
});

describe('own goals', () => {
  const home = squadOf(SEED, 1, 't:1:3:0', 'ES')!;
  const away = squadOf(SEED, 1, 't:1:3:1', 'ES')!;

  it('football: about 3 % of goals, by a player of the other side who played, defenders mostly', () => {
    let goals = 0;
    let own = 0;
    const by: Record<string, number> = { GK: 0, DF: 0, MF: 0, FW: 0 };
    for (let g = 0; g < 4000; g += 1) {
      const key = `g:1:${g}:500`;
      const { goals: credits, lineups } = gameScorers(
        SEED,
        { key, homeKey: 'a', awayKey: 'b', score: [3, 2] },
        [home, away],
      );
      for (const side of [0, 1] as const)
        credits[side].forEach((c, k) => {
          goals += 1;
          const other = side === 0 ? 1 : 0;
          if (!c.own) {
            // Not an own goal: exactly the scorer the scorer's stream names (that stream is unchanged).
            expect(c.player).toBe(scorerOf(SEED, key, side, k, [home, away][side]!, lineups[side]));
            return;
          }
          own += 1;
          expect(lineups[other][c.player]).toBe(true);
          by[[home, away][other]!.players[c.player]!.position]! += 1;
        });
    }
    expect(own / goals).toBeGreaterThan(0.02);
    expect(own / goals).toBeLessThan(0.04);
    expect(by.DF!).toBeGreaterThan(by.MF!);
    expect(by.MF!).toBeGreaterThan(by.FW! + by.GK!);
  });

  it('a goal’s credit is a pure function of the seed, the game, the side and the goal; none without the other squad', () => {
    const lineups = [lineupOf(SEED, 'g:1:7:500', home), lineupOf(SEED, 'g:1:7:500', away)] as const;
    const credits = Array.from({ length: 200 }, (_, k) =>
      goalCreditOf(SEED, 'g:1:7:500', 0, k, [home, away], lineups),
    );
    expect(
      Array.from({ length: 200 }, (_, k) => goalCreditOf(SEED, 'g:1:7:500', 0, k, [home, away], lineups)),
    ).toEqual(credits);
    expect(credits.some((c) => c.own)).toBe(true);
    for (let k = 0; k < 200; k += 1)
      expect(goalCreditOf(SEED, 'g:1:7:500', 0, k, [home, null], [lineups[0], []]).own).toBe(false);
  });

  it('ice hockey and handball credit every goal to a player of the scoring side (their rules have no own goals)', () => {
    for (const sportId of [4, 7]) {
      const squads = [squadOf(SEED, sportId, 'a', 'SE'), squadOf(SEED, sportId, 'b', 'SE')] as const;
      for (let g = 0; g < 300; g += 1) {
        const { goals } = gameScorers(
          SEED,
          { key: `g${g}`, homeKey: 'a', awayKey: 'b', score: [4, 4] },
          squads,
        );
        expect(goals.flat().some((c) => c.own)).toBe(false);
      }
    }
  });

  it('a season: each team’s goals for = its players’ goals + the opponents’ own goals', () => {
    const teams = Array.from({ length: 8 }, (_, i) => `t:1:6:${i}`);
    const squads = new Map(teams.map((t) => [t, squadOf(SEED, 1, t, 'EN')!] as const));
    const rng = Rng.derive(SEED, 'own-goal-season');
    const games: ScoredGame[] = [];
    for (let g = 0; g < 400; g += 1) {
      const [h, a] = rng.shuffle([...teams]);
      games.push({ key: `g:1:${g}:500`, homeKey: h!, awayKey: a!, score: [rng.int(0, 5), rng.int(0, 4)] });
    }
    const { rows, uncredited } = scorerTally(SEED, games, (t) => squads.get(t) ?? null, { lang: 'en' });
    let own = 0;
    for (const team of teams) {
      const scored = games.reduce(
        (s, g) => s + (g.homeKey === team ? g.score[0] : 0) + (g.awayKey === team ? g.score[1] : 0),
        0,
      );
      const byPlayers = rows.filter((r) => r.teamRef === team).reduce((s, r) => s + r.goals, 0);
      own += uncredited.get(team) ?? 0;
      expect(byPlayers + (uncredited.get(team) ?? 0), team).toBe(scored);
    }
    expect(own).toBeGreaterThan(0);
  });
});

describe('points', () => {
  it('basketball: a side’s points split into baskets of 1-3 to players who played, adding up to the score', () => {
    const squad = squadOf(SEED, 3, 't:3:0:0', 'US')!;
    const values = profileOf(3).pointValues;
    for (let g = 0; g < 200; g += 1) {
      const lineup = lineupOf(SEED, `g:3:${g}:500`, squad);
      const total = 60 + (g % 50);
      const points = sidePoints(SEED, `g:3:${g}:500`, 0, total, squad, lineup, values);
      expect([...points.values()].reduce((s, p) => s + p, 0)).toBe(total);
      for (const i of points.keys()) expect(lineup[i]).toBe(true);
      expect(sidePoints(SEED, `g:3:${g}:500`, 0, total, squad, lineup, values)).toEqual(points);
    }
    const teams = ['t:3:0:0', 't:3:0:1'];
    const squads = new Map(teams.map((t) => [t, squadOf(SEED, 3, t, 'US')!] as const));
    const games: ScoredGame[] = [0, 1, 2, 3].map((g) => ({
      key: `g:3:${g}:500`,
      homeKey: teams[g % 2]!,
      awayKey: teams[1 - (g % 2)]!,
      score: [80 + g, 75 - g],
    }));
    const all = topScorers(SEED, games, (t) => squads.get(t) ?? null, {
      lang: 'en',
      limit: 100,
      pointValues: values,
    });
    const total = all.reduce((s, r) => s + r.goals, 0);
    expect(total).toBe(games.reduce((s, g) => s + g.score[0] + g.score[1], 0));
  });

  it('every points sport adds up: players’ points (and the uncredited) make the side’s total', () => {
    for (const sportId of POINTS_SPORTS) {
      const squad = squadOf(SEED, sportId, `t:${sportId}:0:0`, sportId >= 40 && sportId < 60 ? null : 'AU')!;
      const values = profileOf(sportId).pointValues;
      let credited = 0;
      let all = 0;
      for (let g = 0; g < 200; g += 1) {
        const key = `g:${sportId}:${g}:500`;
        const lineup = lineupOf(SEED, key, squad);
        const total = 20 + ((g * 7) % 90);
        const points = sidePoints(SEED, key, 1, total, squad, lineup, values);
        expect(
          [...points.values()].reduce((s, p) => s + p, 0),
          `sport ${sportId}`,
        ).toBe(total);
        for (const [i, p] of points) {
          all += p;
          if (i === UNASSIGNED) continue;
          credited += p;
          expect(lineup[i], `sport ${sportId}`).toBe(true);
        }
      }
      // Volleyball: about a quarter of the points are the opponents' errors; elsewhere none.
      if (sportId === 5) expect(credited / all).toBeGreaterThan(0.7);
      if (sportId === 5) expect(credited / all).toBeLessThan(0.8);
      else expect(credited, `sport ${sportId}`).toBe(all);
    }
  });

  it('American football: 6 of a touchdown to the offence and 1 to the kicker, field goals to the kicker, safeties to the defence', () => {
    const squad = squadOf(SEED, 9, 't:9:0:0', 'US')!;
    const values = profileOf(9).pointValues;
    const by: Record<string, number> = {};
    for (let g = 0; g < 300; g += 1) {
      const key = `g:9:${g}:500`;
      const lineup = lineupOf(SEED, key, squad);
      for (const [i, p] of sidePoints(SEED, key, 0, 3 + (g % 40), squad, lineup, values)) {
        const position = squad.players[i]!.position;
        by[position] = (by[position] ?? 0) + p;
        // An offensive player's points are whole touchdowns; a defender's whole safeties.
        if (['QB', 'RB', 'WR', 'TE'].includes(position)) expect(p % 6).toBe(0);
        if (['DL', 'LB', 'DB'].includes(position)) expect(p % 2).toBe(0);
      }
    }
    const total = Object.values(by).reduce((s, p) => s + p, 0);
    // The kicker scores most of anyone (extra points and field goals), as in real scoring tables.
    expect(by.K! / total).toBeGreaterThan(0.25);
    expect(by.WR!).toBeGreaterThan(by.QB!);
    expect((by.DL ?? 0) + (by.LB ?? 0) + (by.DB ?? 0)).toBeGreaterThan(0);
  });

  it('cricket: batters score most runs, bowlers least', () => {
    const squad = squadOf(SEED, 10, 't:10:0:0', 'EN')!;
    const by: Record<string, number> = {};
    for (let g = 0; g < 200; g += 1) {
      const key = `g:10:${g}:500`;
      for (const [i, p] of sidePoints(
        SEED,
        key,
        0,
        150,
        squad,
        lineupOf(SEED, key, squad),
        profileOf(10).pointValues,
      )) {
        const position = squad.players[i]!.position;
        by[position] = (by[position] ?? 0) + p;
      }
    }
    expect(by.BAT!).toBeGreaterThan(by.AR!);
    expect(by.AR!).toBeGreaterThan(by.BOWL!);
  });
});

describe('timeline goals', () => {
  it('football and ice hockey: one goal per score event, minutes on the clock, a prefix while in play', () => {
    for (const sportId of [1, 4, 7, 60]) {
      const profile = profileOf(sportId);
      for (let n = 0; n < 200; n += 1) {
        const timeline = drawTimeline(
          profile,
          { homeRate: profile.homeRate, awayRate: profile.awayRate, pSet: 0.5 },
          Rng.derive(SEED, 'm', n),
        );
        const final = snapshotAt(profile, timeline, timeline.endMs);
        const goals = timelineGoals(profile, timeline, Number.POSITIVE_INFINITY);
        expect(goals.filter((g) => g.side === 0)).toHaveLength(final.score[0]);
        expect(goals.filter((g) => g.side === 1)).toHaveLength(final.score[1]);
        expect(goals.filter((g) => g.side === 0).map((g) => g.k)).toEqual(
          goals.filter((g) => g.side === 0).map((_, i) => i),
        );
        for (let i = 0; i < goals.length; i += 1) {
          const g = goals[i]!;
          expect(g.minute).toBeGreaterThanOrEqual(1);
          if (g.period <= profile.periods) {
            expect(g.minute).toBeLessThanOrEqual((g.period * profile.periodSeconds) / 60);
            expect(g.minute).toBeGreaterThan(((g.period - 1) * profile.periodSeconds) / 60);
          }
          if (i > 0)
            expect(g.minute + g.added / 100).toBeGreaterThanOrEqual(
              goals[i - 1]!.minute + goals[i - 1]!.added / 100,
            );
        }
        const half = timeline.endMs / 2;
        const sofar = timelineGoals(profile, timeline, half);
        expect(goals.slice(0, sofar.length)).toEqual(sofar);
        const score = snapshotAt(profile, timeline, half).score;
        expect(sofar.length).toBe(score[0] + score[1]);
      }
    }
  });

  it('football: a goal in added time reads 45+n or 90+n', () => {
    const profile = profileOf(1);
    let added = 0;
    for (let n = 0; n < 400; n += 1) {
      const timeline = drawTimeline(
        profile,
        { homeRate: 2, awayRate: 2, pSet: 0.5 },
        Rng.derive(SEED, 'added', n),
      );
      for (const g of timelineGoals(profile, timeline, timeline.endMs))
        if (g.added > 0) {
          added += 1;
          expect([45, 90]).toContain(g.minute);
          expect(g.added).toBeLessThanOrEqual(6);
        }
    }
    expect(added).toBeGreaterThan(0);
  });
});

// Squad type used so the import is checked.
export type { Squad };
