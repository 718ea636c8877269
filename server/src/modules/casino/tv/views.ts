/** What the TV routes and topic show. */
import type { TvGame } from '@parlay/domain/casino/tv/index.ts';
import type { Selectable } from 'kysely';
import type { CasinoTvTables, TvBetBody } from './tables.ts';

export type DrawRow = Selectable<CasinoTvTables['tv_draws']>;
export type TvBetRow = Selectable<CasinoTvTables['tv_bets']>;

export interface TvDrawView {
  id: string;
  game: TvGame;
  draw: number;
  status: 'open' | 'drawn';
  closesAt: string;
  revealMs: number;
  commitment: string;
  /** Shown once drawn. */
  serverSeed: string | null;
  result: number[] | null;
}

export interface TvBetView {
  betId: string;
  drawId: string;
  game: TvGame;
  draw: number;
  currency: string;
  stakeMinor: string;
  bet: TvBetBody;
  oddsCenti: number;
  status: 'open' | 'won' | 'lost';
  payoutMinor: string;
  createdAt: string;
}

export type TvMessage = { type: 'tv.draw'; draw: TvDrawView };

export function drawView(row: DrawRow, revealMs: number): TvDrawView {
  const drawn = row.settled_at !== null;
  return {
    id: row.id.toString(),
    game: row.game,
    draw: row.draw,
    status: row.status,
    closesAt: row.closes_at.toISOString(),
    revealMs,
    commitment: row.commitment,
    serverSeed: drawn ? row.server_seed : null,
    result: drawn ? row.result : null,
  };
}

export function betView(row: TvBetRow, draw: Pick<DrawRow, 'game' | 'draw'>): TvBetView {
  return {
    betId: row.id.toString(),
    drawId: row.draw_id.toString(),
    game: draw.game,
    draw: draw.draw,
    currency: row.currency,
    stakeMinor: row.stake_minor.toString(),
    bet: row.bet,
    oddsCenti: row.odds_centi,
    status: row.status,
    payoutMinor: row.payout_minor.toString(),
    createdAt: row.created_at.toISOString(),
  };
}
