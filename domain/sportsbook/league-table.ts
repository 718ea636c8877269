/**
 * Championship statistics from finished games: the league table, a team's form and the
 * head-to-head of two teams. Pure functions of the games given, so the same games (the same seed
 * of the simulated world) always give the same table.
 */

/** A finished game as statistics see it: the teams by key and the final score (sets for set sports). */
export interface FinishedGame {
  key: string;
  homeKey: string;
  awayKey: string;
  startAtMs: number;
  score: readonly [number, number];
}

export type FormLetter = 'W' | 'D' | 'L';

/** Table points for a win, a draw and a loss. */
export interface PointsRule {
  win: number;
  draw: number;
  loss: number;
}

/**
 * Football-style 3-1-0 where a game can end level; 2-1-0 where it cannot (sets, maps and fights
 * always have a winner, overtime decides the rest), so a draw never scores there.
 */
export function pointsRuleOf(profile: { model: string; ties: 'draw' | 'overtime' | 'regular' }): PointsRule {
  const canDraw = profile.ties === 'draw' && (profile.model === 'goals' || profile.model === 'points');
  return canDraw ? { win: 3, draw: 1, loss: 0 } : { win: 2, draw: 1, loss: 0 };
}

export interface TableRow {
  teamKey: string;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scoreFor: number;
  scoreAgainst: number;
  points: number;
  /** The last results, newest first. */
  form: FormLetter[];
}

export const FORM_LENGTH = 5;

/** W, D or L for `teamKey` in `game`. */
export function resultFor(teamKey: string, game: FinishedGame): FormLetter {
  const [home, away] = game.score;
  if (home === away) return 'D';
  return home > away === (game.homeKey === teamKey) ? 'W' : 'L';
}

/** Newest first, then by key so equal starts keep one order. */
function newestFirst(games: readonly FinishedGame[]): FinishedGame[] {
  return [...games].sort((a, b) => b.startAtMs - a.startAtMs || (a.key < b.key ? -1 : 1));
}

/** The team's last `length` results in these games, newest first. */
export function formOf(teamKey: string, games: readonly FinishedGame[], length = FORM_LENGTH): FormLetter[] {
  return newestFirst(games)
    .filter((g) => g.homeKey === teamKey || g.awayKey === teamKey)
    .slice(0, length)
    .map((g) => resultFor(teamKey, g));
}

/**
 * The table of `teamKeys` over `games` (games of other teams are ignored), ordered by points, then
 * score difference, then scores for, then the order of `teamKeys`.
 */
export function leagueTable(
  teamKeys: readonly string[],
  games: readonly FinishedGame[],
  rule: PointsRule,
): TableRow[] {
  const rows = new Map<string, TableRow>();
  teamKeys.forEach((teamKey) => {
    rows.set(teamKey, {
      teamKey,
      position: 0,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      scoreFor: 0,
      scoreAgainst: 0,
      points: 0,
      form: [],
    });
  });
  const counted = games.filter((g) => rows.has(g.homeKey) && rows.has(g.awayKey));
  for (const g of counted) {
    for (const [teamKey, own, other] of [
      [g.homeKey, g.score[0], g.score[1]],
      [g.awayKey, g.score[1], g.score[0]],
    ] as const) {
      const row = rows.get(teamKey)!;
      const result = resultFor(teamKey, g);
      row.played += 1;
      row.scoreFor += own;
      row.scoreAgainst += other;
      if (result === 'W') row.won += 1;
      else if (result === 'D') row.drawn += 1;
      else row.lost += 1;
      row.points += result === 'W' ? rule.win : result === 'D' ? rule.draw : rule.loss;
    }
  }
  const order = new Map(teamKeys.map((k, i) => [k, i]));
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.points - a.points ||
      b.scoreFor - b.scoreAgainst - (a.scoreFor - a.scoreAgainst) ||
      b.scoreFor - a.scoreFor ||
      order.get(a.teamKey)! - order.get(b.teamKey)!,
  );
  return sorted.map((row, i) => ({ ...row, position: i + 1, form: formOf(row.teamKey, counted) }));
}

export interface HeadToHead {
  /** Their games against each other, newest first, at most `limit`. */
  games: FinishedGame[];
  /** Over the games listed: wins of the first team, draws, wins of the second. */
  firstWins: number;
  draws: number;
  secondWins: number;
}

export function headToHead(
  firstKey: string,
  secondKey: string,
  games: readonly FinishedGame[],
  limit: number,
): HeadToHead {
  const between = newestFirst(games)
    .filter(
      (g) =>
        (g.homeKey === firstKey && g.awayKey === secondKey) ||
        (g.homeKey === secondKey && g.awayKey === firstKey),
    )
    .slice(0, limit);
  const results = between.map((g) => resultFor(firstKey, g));
  return {
    games: between,
    firstWins: results.filter((r) => r === 'W').length,
    draws: results.filter((r) => r === 'D').length,
    secondWins: results.filter((r) => r === 'L').length,
  };
}
