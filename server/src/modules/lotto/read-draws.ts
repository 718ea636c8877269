/**
 * What anyone may read: the games with their rules and next draw (countdown data), the draws of a
 * game (the results archive, newest first) and one draw in full. A draw's server seed is shown only
 * once it is drawn; before that only its commitment.
 */
import { LOTTO_GAMES, type LottoGame } from '@parlay/domain/lotto/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { LottoDrawStatus } from './tables.ts';

export interface TierRuleView {
  id: string;
  mainMatches: number;
  bonusMatch: boolean | null;
  kind: string;
  prizeMinor: string | null;
  shareBasisPoints: number | null;
}

export interface DrawSummary {
  drawId: string;
  gameId: string;
  status: LottoDrawStatus;
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

export interface NextDrawView {
  drawId: string;
  drawAt: string;
  closesAt: string;
  secondsToClose: number;
  secondsToDraw: number;
  commitment: string;
  /** The jackpot carried into it so far (the last computed draw's carry). */
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
  main: { pool: number; drawn: number; pick: number; maxPick: number };
  bonus: { pool: number; drawn: number; pick: number; maxPick: number } | null;
  fundBasisPoints: number | null;
  rolloverCap: number | null;
  minimumJackpotMinor: string | null;
  tiers: TierRuleView[];
  /** Keno: multipliers in thousandths by picks ("1" … "10"), index = hits. */
  paytable: Record<string, number[]> | null;
  nextDraw: NextDrawView | null;
}

export function gameRules(game: LottoGame): Omit<GameView, 'nextDraw'> {
  return {
    gameId: game.id,
    kind: game.kind,
    currency: game.currency,
    priceMinor: game.priceMinor.toString(),
    intervalSeconds: game.intervalSeconds,
    salesCloseSeconds: game.salesCloseSeconds,
    maxDraws: game.maxDraws,
    salt: game.salt,
    main: { ...game.main },
    bonus: game.bonus ? { ...game.bonus } : null,
    fundBasisPoints: game.kind === 'draw' ? game.fundBasisPoints : null,
    rolloverCap: game.kind === 'draw' ? game.rolloverCap : null,
    minimumJackpotMinor: game.kind === 'draw' ? game.minimumJackpotMinor.toString() : null,
    tiers:
      game.kind === 'draw'
        ? game.tiers.map((t) => ({
            id: t.id,
            mainMatches: t.mainMatches,
            bonusMatch: t.bonusMatch,
            kind: t.kind,
            prizeMinor: t.prizeMinor?.toString() ?? null,
            shareBasisPoints: t.shareBasisPoints ?? null,
          }))
        : [],
    paytable:
      game.kind === 'keno'
        ? Object.fromEntries(Object.entries(game.paytable).map(([picks, row]) => [picks, [...row]]))
        : null,
  };
}

const DRAWN: readonly LottoDrawStatus[] = ['drawn', 'paying', 'settled'];

export async function gameView(db: Kysely<Database>, game: LottoGame, now: Date): Promise<GameView> {
  const [next, carried] = await Promise.all([
    db
      .selectFrom('lotto_draws')
      .select(['id', 'draw_at', 'closes_at', 'commitment'])
      .where('game_id', '=', game.id)
      .where('status', '=', 'selling')
      .where('closes_at', '>', now)
      .orderBy('draw_at')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('lotto_draws')
      .select('jackpot_out_minor')
      .where('game_id', '=', game.id)
      .where('status', 'in', ['paying', 'settled'])
      .orderBy('draw_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    ...gameRules(game),
    nextDraw: next
      ? {
          drawId: next.id.toString(),
          drawAt: next.draw_at.toISOString(),
          closesAt: next.closes_at.toISOString(),
          secondsToClose: Math.max(0, Math.ceil((next.closes_at.getTime() - now.getTime()) / 1000)),
          secondsToDraw: Math.max(0, Math.ceil((next.draw_at.getTime() - now.getTime()) / 1000)),
          commitment: next.commitment,
          jackpotMinor: (carried?.jackpot_out_minor ?? 0n).toString(),
        }
      : null,
  };
}

export async function gamesView(db: Kysely<Database>, now: Date): Promise<GameView[]> {
  return Promise.all(LOTTO_GAMES.map((game) => gameView(db, game, now)));
}

function summaryOf(row: {
  id: bigint;
  game_id: string;
  status: LottoDrawStatus;
  draw_at: Date;
  closes_at: Date;
  commitment: string;
  numbers: number[] | null;
  bonus: number | null;
  tickets: bigint;
  sales_minor: bigint;
  jackpot_in_minor: bigint;
  jackpot_out_minor: bigint;
}): DrawSummary {
  const drawn = DRAWN.includes(row.status);
  return {
    drawId: row.id.toString(),
    gameId: row.game_id,
    status: row.status,
    drawAt: row.draw_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    commitment: row.commitment,
    numbers: drawn ? row.numbers : null,
    bonus: drawn ? row.bonus : null,
    tickets: row.tickets.toString(),
    salesMinor: row.sales_minor.toString(),
    jackpotInMinor: row.jackpot_in_minor.toString(),
    jackpotOutMinor: row.jackpot_out_minor.toString(),
  };
}

const SUMMARY_COLUMNS = [
  'id',
  'game_id',
  'status',
  'draw_at',
  'closes_at',
  'commitment',
  'numbers',
  'bonus',
  'tickets',
  'sales_minor',
  'jackpot_in_minor',
  'jackpot_out_minor',
] as const;

export const MAX_DRAWS_PAGE = 100;

/** A game's draws newest first: `results` only drawn ones (the archive), `upcoming` only on sale. */
export async function listDraws(
  db: Kysely<Database>,
  gameId: string,
  options: { page: number; pageSize: number; filter: 'results' | 'upcoming' | 'all' },
): Promise<{ items: DrawSummary[]; page: number; pageSize: number; total: number }> {
  const pageSize = Math.min(options.pageSize, MAX_DRAWS_PAGE);
  const statuses: LottoDrawStatus[] =
    options.filter === 'results'
      ? ['drawn', 'paying', 'settled']
      : options.filter === 'upcoming'
        ? ['selling', 'closed']
        : ['selling', 'closed', 'drawn', 'paying', 'settled'];
  const base = db.selectFrom('lotto_draws').where('game_id', '=', gameId).where('status', 'in', statuses);
  const [rows, total] = await Promise.all([
    base
      .select(SUMMARY_COLUMNS)
      .orderBy('draw_at', options.filter === 'upcoming' ? 'asc' : 'desc')
      .limit(pageSize)
      .offset((options.page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(summaryOf), page: options.page, pageSize, total: Number(total.n) };
}

export interface TierResultView {
  tierId: string;
  kind: string;
  winners: string;
  allocatedMinor: string;
  prizeEachMinor: string;
  totalMinor: string;
}

export interface DrawDetail extends DrawSummary {
  salt: string;
  /** Revealed once drawn: with the salt and the draw id it reproduces the numbers (verifyDraw). */
  serverSeed: string | null;
  drawOrder: number[] | null;
  fundMinor: string;
  poolMinor: string;
  fixedMinor: string;
  /** What the house added so that a won jackpot reached its minimum. */
  houseTopUpMinor: string;
  paidMinor: string;
  rolloversIn: number;
  rolloversOut: number;
  rolledDown: boolean;
  drawnAt: string | null;
  settledAt: string | null;
  tiers: TierResultView[];
}

export async function readDraw(db: Kysely<Database>, drawId: bigint): Promise<DrawDetail | null> {
  const row = await db.selectFrom('lotto_draws').selectAll().where('id', '=', drawId).executeTakeFirst();
  if (!row) return null;
  const tiers = await db
    .selectFrom('lotto_draw_tiers')
    .selectAll()
    .where('draw_id', '=', drawId)
    .orderBy('tier_index')
    .execute();
  const drawn = DRAWN.includes(row.status);
  return {
    ...summaryOf(row),
    salt: row.salt,
    serverSeed: drawn ? row.server_seed : null,
    drawOrder: drawn ? row.draw_order : null,
    fundMinor: row.fund_minor.toString(),
    poolMinor: row.pool_minor.toString(),
    fixedMinor: row.fixed_minor.toString(),
    houseTopUpMinor: row.house_topup_minor.toString(),
    paidMinor: row.paid_minor.toString(),
    rolloversIn: row.rollovers_in,
    rolloversOut: row.rollovers_out,
    rolledDown: row.rolled_down,
    drawnAt: row.drawn_at?.toISOString() ?? null,
    settledAt: row.settled_at?.toISOString() ?? null,
    tiers: tiers.map((t) => ({
      tierId: t.tier_id,
      kind: t.kind,
      winners: t.winners.toString(),
      allocatedMinor: t.allocated_minor.toString(),
      prizeEachMinor: t.prize_each_minor.toString(),
      totalMinor: t.total_minor.toString(),
    })),
  };
}
