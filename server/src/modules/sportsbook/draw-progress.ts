/**
 * A tennis tournament's draw as far as it has been played: the first round's pairings, then in
 * each later round the players whose previous match is over (a place still to be decided is
 * null), and the score and winner of every finished match. Nothing a finished game has not
 * decided is shown, though the simulated draw knows it.
 */
import type { CurrentDraw } from './feed/simulator/history.ts';
import type { SeasonGame } from './season-games.ts';
import type { SeasonTeam } from './season-teams.ts';

export interface DrawPlayerView {
  team: SeasonTeam;
  seed: number | null;
}

export interface DrawMatchView {
  home: DrawPlayerView | null;
  away: DrawPlayerView | null;
  /** Sets won, once the match is over. */
  score: { home: number; away: number } | null;
  winner: 'home' | 'away' | null;
}

export interface DrawView {
  rounds: { key: string; matches: DrawMatchView[] }[];
}

/** The draw's progress from its pairings and the finished games of the draw's window. */
export function drawProgress(
  draw: CurrentDraw,
  games: readonly SeasonGame[],
  teams: ReadonlyMap<string, SeasonTeam>,
): DrawView {
  const finished = new Map(games.map((g) => [`${g.homeKey}>${g.awayKey}`, g]));
  const player = (ref: string): DrawPlayerView => ({
    team: teams.get(ref) ?? { id: null, name: '' },
    seed: draw.seeds.get(ref) ?? null,
  });
  let decided: (string | null)[] | null = null;
  const rounds = draw.rounds.map(({ key, matches }) => {
    const known = decided;
    const views = matches.map(({ homeRef, awayRef }, i): DrawMatchView => {
      const homeKnown = known === null || known[2 * i] === homeRef;
      const awayKnown = known === null || known[2 * i + 1] === awayRef;
      const game = homeKnown && awayKnown ? finished.get(`${homeRef}>${awayRef}`) : undefined;
      const score = game ? { home: game.score[0], away: game.score[1] } : null;
      return {
        home: homeKnown ? player(homeRef) : null,
        away: awayKnown ? player(awayRef) : null,
        score,
        winner: score ? (score.home > score.away ? 'home' : 'away') : null,
      };
    });
    decided = views.map((v, i) =>
      v.winner === null ? null : v.winner === 'home' ? matches[i]!.homeRef : matches[i]!.awayRef,
    );
    return { key, matches: views };
  });
  return { rounds };
}
