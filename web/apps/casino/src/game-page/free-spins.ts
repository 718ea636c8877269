/**
 * Free spins on the game page (issue 20): the player's free spins on this game
 * (GET /web-api/casino/v1/free-spins?gameId=) and one spin played (POST /rounds with freeSpinBonusId
 * at the bonus's spin stake). The round's answer carries `freeSpin`: the spins left after it and the
 * win, paid as bonus money (never to the real balance).
 */
import { BASE, send } from '../api.ts';
import type { Json, RoundView } from '../games/game-ui.ts';
import { parseRound } from '../model.ts';

export interface FreeSpinOffer {
  readonly bonusId: string;
  readonly spinsLeft: number;
  readonly stakeMinor: string;
  readonly currency: string;
  readonly expiresAt: string;
}

export interface FreeSpinResult {
  readonly bonusId: string;
  readonly spinsLeft: number;
  readonly winMinor: string;
}

const MINOR = /^\d{1,20}$/;
const ID = /^\d{1,19}$/;
const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function offerOf(v: unknown): FreeSpinOffer | null {
  if (!isRow(v)) return null;
  const { bonusId, spinsLeft, stakeMinor, currency, expiresAt } = v;
  if (typeof bonusId !== 'string' || !ID.test(bonusId)) return null;
  if (typeof spinsLeft !== 'number' || !Number.isInteger(spinsLeft) || spinsLeft < 0) return null;
  if (typeof stakeMinor !== 'string' || !MINOR.test(stakeMinor)) return null;
  if (typeof currency !== 'string' || currency === '') return null;
  return {
    bonusId,
    spinsLeft,
    stakeMinor,
    currency,
    expiresAt: typeof expiresAt === 'string' ? expiresAt : '',
  };
}

/** `{ freeSpins }` of GET /free-spins: the well-formed offers with spins left. */
export function parseFreeSpins(body: unknown): FreeSpinOffer[] | null {
  if (!isRow(body) || !Array.isArray(body.freeSpins)) return null;
  return body.freeSpins.map(offerOf).filter((o): o is FreeSpinOffer => o !== null && o.spinsLeft > 0);
}

/** A free spin's round: the round as the screen shows it, and what the spin did. */
export function parseFreeSpinRound(body: unknown): { round: RoundView; freeSpin: FreeSpinResult } | null {
  const round = parseRound(body);
  if (!round || !isRow(body) || !isRow(body.freeSpin)) return null;
  const { bonusId, spinsLeft, winMinor } = body.freeSpin;
  if (typeof bonusId !== 'string' || typeof spinsLeft !== 'number' || typeof winMinor !== 'string')
    return null;
  if (!MINOR.test(winMinor)) return null;
  return { round, freeSpin: { bonusId, spinsLeft, winMinor } };
}

/** The offers after a spin: its bonus's count falls to what the server says; none left, it goes. */
export function afterFreeSpin(offers: readonly FreeSpinOffer[], spin: FreeSpinResult): FreeSpinOffer[] {
  return offers
    .map((o) => (o.bonusId === spin.bonusId ? { ...o, spinsLeft: spin.spinsLeft } : o))
    .filter((o) => o.spinsLeft > 0);
}

export const freeSpinsApi = {
  list: (gameId: number) =>
    send<FreeSpinOffer[]>(`${BASE}/free-spins?gameId=${encodeURIComponent(String(gameId))}`, parseFreeSpins),
  play: (gameId: number, offer: FreeSpinOffer, params: Json) =>
    send(`${BASE}/rounds`, parseFreeSpinRound, {
      method: 'POST',
      idempotent: true,
      body: { gameId, mode: 'real', stakeMinor: offer.stakeMinor, params, freeSpinBonusId: offer.bonusId },
    }),
};
