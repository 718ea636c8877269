/**
 * The next draw: when no draw is open, the 15 earliest prematch games with an open 1X2 market that
 * start between now + (close lead + margin) and the horizon, and are in no earlier draw. Their
 * names and prices are copied so the draw's page never changes with the line. Sales close at the
 * first start minus the close lead. Two workers racing: the partial unique index on the open draw
 * (and the unique number) lets one insert win; the other gets null.
 */
import { TOTO_CATEGORIES, TOTO_MATCHES } from '@parlay/domain/toto/index.ts';
import { sql } from 'kysely';
import { type LineResultGame, readLineResultGames } from '../sportsbook/index.ts';
import { isUniqueViolation, publishDraw, type TotoContext } from './context.ts';

/** Games read per attempt: enough to skip those already drawn. */
const CANDIDATES = 300;

/** The 15 games the next draw would take now (the "next draw" preview reads the same). */
export async function nominateGames(ctx: TotoContext, fromMs?: number): Promise<LineResultGame[]> {
  const { settings } = ctx;
  const now = ctx.clock.nowMs();
  const from = Math.max(fromMs ?? 0, now + settings.closeBeforeStartMs + settings.minLeadMs);
  const games = await readLineResultGames(ctx.db, {
    fromMs: from,
    toMs: now + settings.horizonMs,
    limit: CANDIDATES,
  });
  if (games.length === 0) return [];
  const drawn = new Set(
    (
      await ctx.db
        .selectFrom('toto_matches')
        .select('game_id')
        .where(
          'game_id',
          'in',
          games.map((g) => g.gameId),
        )
        .execute()
    ).map((r) => r.game_id),
  );
  return games.filter((g) => !drawn.has(g.gameId)).slice(0, TOTO_MATCHES);
}

/** Creates the next draw when none is open and 15 games are there; its id, or null. */
export async function createNextDraw(ctx: TotoContext): Promise<bigint | null> {
  const open = await ctx.db
    .selectFrom('toto_draws')
    .select('id')
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) return null;
  const games = await nominateGames(ctx);
  if (games.length < TOTO_MATCHES) return null;
  const { rules, currency, closeBeforeStartMs } = ctx.settings;
  const closesAt = new Date(games[0]!.startAt.getTime() - closeBeforeStartMs);
  const shares = Object.fromEntries(TOTO_CATEGORIES.map((c) => [String(c), rules.categoryShares[c]]));
  try {
    const draw = await ctx.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        n: number;
      }>`select coalesce(max(number), 0) + 1 as n from toto_draws`.execute(trx);
      const number = Number(rows[0]!.n);
      const inserted = await trx
        .insertInto('toto_draws')
        .values({
          number,
          status: 'open',
          currency,
          min_stake_minor: rules.minStakeMinor,
          pool_basis_points: rules.poolBasisPoints,
          category_shares: JSON.stringify(shares),
          closes_at: closesAt,
          created_at: ctx.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = BigInt(inserted.id);
      await trx
        .insertInto('toto_matches')
        .values(
          games.map((g, i) => ({
            draw_id: id,
            position: i + 1,
            game_id: g.gameId,
            market_id: g.marketId,
            outcome_home: g.outcomes.home,
            outcome_draw: g.outcomes.draw,
            outcome_away: g.outcomes.away,
            odds_home: g.oddsMilli.home,
            odds_draw: g.oddsMilli.draw,
            odds_away: g.oddsMilli.away,
            start_at: g.startAt,
            sport_id: g.sportId,
            champ_names: JSON.stringify(g.champNames),
            home_names: JSON.stringify(g.homeNames),
            away_names: JSON.stringify(g.awayNames),
          })),
        )
        .execute();
      return { id, number };
    });
    publishDraw(ctx, { drawId: draw.id.toString(), number: draw.number, status: 'open' });
    return draw.id;
  } catch (err) {
    if (isUniqueViolation(err, 'toto_draws')) return null;
    throw err;
  }
}
