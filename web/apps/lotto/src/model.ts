/**
 * What the lotto and toto pages read from /web-api/lotto/v1 and /web-api/toto/v1 (their routes.ts is
 * the contract): money in minor units as strings, ids as strings, times as ISO strings.
 */

export interface NumberFieldView {
  pool: number;
  drawn: number;
  pick: number;
  maxPick: number;
}

export interface TierView {
  id: string;
  mainMatches: number;
  bonusMatch: boolean | null;
  kind: string;
  prizeMinor: string | null;
  shareBasisPoints: number | null;
}

export interface NextDrawView {
  drawId: string;
  drawAt: string;
  closesAt: string;
  secondsToClose: number;
  secondsToDraw: number;
  commitment: string;
  jackpotMinor: string;
}

export interface GameView {
  gameId: string;
  kind: 'draw' | 'keno';
  currency: string;
  priceMinor: string;
  intervalSeconds: number;
  salesCloseSeconds: number;
  maxDraws: number;
  salt: string;
  main: NumberFieldView;
  bonus: NumberFieldView | null;
  fundBasisPoints: number | null;
  rolloverCap: number | null;
  minimumJackpotMinor: string | null;
  tiers: TierView[];
  paytable: Record<string, number[]> | null;
  nextDraw: NextDrawView | null;
}

export type DrawStatus = 'selling' | 'closed' | 'drawn' | 'paying' | 'settled';

export interface DrawSummaryView {
  drawId: string;
  gameId: string;
  status: DrawStatus;
  drawAt: string;
  closesAt: string;
  commitment: string;
  numbers: number[] | null;
  bonus: number | null;
  tickets: string;
  salesMinor: string;
  jackpotInMinor: string;
  jackpotOutMinor: string;
}

export interface DrawTierResult {
  tierId: string;
  kind: string;
  winners: string;
  allocatedMinor: string;
  prizeEachMinor: string;
  totalMinor: string;
}

export interface DrawDetailView extends DrawSummaryView {
  salt: string;
  serverSeed: string | null;
  drawOrder: number[] | null;
  fundMinor: string;
  poolMinor: string;
  fixedMinor: string;
  houseTopUpMinor: string;
  paidMinor: string;
  rolloversIn: number;
  rolloversOut: number;
  rolledDown: boolean;
  drawnAt: string | null;
  settledAt: string | null;
  tiers: DrawTierResult[];
}

export interface DrawPage {
  items: DrawSummaryView[];
  page: number;
  pageSize: number;
  total: number;
}

export interface TicketView {
  ticketId: string;
  purchaseId: string;
  gameId: string;
  drawId: string;
  drawAt: string;
  drawStatus: DrawStatus;
  drawnNumbers: number[] | null;
  drawnBonus: number | null;
  numbers: number[];
  bonusNumbers: number[];
  quickPick: boolean;
  system: boolean;
  combinations: string;
  priceMinor: string;
  currency: string;
  status: 'open' | 'won' | 'lost';
  matches: number | null;
  bonusHit: boolean | null;
  prizeMinor: string;
  paid: boolean;
  paidAt: string | null;
  createdAt: string;
}

export interface TicketPage {
  items: TicketView[];
  page: number;
  pageSize: number;
  total: number;
}

export interface PurchaseView {
  purchaseId: string;
  gameId: string;
  draws: number;
  totalMinor: string;
  currency: string;
  createdAt: string;
  tickets: TicketView[];
}

// ---- Toto ----

export type TotoStatus = 'open' | 'closed' | 'results_in' | 'distributed' | 'paid';
export type Names = Record<string, string>;

export interface TotoMatch {
  position: number;
  gameId: number;
  sportId: number;
  startAt: string;
  champ: Names;
  home: Names;
  away: Names;
  oddsMilli: { home: number; draw: number; away: number };
  result: '1' | 'X' | '2' | 'void' | null;
  predictions: { home: number; draw: number; away: number };
}

export interface TotoCategory {
  category: number;
  shareBasisPoints: number;
  fundMinor: string;
  winningCombinations: string;
  winningCoupons: number;
  payoutPerCombinationMinor: string;
  paidMinor: string;
}

export interface TotoDraw {
  drawId: string;
  number: number;
  status: TotoStatus;
  currency: string;
  minStakeMinor: string;
  poolBasisPoints: number;
  closesAt: string;
  createdAt: string;
  closedAt: string | null;
  resultsAt: string | null;
  distributedAt: string | null;
  paidAt: string | null;
  coupons: number;
  stakesMinor: string;
  poolMinor: string;
  jackpotInMinor: string | null;
  jackpotOutMinor: string | null;
  paidMinor: string | null;
  matches: TotoMatch[];
  categories: TotoCategory[];
}

export interface TotoArchive {
  data: TotoDraw[];
  total: number;
  page: number;
  pageSize: number;
}

export interface TotoNext {
  opensAfter: string | null;
  matches: Omit<TotoMatch, 'position' | 'result' | 'predictions'>[];
}

export interface TotoCoupon {
  couponId: string;
  drawId: string;
  drawNumber: number;
  drawStatus: TotoStatus;
  status: 'pending' | 'lost' | 'won' | 'paid';
  picks: string[];
  combinations: number;
  unitStakeMinor: string;
  stakeMinor: string;
  currency: string;
  createdAt: string;
  wins: Record<string, number> | null;
  payoutMinor: string | null;
  paidAt: string | null;
}

export interface TotoCouponPage {
  data: TotoCoupon[];
  total: number;
  page: number;
  pageSize: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A parser that checks the fields a page cannot do without and trusts the rest to the contract. */
export function shaped<T>(...fields: string[]): (body: unknown) => T | null {
  return (body) => (isObject(body) && fields.every((f) => f in body) ? (body as T) : null);
}

export function listOf<T>(...fields: string[]): (body: unknown) => T[] | null {
  const one = shaped<T>(...fields);
  return (body) => (Array.isArray(body) && body.every((item) => one(item) !== null) ? (body as T[]) : null);
}

export const parseGames = listOf<GameView>('gameId', 'main', 'priceMinor');
export const parseGame = shaped<GameView>('gameId', 'main', 'priceMinor');
export const parseDrawPage = shaped<DrawPage>('items', 'total');
export const parseDraw = shaped<DrawDetailView>('drawId', 'gameId', 'commitment', 'tiers');
export const parseTicketPage = shaped<TicketPage>('items', 'total');
export const parseTicket = shaped<TicketView>('ticketId', 'numbers', 'status');
export const parsePurchase = shaped<PurchaseView>('purchaseId', 'tickets');
export const parseTotoDraw = shaped<TotoDraw>('drawId', 'matches', 'status');
export const parseTotoArchive = shaped<TotoArchive>('data', 'total');
export const parseTotoNext = shaped<TotoNext>('matches');
export const parseTotoCoupon = shaped<TotoCoupon>('couponId', 'picks');
export const parseTotoCoupons = shaped<TotoCouponPage>('data', 'total');
