/**
 * The crash screen's model: the shared round, its public bets and the last crash points, kept current
 * by the `casino:crash` topic's messages (crash.round, crash.tick, crash.bet, crash.cashout) after a
 * first GET /crash/state. Pure: the screen feeds it the answers and messages in order.
 */

export type CrashStatus = 'betting' | 'running' | 'crashed';

export interface CrashRound {
  readonly id: string;
  readonly status: CrashStatus;
  readonly bettingEndsAt: string | null;
  readonly startedAt: string | null;
  readonly crashPointCenti: number | null;
  readonly hash: string | null;
  /** The game's number in the hash chain (null when the server does not say). */
  readonly game: number | null;
  readonly multiplierCenti: number;
}

export interface CrashBet {
  readonly id: string;
  readonly roundId: string | null;
  readonly player: string | null;
  readonly stakeMinor: string;
  readonly autoCashOutCenti: number | null;
  /** The multiplier cashed out at, or null while riding (or lost). */
  readonly cashOutCenti: number | null;
  readonly payoutMinor: string | null;
  readonly status: string;
  readonly currency: string | null;
  readonly mine: boolean;
}

/** A finished game of the chain: its crash point and, when known, its hash and number (to verify). */
export interface CrashPoint {
  readonly crashPointCenti: number;
  readonly hash: string | null;
  readonly game: number | null;
}

export interface CrashModel {
  readonly round: CrashRound | null;
  readonly bets: readonly CrashBet[];
  /** The last crash points, newest first, at most HISTORY_LENGTH. */
  readonly history: readonly CrashPoint[];
  readonly chainCommitment: string | null;
  /** The chain's public salt (HMAC message of every game's crash point). */
  readonly salt: string | null;
}

export const HISTORY_LENGTH = 20;
export const EMPTY_MODEL: CrashModel = {
  round: null,
  bets: [],
  history: [],
  chainCommitment: null,
  salt: null,
};

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.round(value)
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : null;

export function parseRound(value: unknown): CrashRound | null {
  if (!isObject(value)) return null;
  const id = text(value.id ?? value.roundId);
  const status = value.status;
  if (!id || (status !== 'betting' && status !== 'running' && status !== 'crashed')) return null;
  return {
    id,
    status,
    bettingEndsAt: text(value.bettingEndsAt),
    startedAt: text(value.startedAt),
    crashPointCenti: int(value.crashPointCenti),
    hash: text(value.hash),
    game: int(value.game),
    multiplierCenti: int(value.multiplierCenti) ?? 100,
  };
}

export function parseBet(value: unknown): CrashBet | null {
  if (!isObject(value)) return null;
  const id = text(value.id ?? value.betId);
  const stakeMinor = text(value.stakeMinor);
  if (!id || !stakeMinor) return null;
  return {
    id,
    roundId: text(value.roundId),
    player: text(value.player ?? value.playerName ?? value.name),
    stakeMinor,
    autoCashOutCenti: int(value.autoCashOutCenti),
    cashOutCenti: int(value.cashOutCenti ?? value.cashedOutCenti ?? value.cashOutMultiplierCenti),
    payoutMinor: text(value.payoutMinor),
    status: text(value.status) ?? 'open',
    currency: text(value.currency),
    mine: value.mine === true || value.own === true,
  };
}

function pointOf(item: unknown): CrashPoint | null {
  const centi = isObject(item) ? int(item.crashPointCenti) : int(item);
  if (centi === null) return null;
  return {
    crashPointCenti: centi,
    hash: isObject(item) ? text(item.hash) : null,
    game: isObject(item) ? int(item.game) : null,
  };
}

function historyOf(value: unknown): CrashPoint[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(pointOf)
    .filter((item): item is CrashPoint => item !== null)
    .slice(0, HISTORY_LENGTH);
}

/** The model from GET /crash/state. */
export function modelFromState(body: unknown): CrashModel | null {
  if (!isObject(body)) return null;
  const round = parseRound(body.round);
  let bets = Array.isArray(body.bets) ? body.bets.map(parseBet).filter((b): b is CrashBet => b !== null) : [];
  // The signed-in player's own bet of this round (with its auto cash-out), so a reload finds it.
  const mine = parseBet(body.myBet);
  if (mine && (!round || mine.roundId === null || mine.roundId === round.id)) {
    bets = upsertBet(bets, { ...mine, mine: true });
  }
  return {
    round,
    bets,
    history: historyOf(body.history),
    chainCommitment: text(body.chainCommitment),
    salt: text(body.salt),
  };
}

function upsertBet(bets: readonly CrashBet[], bet: CrashBet): CrashBet[] {
  const index = bets.findIndex((b) => b.id === bet.id);
  if (index < 0) return [...bets, bet];
  const next = bets.slice();
  next[index] = { ...bet, mine: bet.mine || bets[index]!.mine };
  return next;
}

/** The model after one topic message. */
export function applyCrashMessage(model: CrashModel, data: unknown): CrashModel {
  if (!isObject(data)) return model;
  switch (data.type) {
    case 'crash.round': {
      const round = parseRound(data.round);
      if (!round) return model;
      const sameRound = model.round?.id === round.id;
      let history = model.history;
      if (round.status === 'crashed' && round.crashPointCenti !== null && model.round?.status !== 'crashed') {
        const point = { crashPointCenti: round.crashPointCenti, hash: round.hash, game: round.game };
        history = [point, ...history].slice(0, HISTORY_LENGTH);
      }
      return {
        ...model,
        round,
        bets: sameRound ? model.bets : [],
        history,
      };
    }
    case 'crash.tick': {
      const round = model.round;
      const centi = int(data.multiplierCenti);
      if (!round || text(data.roundId) !== round.id || centi === null || round.status === 'crashed')
        return model;
      // Ticks can arrive out of order after a reconnect: the multiplier only rises.
      if (centi < round.multiplierCenti && round.status === 'running') return model;
      return { ...model, round: { ...round, status: 'running', multiplierCenti: centi } };
    }
    case 'crash.bet': {
      const bet = parseBet(data.bet);
      if (!bet || (bet.roundId && model.round && bet.roundId !== model.round.id)) return model;
      return { ...model, bets: upsertBet(model.bets, bet) };
    }
    case 'crash.cashout': {
      const betId = text(data.betId);
      const centi = int(data.multiplierCenti);
      if (!betId || centi === null) return model;
      return {
        ...model,
        bets: model.bets.map((bet) =>
          bet.id === betId
            ? {
                ...bet,
                cashOutCenti: centi,
                status: 'cashed-out',
                payoutMinor: text(data.payoutMinor) ?? cashOutPayout(bet.stakeMinor, centi),
              }
            : bet,
        ),
      };
    }
    default:
      return model;
  }
}

/** stake × multiplier, rounded down to the minor unit (multiplier in hundredths). */
export function cashOutPayout(stakeMinor: string, centi: number): string {
  return ((BigInt(stakeMinor) * BigInt(centi)) / 100n).toString();
}

/** "2.35" (hundredths as a multiplier's text, without the ×). */
export function centiText(centi: number): string {
  return `${Math.floor(centi / 100)}.${String(centi % 100).padStart(2, '0')}`;
}

/**
 * The player's auto cash-out text as hundredths ("2", "2.5", "2,50" → 200, 250, 250); null for an
 * empty field (no auto cash-out); NaN for anything else or below 1.01.
 */
export function parseAutoCashOut(input: string): number | null {
  const value = input.trim().replace(',', '.');
  if (value === '') return null;
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  const centi = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centi >= 101 ? centi : Number.NaN;
}

/** The player's bet in this round (by the id the screen remembers, or the server's own mark). */
export function myBet(model: CrashModel, betId: string | null): CrashBet | null {
  return model.bets.find((bet) => (betId !== null && bet.id === betId) || bet.mine) ?? null;
}

/** The verifier's crash form for a finished game, filled in (hash, salt, game number, commitment). */
export function verifyCrashHref(lng: string, point: CrashPoint, model: CrashModel): string | null {
  if (!point.hash) return null;
  const query = new URLSearchParams({ hash: point.hash });
  if (model.salt) query.set('salt', model.salt);
  if (point.game !== null) query.set('game', String(point.game));
  if (model.chainCommitment) query.set('commitment', model.chainCommitment);
  return `/${lng}/provably-fair?${query.toString()}#crash`;
}
