/**
 * The dashboards' hourly rollups (migration 0280), kept by the workers role's job. A bet, round,
 * ticket or coupon counts with its current stake and payout in the hour it was placed; a payment
 * in the hour it succeeded. Recomputing an hour deletes its rows and inserts them again from the
 * source tables in one transaction, so it replaces the hour: a pass run twice, in two processes at
 * once, or after a crash leaves the same figures. Each pass recomputes the hours touched since the
 * previous pass's watermark (placements, settlements and resettlements, cash-outs, rounds finished,
 * payments changed), looking back WATERMARK_LAG_MS for transactions that committed late.
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { startPeriodicPass } from '../../platform/periodic-pass.ts';
import type { Database } from '../../platform/schema.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const WATERMARK_LAG_MS = 10 * 60_000;
/** Hours recomputed in one statement at most (a long backfill goes in runs of this many). */
const MAX_RUN_HOURS = 24 * 31;

type Db = Kysely<Database>;

const utcHour = (column: string) =>
  sql.raw(`(date_trunc('hour', ${column} at time zone 'UTC') at time zone 'UTC')`);
const utcDay = (column: string) => sql.raw(`((${column} at time zone 'UTC')::date)`);

/** The hours changed at or after `since`, as epoch milliseconds of their start. */
async function touchedHours(db: Db, since: Date): Promise<number[]> {
  const { rows } = await sql<{ hour: Date }>`
    select distinct hour from (
      select ${utcHour('placed_at')} as hour from bets where placed_at >= ${since}
      union all select ${utcHour('placed_at')} from bets where settled_at >= ${since}
      union all select ${utcHour('created_at')} from casino_rounds where mode = 'real' and created_at >= ${since}
      union all select ${utcHour('created_at')} from casino_rounds where mode = 'real' and finished_at >= ${since}
      union all select ${utcHour('coalesce(processed_at, updated_at)')} from payments where updated_at >= ${since}
      union all select ${utcHour('created_at')} from lotto_tickets where created_at >= ${since}
      union all select ${utcHour('created_at')} from lotto_tickets where paid_at >= ${since}
      union all select ${utcHour('created_at')} from toto_coupons where created_at >= ${since}
      union all select ${utcHour('created_at')} from toto_coupons where paid_at >= ${since}
    ) touched`.execute(db);
  return rows.map((r) => new Date(r.hour).getTime()).sort((a, b) => a - b);
}

/** Consecutive hours joined into [from, to) runs of at most MAX_RUN_HOURS. */
export function hourRuns(hoursMs: number[]): { from: Date; to: Date }[] {
  const runs: { from: number; to: number }[] = [];
  for (const h of [...new Set(hoursMs)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last.to === h && (last.to - last.from) / HOUR_MS < MAX_RUN_HOURS) last.to = h + HOUR_MS;
    else runs.push({ from: h, to: h + HOUR_MS });
  }
  return runs.map((r) => ({ from: new Date(r.from), to: new Date(r.to) }));
}

/** Replaces the rollup rows of the hours in [from, to) (whole UTC hours) from the source tables. */
export async function recomputeRange(db: Db, from: Date, to: Date): Promise<void> {
  await db.transaction().execute((trx) => replaceRange(trx, from, to));
}

async function replaceRange(trx: Db, from: Date, to: Date): Promise<void> {
  await sql`delete from dashboard_hourly where hour >= ${from} and hour < ${to}`.execute(trx);
  await insertSportsbook(trx, from, to);
  await insertCasino(trx, from, to);
  await insertLottoToto(trx, from, to);
  await insertPayments(trx, from, to);
  await insertPlayerDays(trx, from, to);
  await deriveLevels(trx, from, to);
}

const SUM_COLUMNS = sql.raw(`sum(turnover_minor), sum(payouts_minor), sum(open_stake_minor), sum(bets),
  sum(rounds), sum(deposits_minor), sum(deposits), sum(withdrawals_minor), sum(withdrawals)`);
const FIGURE_COLUMNS = sql.raw(`turnover_minor, payouts_minor, open_stake_minor, bets, rounds,
  deposits_minor, deposits, withdrawals_minor, withdrawals`);

/** The hours' totals per product and currency, and the whole days the range touches per item. */
async function deriveLevels(trx: Db, from: Date, to: Date): Promise<void> {
  await sql`delete from dashboard_hourly_totals where hour >= ${from} and hour < ${to}`.execute(trx);
  await sql`insert into dashboard_hourly_totals (hour, product, currency, ${FIGURE_COLUMNS})
    select hour, product, currency, ${SUM_COLUMNS} from dashboard_hourly
    where hour >= ${from} and hour < ${to} group by hour, product, currency`.execute(trx);
  const dayFrom = new Date(Math.floor(from.getTime() / DAY_MS) * DAY_MS);
  const dayTo = new Date(Math.ceil(to.getTime() / DAY_MS) * DAY_MS);
  await sql`delete from dashboard_daily_items
    where day >= ${dayFrom.toISOString().slice(0, 10)}::date and day < ${dayTo.toISOString().slice(0, 10)}::date`.execute(
    trx,
  );
  await sql`insert into dashboard_daily_items (day, product, sport_id, game_key, currency, ${FIGURE_COLUMNS})
    select ${utcDay('hour')}, product, sport_id, game_key, currency, ${SUM_COLUMNS} from dashboard_hourly
    where hour >= ${dayFrom} and hour < ${dayTo} group by 1, product, sport_id, game_key, currency`.execute(
    trx,
  );
}

async function insertSportsbook(db: Db, from: Date, to: Date) {
  // The turnover is the stake as placed: a partial cash-out lowers bets.stake by its stake part.
  await sql`
    with b as (
      select b.id, b.currency, ${utcHour('b.placed_at')} as hour,
        b.stake + case when b.cashed_out > 0
          then coalesce((select sum(c.stake_part) from bet_cashouts c where c.bet_id = b.id), 0) else 0 end as staked,
        coalesce(b.payout, 0) + b.cashed_out as paid,
        case when b.status = 'accepted' then b.stake else 0 end as open_stake
      from bets b
      where b.placed_at >= ${from} and b.placed_at < ${to} and b.status not in ('rejected', 'pending_delay')
    ), legs as (
      select l.bet_id,
        case when min(l.sport_id) = max(l.sport_id) then min(l.sport_id) else 0 end as sport_id,
        case when min(l.game_id) = max(l.game_id) then min(l.game_id)::text else '' end as game_key
      from bet_legs l join b on b.id = l.bet_id
      group by l.bet_id
    )
    insert into dashboard_hourly (hour, product, sport_id, game_key, currency,
      turnover_minor, payouts_minor, open_stake_minor, bets)
    select b.hour, 'sportsbook', coalesce(legs.sport_id, 0), coalesce(legs.game_key, ''), b.currency,
      sum(b.staked)::bigint, sum(b.paid)::bigint, sum(b.open_stake)::bigint, count(*)::int
    from b left join legs on legs.bet_id = b.id
    group by 1, 2, 3, 4, 5`.execute(db);
}

async function insertCasino(db: Db, from: Date, to: Date) {
  await sql`
    insert into dashboard_hourly (hour, product, sport_id, game_key, currency,
      turnover_minor, payouts_minor, open_stake_minor, rounds)
    select ${utcHour('created_at')}, 'casino', 0, game_id::text, currency,
      sum(staked)::bigint, sum(case when status = 'finished' then payout else 0 end)::bigint,
      sum(case when status = 'open' then staked else 0 end)::bigint, count(*)::int
    from casino_rounds
    where mode = 'real' and created_at >= ${from} and created_at < ${to}
    group by 1, 2, 3, 4, 5`.execute(db);
}

async function insertLottoToto(db: Db, from: Date, to: Date) {
  await sql`
    insert into dashboard_hourly (hour, product, sport_id, game_key, currency,
      turnover_minor, payouts_minor, open_stake_minor, bets)
    select ${utcHour('created_at')}, 'lotto', 0, game_id, currency,
      sum(price_minor)::bigint, sum(coalesce(prize_minor, 0))::bigint,
      sum(case when status = 'open' then price_minor else 0 end)::bigint, count(*)::int
    from lotto_tickets
    where created_at >= ${from} and created_at < ${to}
    group by 1, 2, 3, 4, 5`.execute(db);
  await sql`
    insert into dashboard_hourly (hour, product, sport_id, game_key, currency,
      turnover_minor, payouts_minor, open_stake_minor, bets)
    select ${utcHour('created_at')}, 'toto', 0, draw_id::text, currency,
      sum(stake_minor)::bigint, sum(coalesce(payout_minor, 0))::bigint,
      sum(case when payout_minor is null then stake_minor else 0 end)::bigint, count(*)::int
    from toto_coupons
    where created_at >= ${from} and created_at < ${to}
    group by 1, 2, 3, 4, 5`.execute(db);
}

async function insertPayments(db: Db, from: Date, to: Date) {
  await sql`
    insert into dashboard_hourly (hour, product, sport_id, game_key, currency,
      deposits_minor, deposits, withdrawals_minor, withdrawals)
    select ${utcHour('coalesce(processed_at, updated_at)')}, 'payments', 0, '', currency,
      sum(case when direction = 'deposit' then amount_minor else 0 end)::bigint,
      count(*) filter (where direction = 'deposit')::int,
      sum(case when direction = 'withdrawal' then amount_minor else 0 end)::bigint,
      count(*) filter (where direction = 'withdrawal')::int
    from payments
    where state = 'success' and coalesce(processed_at, updated_at) >= ${from}
      and coalesce(processed_at, updated_at) < ${to}
    group by 1, 2, 3, 4, 5`.execute(db);
}

/** Players who staked in the hours: inserted, never removed (a placement does not go away). */
async function insertPlayerDays(db: Db, from: Date, to: Date) {
  await sql`
    insert into dashboard_player_days (day, product, currency, user_id)
    select distinct ${utcDay('placed_at')}, 'sportsbook', currency, user_id from bets
      where placed_at >= ${from} and placed_at < ${to} and status not in ('rejected', 'pending_delay')
    union select distinct ${utcDay('created_at')}, 'casino', currency, user_id from casino_rounds
      where mode = 'real' and created_at >= ${from} and created_at < ${to}
    union select distinct ${utcDay('created_at')}, 'lotto', currency, user_id from lotto_tickets
      where created_at >= ${from} and created_at < ${to}
    union select distinct ${utcDay('created_at')}, 'toto', currency, user_id from toto_coupons
      where created_at >= ${from} and created_at < ${to}
    on conflict do nothing`.execute(db);
}

export interface RollupPass {
  hours: number;
  scannedTo: Date;
}

/**
 * One pass: the hours touched since the watermark (all of them on the first pass) recomputed, then
 * the watermark moved to now. Passes in several processes queue on the state row's lock.
 */
export async function runDashboardRollup(db: Db, clock: Clock): Promise<RollupPass> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    await sql`insert into dashboard_rollup_state (id, scanned_to) values (1, 'epoch')
      on conflict (id) do nothing`.execute(trx);
    const { rows } = await sql<{ scanned_to: Date }>`
      select scanned_to from dashboard_rollup_state where id = 1 for update`.execute(trx);
    const since = new Date(new Date(rows[0]!.scanned_to).getTime() - WATERMARK_LAG_MS);
    const hours = await touchedHours(trx, since);
    for (const run of hourRuns(hours)) await replaceRange(trx, run.from, run.to);
    await sql`update dashboard_rollup_state set scanned_to = ${now} where id = 1`.execute(trx);
    return { hours: hours.length, scannedTo: now };
  });
}

/** Recomputes every hour of [from, to) whatever the watermark says (a repair, or after a backfill). */
export async function recomputeDashboards(db: Db, from: Date, to: Date): Promise<number> {
  const start = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS;
  const hours: number[] = [];
  for (let h = start; h < to.getTime() && hours.length < 24 * 3660; h += HOUR_MS) hours.push(h);
  for (const run of hourRuns(hours)) await recomputeRange(db, run.from, run.to);
  return hours.length;
}

/** The workers role's dashboards job: a pass every intervalMs; several processes may run it. */
export function startDashboardWorker(
  db: Db,
  clock: Clock,
  options: { intervalMs: number },
  log: { error(fields: { err: unknown }, message: string): void },
): () => Promise<void> {
  return startPeriodicPass(
    'backoffice-dashboards',
    () => runDashboardRollup(db, clock),
    options.intervalMs,
    log,
  );
}
