/**
 * The toto's reads: draws with their matches, the coupons' prediction percentages per match and
 * the categories; the archive; the next draw's preview; a player's coupons. The percentages of a
 * draw are one aggregate over its coupons (each coupon's picks are 3 bits per match in one bigint),
 * kept per process for PREDICTION_TTL_MS while the draw sells (for good once it closed) so a busy
 * page does not recount them per request.
 */
import { TOTO_MATCHES } from '@parlay/domain/toto/index.ts';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { TotoContext } from './context.ts';
import { nominateGames } from './create-draw.ts';
import {
  couponView,
  drawView,
  matchView,
  type TotoCouponView,
  type TotoDrawView,
  type TotoMatchView,
} from './views.ts';

const PREDICTION_TTL_MS = 10_000;
export const MAX_PAGE_SIZE = 50;

interface Tally {
  at: number;
  /** Counted after the draw stopped selling: never changes. */
  final: boolean;
  coupons: number;
  stakesMinor: bigint;
  /** Per match (0-based): picks of 1, X, 2. */
  picks: [number, number, number][];
}

const tallies = new WeakMap<TotoContext, Map<string, Tally>>();

/** `final`: the draw no longer sells, so its tally never changes and is kept without a time limit. */
async function tallyOf(ctx: TotoContext, drawId: bigint, final: boolean): Promise<Tally> {
  const cache = tallies.get(ctx) ?? new Map<string, Tally>();
  tallies.set(ctx, cache);
  const key = drawId.toString();
  const now = ctx.clock.nowMs();
  const hit = cache.get(key);
  if (hit && ((final && hit.final) || now - hit.at < PREDICTION_TTL_MS)) return hit;
  const { rows } = await sql<{ i: number; h: string | null; d: string | null; a: string | null }>`
    select p.i, sum((c.picks >> (3 * p.i)) & 1) as h, sum((c.picks >> (3 * p.i + 1)) & 1) as d,
      sum((c.picks >> (3 * p.i + 2)) & 1) as a
    from toto_coupons c cross join generate_series(0, ${TOTO_MATCHES - 1}) as p(i)
    where c.draw_id = ${drawId}
    group by p.i`.execute(ctx.db);
  const totals = await ctx.db
    .selectFrom('toto_coupons')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('stake_minor').as('s')])
    .where('draw_id', '=', drawId)
    .executeTakeFirstOrThrow();
  const picks: [number, number, number][] = Array.from({ length: TOTO_MATCHES }, () => [0, 0, 0]);
  for (const r of rows) picks[Number(r.i)] = [Number(r.h ?? 0), Number(r.d ?? 0), Number(r.a ?? 0)];
  const tally = { at: now, final, coupons: Number(totals.n), stakesMinor: BigInt(totals.s ?? 0), picks };
  if (cache.size > 100) cache.clear();
  cache.set(key, tally);
  return tally;
}

export async function readDraw(ctx: TotoContext, drawId: bigint): Promise<TotoDrawView> {
  const draw = await ctx.db.selectFrom('toto_draws').selectAll().where('id', '=', drawId).executeTakeFirst();
  if (!draw) throw new AppError('TOTO_DRAW_NOT_FOUND', undefined, { drawId: drawId.toString() });
  const [matches, categories, tally] = await Promise.all([
    ctx.db.selectFrom('toto_matches').selectAll().where('draw_id', '=', drawId).orderBy('position').execute(),
    ctx.db.selectFrom('toto_categories').selectAll().where('draw_id', '=', drawId).execute(),
    tallyOf(ctx, drawId, draw.status !== 'open'),
  ]);
  return drawView(
    draw,
    matches.map((m) => matchView(m, tally.picks[m.position - 1])),
    categories,
    tally,
  );
}

/** The draw on sale; when none is, the newest draw. */
export async function readCurrentDraw(ctx: TotoContext): Promise<TotoDrawView> {
  const open = await ctx.db
    .selectFrom('toto_draws')
    .select('id')
    .where('status', '=', 'open')
    .executeTakeFirst();
  const draw =
    open ??
    (await ctx.db.selectFrom('toto_draws').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst());
  if (!draw) throw new AppError('TOTO_DRAW_NOT_FOUND', 'No toto draw yet');
  return readDraw(ctx, BigInt(draw.id));
}

export interface NextDrawView {
  /** When the draw after the current one can open at the earliest: the current draw's close. */
  opensAfter: string | null;
  /** The games it would take if it were made now (it is made when the current draw closes). */
  matches: Omit<TotoMatchView, 'position' | 'result' | 'predictions'>[];
}

/** The preview of the draw after the open one: the games the workers would take now. */
export async function readNextDraw(ctx: TotoContext): Promise<NextDrawView> {
  const open = await ctx.db
    .selectFrom('toto_draws')
    .select(['id', 'closes_at'])
    .where('status', '=', 'open')
    .executeTakeFirst();
  let after: number | undefined;
  if (open) {
    const last = await ctx.db
      .selectFrom('toto_matches')
      .select((eb) => eb.fn.max('start_at').as('last'))
      .where('draw_id', '=', open.id)
      .executeTakeFirst();
    after = last?.last ? new Date(last.last).getTime() + 1 : undefined;
  }
  const games = await nominateGames(ctx, after);
  return {
    opensAfter: open ? new Date(open.closes_at).toISOString() : null,
    matches: games.map((g) => ({
      gameId: g.gameId,
      sportId: g.sportId,
      startAt: g.startAt.toISOString(),
      champ: g.champNames,
      home: g.homeNames,
      away: g.awayNames,
      oddsMilli: g.oddsMilli,
    })),
  };
}

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Draws no longer on sale, newest first, with their categories (winners and payout per category). */
export async function readArchive(
  ctx: TotoContext,
  page: number,
  pageSize: number,
): Promise<Paged<TotoDrawView>> {
  const size = Math.min(pageSize, MAX_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('toto_draws')
      .select('id')
      .where('status', '<>', 'open')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ctx.db
      .selectFrom('toto_draws')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '<>', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  const data: TotoDrawView[] = [];
  for (const r of rows) data.push(await readDraw(ctx, BigInt(r.id)));
  return { data, total: Number(total.n), page, pageSize: size };
}

export async function readMyCoupons(
  ctx: TotoContext,
  userId: bigint,
  page: number,
  pageSize: number,
): Promise<Paged<TotoCouponView>> {
  const size = Math.min(pageSize, MAX_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('toto_coupons as c')
      .innerJoin('toto_draws as d', 'd.id', 'c.draw_id')
      .selectAll('c')
      .select(['d.number', 'd.status'])
      .where('c.user_id', '=', userId)
      .orderBy('c.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ctx.db
      .selectFrom('toto_coupons')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => couponView(r, { number: r.number, status: r.status })),
    total: Number(total.n),
    page,
    pageSize: size,
  };
}

/** One of the player's coupons with its draw's matches (the printable coupon). */
export async function readCoupon(
  ctx: TotoContext,
  userId: bigint,
  couponId: bigint,
): Promise<TotoCouponView & { matches: TotoMatchView[] }> {
  const row = await ctx.db
    .selectFrom('toto_coupons as c')
    .innerJoin('toto_draws as d', 'd.id', 'c.draw_id')
    .selectAll('c')
    .select(['d.number', 'd.status'])
    .where('c.id', '=', couponId)
    .where('c.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('TOTO_COUPON_NOT_FOUND', undefined, { couponId: couponId.toString() });
  const matches = await ctx.db
    .selectFrom('toto_matches')
    .selectAll()
    .where('draw_id', '=', row.draw_id)
    .orderBy('position')
    .execute();
  const tally = await tallyOf(ctx, BigInt(row.draw_id), row.status !== 'open');
  return {
    ...couponView(row, { number: row.number, status: row.status }),
    matches: matches.map((m) => matchView(m, tally.picks[m.position - 1])),
  };
}
