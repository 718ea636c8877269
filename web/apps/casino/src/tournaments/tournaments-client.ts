/** The tournament endpoints (/web-api/tournaments/v1): the list, one with its leaderboard, opt-in. */
import { browserApi } from '@parlay/client/api.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { callJson } from '../bingo/bingo-client.ts';

const PREFIX = '/web-api/tournaments/v1/tournaments';

export type Scoring = 'wagered' | 'biggest_win' | 'biggest_multiplier';
export type Status = 'scheduled' | 'running' | 'finished' | 'paid';

export interface Tournament {
  id: string;
  name: { ru: string; en: string };
  terms: { ru: string; en: string };
  startsAt: string;
  endsAt: string;
  gameIds: number[] | null;
  scoring: Scoring;
  currency: string;
  prizesMinor: string[];
  prizePoolMinor: string;
  optInRequired: boolean;
  status: Status;
  entered: boolean;
}

export interface BoardRow {
  place: number;
  player: string;
  score: string;
  prizeMinor: string | null;
  you: boolean;
}

export interface TournamentDetail {
  tournament: Tournament;
  leaderboard: BoardRow[];
  own: BoardRow | null;
}

/** The bus topic of one tournament's leaderboard (ticks when it changed). */
export const tournamentTopic = (id: string): string => `casino:tournament:${id}`;

export function tournamentsClient(api: ApiFetch = browserApi) {
  return {
    list: () => callJson<{ tournaments: Tournament[] }>(api, PREFIX),
    one: (id: string) => callJson<TournamentDetail>(api, `${PREFIX}/${encodeURIComponent(id)}?top=20`),
    enter: (id: string) =>
      callJson<TournamentDetail>(api, `${PREFIX}/${encodeURIComponent(id)}/entry`, {
        method: 'POST',
        body: {},
      }),
  };
}

/** "1d 02:03:04" style time left (never negative). */
export function timeLeft(untilMs: number, nowMs: number): string {
  const total = Math.max(0, Math.floor((untilMs - nowMs) / 1000));
  const days = Math.floor(total / 86_400);
  const hh = String(Math.floor((total % 86_400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${days > 0 ? `${days}d ` : ''}${hh}:${mm}:${ss}`;
}

/** A score as the player reads it: money for wagered and biggest win, ×N.NN for a multiplier. */
export function scoreValue(score: string, scoring: Scoring): { money: string | null; text: string } {
  if (scoring !== 'biggest_multiplier') return { money: score, text: score };
  const n = Number(score) / 10_000;
  return { money: null, text: `×${n.toFixed(2)}` };
}
