/**
 * `parlay toto status | run`: the operator's view of the toto. `status` lists the draws not yet
 * paid (state, close time, coupons, stakes) and the carried jackpots; `run` does one pass of the
 * workers' job (close due draws, create the next, take results, distribute, pay), which is safe
 * while servers run theirs.
 */
import { sql } from 'kysely';
import type { TotoContext } from './context.ts';
import { runTotoWorkerOnce } from './lifecycle.ts';

export const TOTO_USAGE = `  toto status                    draws not yet paid and the carried jackpots
  toto run                       one pass of the toto worker (close, next draw, results, distribute, pay)`;

type Out = Pick<Console, 'log' | 'error'>;

export async function runTotoCommand(ctx: TotoContext, args: string[], out: Out = console): Promise<number> {
  const [action, ...rest] = args;
  if (rest.length > 0 || (action !== 'status' && action !== 'run')) {
    out.error(`usage:\n${TOTO_USAGE}`);
    return 1;
  }
  if (action === 'run') {
    const r = await runTotoWorkerOnce(ctx);
    out.log(
      `closed ${r.closed}, created ${r.created ? 1 : 0}, results in ${r.resultsIn}, distributed ${r.distributed}, coupons paid ${r.paid}`,
    );
    return 0;
  }
  const { rows } = await sql<{
    number: number;
    status: string;
    closes_at: Date;
    coupons: string;
    stakes: string | null;
  }>`select d.number, d.status, d.closes_at, count(c.id) as coupons, sum(c.stake_minor) as stakes
    from toto_draws d left join toto_coupons c on c.draw_id = d.id
    where d.status <> 'paid' group by d.id order by d.id`.execute(ctx.db);
  if (rows.length === 0) out.log('no draw in progress');
  for (const r of rows) {
    out.log(
      `draw ${r.number}: ${r.status}, closes ${new Date(r.closes_at).toISOString()}, ${r.coupons} coupons, stakes ${r.stakes ?? 0}`,
    );
  }
  const jackpots = await ctx.db.selectFrom('toto_jackpots').selectAll().orderBy('currency').execute();
  for (const j of jackpots) out.log(`jackpot ${j.currency}: ${j.amount_minor}`);
  return 0;
}
