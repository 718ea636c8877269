/**
 * The dashboards' figures, read from the hourly rollups (dashboard-rollup.ts) and never from the
 * bets: by day or hour, by product, by sport and game, casino RTP per game against the
 * catalogue's declared RTP, and the live figures (bets per second over the last minute, the
 * trading desk's open liability, open casino rounds). Amounts are minor units per currency; days
 * and hours are UTC.
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { openLiabilityByCurrency } from '../betting/index.ts';

type Db = Kysely<Database>;

export const DASHBOARD_PRODUCTS = ['sportsbook', 'casino', 'lotto', 'toto'] as const;
export type DashboardProduct = (typeof DASHBOARD_PRODUCTS)[number];
export type Granularity = 'day' | 'hour';

export interface DashboardFilter {
  from: Date;
  to: Date;
  granularity: Granularity;
  product?: DashboardProduct;
  currency?: string;
}

export interface Figures {
  currency: string;
  turnoverMinor: bigint;
  payoutsMinor: bigint;
  ggrMinor: bigint;
  /** GGR ÷ turnover, null without turnover. */
  margin: number | null;
  openStakeMinor: bigint;
  bets: number;
  rounds: number;
  depositsMinor: bigint;
  deposits: number;
  withdrawalsMinor: bigint;
  withdrawals: number;
  /** Distinct players who staked (per day or period; null for hours, which keep no player sets). */
  activePlayers: number | null;
}

interface SumRow {
  currency: string;
  turnover: string;
  payouts: string;
  open_stake: string;
  bets: string;
  rounds: string;
  deposits_minor: string;
  deposits: string;
  withdrawals_minor: string;
  withdrawals: string;
}

const SUMS = sql`currency, sum(turnover_minor)::text as turnover, sum(payouts_minor)::text as payouts,
  sum(open_stake_minor)::text as open_stake, sum(bets)::text as bets, sum(rounds)::text as rounds,
  sum(deposits_minor)::text as deposits_minor, sum(deposits)::text as deposits,
  sum(withdrawals_minor)::text as withdrawals_minor, sum(withdrawals)::text as withdrawals`;

function figuresOf(r: SumRow, activePlayers: number | null): Figures {
  const turnover = BigInt(r.turnover);
  const payouts = BigInt(r.payouts);
  const ggr = turnover - payouts;
  return {
    currency: r.currency,
    turnoverMinor: turnover,
    payoutsMinor: payouts,
    ggrMinor: ggr,
    margin: turnover === 0n ? null : Number((ggr * 1_000_000n) / turnover) / 1_000_000,
    openStakeMinor: BigInt(r.open_stake),
    bets: Number(r.bets),
    rounds: Number(r.rounds),
    depositsMinor: BigInt(r.deposits_minor),
    deposits: Number(r.deposits),
    withdrawalsMinor: BigInt(r.withdrawals_minor),
    withdrawals: Number(r.withdrawals),
    activePlayers,
  };
}

/** Rows of the period; deposits and withdrawals are the site's, whatever the product filter. */
function where(f: DashboardFilter, withPayments: boolean, daily = false) {
  const product = f.product
    ? withPayments
      ? sql`and product in (${f.product}, 'payments')`
      : sql`and product = ${f.product}`
    : withPayments
      ? sql``
      : sql`and product <> 'payments'`;
  const currency = f.currency ? sql`and currency = ${f.currency}` : sql``;
  if (daily)
    return sql`where day >= ${dayOf(f.from)}::date and day < ${dayOf(f.to)}::date ${product} ${currency}`;
  return sql`where hour >= ${f.from} and hour < ${f.to} ${product} ${currency}`;
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** A period of whole UTC days reads the daily level; any other the hourly one. */
const wholeDays = (f: DashboardFilter) => f.from.getTime() % DAY_MS === 0 && f.to.getTime() % DAY_MS === 0;
/** The item level (sport and game) of the period: daily rows for whole days, hourly otherwise. */
const itemsOf = (f: DashboardFilter) => sql.raw(wholeDays(f) ? 'dashboard_daily_items' : 'dashboard_hourly');

function playersWhere(f: DashboardFilter) {
  const product = f.product ? sql`and product = ${f.product}` : sql``;
  const currency = f.currency ? sql`and currency = ${f.currency}` : sql``;
  return sql`where day >= (${f.from}::timestamptz at time zone 'UTC')::date
    and day < (${f.to}::timestamptz at time zone 'UTC')::date ${product} ${currency}`;
}

export interface SeriesPoint extends Figures {
  bucket: Date;
}

/** Figures per day or hour and currency, oldest first (buckets without activity are absent). */
export async function figureSeries(db: Db, f: DashboardFilter): Promise<SeriesPoint[]> {
  const unit = sql.raw(`'${f.granularity}'`);
  const { rows } = await sql<SumRow & { bucket: Date }>`
    select date_trunc(${unit}, hour at time zone 'UTC') at time zone 'UTC' as bucket, ${SUMS}
    from dashboard_hourly_totals ${where(f, true)}
    group by 1, currency order by 1, currency`.execute(db);
  const players = new Map<string, number>();
  if (f.granularity === 'day') {
    const { rows: days } = await sql<{ day: string; currency: string; players: string }>`
      select day::text as day, currency, count(distinct user_id)::text as players
      from dashboard_player_days ${playersWhere(f)} group by day, currency`.execute(db);
    for (const d of days) players.set(`${d.day}|${d.currency}`, Number(d.players));
  }
  return rows.map((r) => {
    const bucket = new Date(r.bucket);
    const key = `${bucket.toISOString().slice(0, 10)}|${r.currency}`;
    return { bucket, ...figuresOf(r, f.granularity === 'day' ? (players.get(key) ?? 0) : null) };
  });
}

/** The period's figures per currency, with the distinct players of the period. */
export async function figureTotals(db: Db, f: DashboardFilter): Promise<Figures[]> {
  const { rows } = await sql<SumRow>`
    select ${SUMS} from dashboard_hourly_totals ${where(f, true)} group by currency order by currency`.execute(
    db,
  );
  const { rows: players } = await sql<{ currency: string; players: string }>`
    select currency, count(distinct user_id)::text as players
    from dashboard_player_days ${playersWhere(f)} group by currency`.execute(db);
  const byCurrency = new Map(players.map((p) => [p.currency, Number(p.players)]));
  return rows.map((r) => figuresOf(r, byCurrency.get(r.currency) ?? 0));
}

export interface ProductFigures extends Figures {
  product: DashboardProduct;
}

export async function figuresByProduct(db: Db, f: DashboardFilter): Promise<ProductFigures[]> {
  const { rows } = await sql<SumRow & { product: DashboardProduct }>`
    select product, ${SUMS} from dashboard_hourly_totals ${where(f, false)}
    group by product, currency order by currency, sum(turnover_minor) desc`.execute(db);
  const { rows: players } = await sql<{ product: string; currency: string; players: string }>`
    select product, currency, count(distinct user_id)::text as players
    from dashboard_player_days ${playersWhere(f)} group by product, currency`.execute(db);
  const active = new Map(players.map((p) => [`${p.product}|${p.currency}`, Number(p.players)]));
  return rows.map((r) => ({
    product: r.product,
    ...figuresOf(r, active.get(`${r.product}|${r.currency}`) ?? 0),
  }));
}

export const BREAKDOWN_LIMIT = 200;

export interface BreakdownRow extends Figures {
  product: DashboardProduct;
  key: string;
  label: string;
}

/** Figures per sport (sportsbook) or per game (every product), biggest turnover first. */
export async function figuresBreakdown(
  db: Db,
  f: DashboardFilter,
  by: 'sport' | 'game',
  lang: string,
): Promise<BreakdownRow[]> {
  const key = by === 'sport' ? sql`sport_id::text` : sql`game_key`;
  const bySport = by === 'sport' ? sql`and product = 'sportsbook'` : sql``;
  const { rows } = await sql<SumRow & { product: DashboardProduct; key: string }>`
    select product, ${key} as key, ${SUMS} from ${itemsOf(f)} ${where(f, false, wholeDays(f))} ${bySport}
    group by product, 2, currency order by sum(turnover_minor) desc limit ${BREAKDOWN_LIMIT}`.execute(db);
  const labels = await breakdownLabels(db, by, rows, lang);
  return rows.map((r) => ({
    product: r.product,
    key: r.key,
    label: labels.get(`${r.product}|${r.key}`) ?? r.key,
    ...figuresOf(r, null),
  }));
}

/** Names of sports, sportsbook games (home — away), casino games; read-only from the catalogues. */
async function breakdownLabels(
  db: Db,
  by: 'sport' | 'game',
  rows: { product: string; key: string }[],
  lang: string,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const ids = (product: string) =>
    rows.filter((r) => r.product === product && /^\d+$/.test(r.key)).map((r) => Number(r.key));
  const sportIds = ids('sportsbook');
  if (by === 'sport' && sportIds.length > 0) {
    const { rows: sports } = await sql<{ id: number; name: string }>`
      select id, coalesce(names->>${lang}, names->>'en', slug) as name from sports
      where id = any(${sportIds}::int[])`.execute(db);
    for (const s of sports) labels.set(`sportsbook|${s.id}`, s.name);
    return labels;
  }
  if (sportIds.length > 0) {
    const { rows: games } = await sql<{ id: number; name: string }>`
      select g.id, coalesce(h.names->>${lang}, h.names->>'en', '') || ' — ' ||
        coalesce(a.names->>${lang}, a.names->>'en', '') as name
      from games g join teams h on h.id = g.home_team_id join teams a on a.id = g.away_team_id
      where g.id = any(${sportIds}::int[])`.execute(db);
    for (const g of games) labels.set(`sportsbook|${g.id}`, g.name);
  }
  const casinoIds = ids('casino');
  if (casinoIds.length > 0) {
    const { rows: games } = await sql<{ id: number; name: string }>`
      select id, coalesce(names->>${lang}, names->>'en', slug) as name from casino_games
      where id = any(${casinoIds}::int[])`.execute(db);
    for (const g of games) labels.set(`casino|${g.id}`, g.name);
  }
  return labels;
}

/** Measured RTP further than this from the declared one is flagged (given enough rounds). */
export const RTP_TOLERANCE = 0.02;
export const RTP_MIN_ROUNDS = 1000;

export interface RtpRow {
  gameId: number;
  name: string;
  currency: string;
  rounds: number;
  stakedMinor: bigint;
  paidMinor: bigint;
  /** Payouts ÷ stakes of the finished rounds; null before any. */
  measured: number | null;
  /** The catalogue's declared RTP as a fraction, null when it declares none. */
  declared: number | null;
  flag: 'ok' | 'far' | 'few_rounds' | 'undeclared';
}

/** Casino RTP per game and currency over the finished rounds of the period. */
export async function rtpByGame(db: Db, f: DashboardFilter, lang: string): Promise<RtpRow[]> {
  const currency = f.currency ? sql`and d.currency = ${f.currency}` : sql``;
  const period = wholeDays(f)
    ? sql`and d.day >= ${dayOf(f.from)}::date and d.day < ${dayOf(f.to)}::date`
    : sql`and d.hour >= ${f.from} and d.hour < ${f.to}`;
  const { rows } = await sql<{
    game_key: string;
    currency: string;
    rounds: string;
    staked: string;
    paid: string;
    name: string | null;
    rtp_text: string | null;
  }>`
    select d.game_key, d.currency, sum(d.rounds)::text as rounds,
      sum(d.turnover_minor - d.open_stake_minor)::text as staked, sum(d.payouts_minor)::text as paid,
      min(coalesce(g.names->>${lang}, g.names->>'en', g.slug)) as name, min(g.rtp_text) as rtp_text
    from ${itemsOf(f)} d left join casino_games g on g.id::text = d.game_key
    where d.product = 'casino' ${period} ${currency}
    group by d.game_key, d.currency order by sum(d.turnover_minor) desc limit ${BREAKDOWN_LIMIT}`.execute(db);
  return rows.map((r) => {
    const staked = BigInt(r.staked);
    const paid = BigInt(r.paid);
    const measured = staked === 0n ? null : Number((paid * 1_000_000n) / staked) / 1_000_000;
    const declared = r.rtp_text === null ? null : Number(r.rtp_text) / 100;
    const rounds = Number(r.rounds);
    const flag =
      declared === null
        ? 'undeclared'
        : rounds < RTP_MIN_ROUNDS || measured === null
          ? 'few_rounds'
          : Math.abs(measured - declared) > RTP_TOLERANCE
            ? 'far'
            : 'ok';
    return {
      gameId: Number(r.game_key),
      name: r.name ?? `#${r.game_key}`,
      currency: r.currency,
      rounds,
      stakedMinor: staked,
      paidMinor: paid,
      measured,
      declared,
      flag,
    };
  });
}

export interface LiveFigures {
  at: Date;
  /** Bets placed in the last minute ÷ 60. */
  betsPerSecond: number;
  betsLastMinute: number;
  /** Open casino rounds (real money). */
  openRounds: number;
  /**
   * The trading desk's liability of the open bets summed over every game, per currency, biggest
   * first (one aggregate query, betting's openLiabilityByCurrency).
   */
  liability: { currency: string; liabilityMinor: bigint }[];
}

export async function liveFigures(db: Db, clock: Clock): Promise<LiveFigures> {
  const at = clock.now();
  const minuteAgo = new Date(at.getTime() - 60_000);
  const { rows } = await sql<{ bets: string; rounds: string }>`
    select (select count(*) from bets where placed_at > ${minuteAgo} and placed_at <= ${at}
              and status <> 'rejected')::text as bets,
      (select count(*) from casino_rounds where mode = 'real' and status = 'open')::text as rounds`.execute(
    db,
  );
  const liability = await openLiabilityByCurrency(db);
  const bets = Number(rows[0]!.bets);
  return {
    at,
    betsPerSecond: Math.round((bets / 60) * 100) / 100,
    betsLastMinute: bets,
    openRounds: Number(rows[0]!.rounds),
    liability,
  };
}
