/**
 * The dashboards' API (/backoffice-api/v1/dashboards/…), every route behind `dashboard.figures`:
 * figures (totals, series by day or hour, by product), breakdown by sport or game, casino RTP per
 * game, live figures. `format=csv` answers the table as CSV with a header row, amounts in major
 * units with their currency.
 */
import { formatAmount } from '@parlay/domain/money/amount.ts';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { csvRow } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import {
  DASHBOARD_PRODUCTS,
  type DashboardFilter,
  type Figures,
  figureSeries,
  figuresBreakdown,
  figuresByProduct,
  figureTotals,
  liveFigures,
  rtpByGame,
} from './dashboard-figures.ts';
import { type GuardContext, requireOperator } from './routes-guard.ts';
import { stringify } from './trading-schemas.ts';

const P = '/backoffice-api/v1/dashboards';
const TAGS = ['backoffice'];
const Json = Type.Unknown();
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const MAX_DAYS = 400;
export const MAX_HOURLY_DAYS = 31;

export const DashboardQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  granularity: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('hour')])),
  product: Type.Optional(Type.Union(DASHBOARD_PRODUCTS.map((p) => Type.Literal(p)))),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  lang: Type.Optional(Type.Union([Type.Literal('ru'), Type.Literal('en')])),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
type Query = Static<typeof DashboardQuery>;
const BreakdownQuery = Type.Composite([
  DashboardQuery,
  Type.Object({ by: Type.Union([Type.Literal('sport'), Type.Literal('game')]) }),
]);

/** The period in whole UTC hours; the last 7 days by default; bad ranges are VALIDATION_FAILED. */
export function dashboardFilter(q: Query, now: Date): DashboardFilter {
  const to = q.to ? new Date(q.to) : new Date(now.getTime() + HOUR_MS);
  const toHour = new Date(Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS);
  const from = q.from ? new Date(q.from) : new Date(toHour.getTime() - 7 * DAY_MS);
  const fromHour = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
  const granularity = q.granularity ?? 'day';
  const span = toHour.getTime() - fromHour.getTime();
  if (span <= 0) throw new AppError('VALIDATION_FAILED', 'querystring/from: must be before to');
  if (span > MAX_DAYS * DAY_MS)
    throw new AppError('VALIDATION_FAILED', `querystring/from: at most ${MAX_DAYS} days`);
  if (granularity === 'hour' && span > MAX_HOURLY_DAYS * DAY_MS)
    throw new AppError(
      'VALIDATION_FAILED',
      `querystring/granularity: hours over at most ${MAX_HOURLY_DAYS} days`,
    );
  return {
    from: fromHour,
    to: toHour,
    granularity,
    ...(q.product ? { product: q.product } : {}),
    ...(q.currency ? { currency: q.currency } : {}),
  };
}

const money = (minor: bigint, currency: string) => {
  try {
    return formatAmount(minor, currency);
  } catch {
    return minor.toString();
  }
};
const ratio = (value: number | null) => (value === null ? '' : value.toFixed(4));

const FIGURE_HEADER = [
  'currency',
  'turnover',
  'payouts',
  'ggr',
  'margin',
  'open_stake',
  'bets',
  'rounds',
  'deposits',
  'deposits_count',
  'withdrawals',
  'withdrawals_count',
  'active_players',
];

function figureCells(f: Figures): string[] {
  return [
    f.currency,
    money(f.turnoverMinor, f.currency),
    money(f.payoutsMinor, f.currency),
    money(f.ggrMinor, f.currency),
    ratio(f.margin),
    money(f.openStakeMinor, f.currency),
    String(f.bets),
    String(f.rounds),
    money(f.depositsMinor, f.currency),
    String(f.deposits),
    money(f.withdrawalsMinor, f.currency),
    String(f.withdrawals),
    f.activePlayers === null ? '' : String(f.activePlayers),
  ];
}

function sendCsv(reply: FastifyReply, name: string, header: string[], lines: string[][]) {
  const text = [csvRow(header), ...lines.map(csvRow)].join('\r\n');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(`${text}\r\n`);
}

export async function dashboardRoutes(app: RoutesApp, options: GuardContext): Promise<void> {
  const ctx: GuardContext = options;
  const { db, clock } = options;

  app.get(
    `${P}/figures`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Turnover, payouts, GGR, margin, counts, deposits, withdrawals: totals, by bucket, by product',
        querystring: DashboardQuery,
        response: { 200: Json },
      },
    },
    async (request, reply) => {
      await requireOperator(ctx, request, 'dashboard.figures');
      const f = dashboardFilter(request.query, clock.now());
      const series = await figureSeries(db, f);
      if (request.query.format === 'csv') {
        const lines = series.map((p) => [p.bucket.toISOString(), ...figureCells(p)]);
        return sendCsv(reply, 'dashboard-figures', [f.granularity, ...FIGURE_HEADER], lines);
      }
      const [totals, products] = [await figureTotals(db, f), await figuresByProduct(db, f)];
      return stringify({ from: f.from, to: f.to, granularity: f.granularity, totals, series, products });
    },
  );

  app.get(
    `${P}/breakdown`,
    {
      schema: {
        tags: TAGS,
        summary: 'Figures by sport (sportsbook) or by game (every product), biggest turnover first',
        querystring: BreakdownQuery,
        response: { 200: Json },
      },
    },
    async (request, reply) => {
      await requireOperator(ctx, request, 'dashboard.figures');
      const f = dashboardFilter(request.query, clock.now());
      const rows = await figuresBreakdown(db, f, request.query.by, request.query.lang ?? 'en');
      if (request.query.format === 'csv') {
        const lines = rows.map((r) => [r.product, r.key, r.label, ...figureCells(r).slice(0, -1)]);
        const header = ['product', request.query.by, 'name', ...FIGURE_HEADER.slice(0, -1)];
        return sendCsv(reply, `dashboard-${request.query.by}`, header, lines);
      }
      return stringify({ from: f.from, to: f.to, rows });
    },
  );

  app.get(
    `${P}/rtp`,
    {
      schema: {
        tags: TAGS,
        summary: 'Casino RTP measured per game (payouts ÷ stakes of finished rounds) against the declared',
        querystring: DashboardQuery,
        response: { 200: Json },
      },
    },
    async (request, reply) => {
      await requireOperator(ctx, request, 'dashboard.figures');
      const f = dashboardFilter(request.query, clock.now());
      const rows = await rtpByGame(db, f, request.query.lang ?? 'en');
      if (request.query.format === 'csv') {
        const header = [
          'game_id',
          'name',
          'currency',
          'rounds',
          'staked',
          'paid',
          'measured_rtp',
          'declared_rtp',
          'flag',
        ];
        const lines = rows.map((r) => [
          String(r.gameId),
          r.name,
          r.currency,
          String(r.rounds),
          money(r.stakedMinor, r.currency),
          money(r.paidMinor, r.currency),
          ratio(r.measured),
          ratio(r.declared),
          r.flag,
        ]);
        return sendCsv(reply, 'dashboard-rtp', header, lines);
      }
      return stringify({ from: f.from, to: f.to, rows });
    },
  );

  app.get(
    `${P}/live`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Live now: bets per second over the last minute, open liability per currency, open casino rounds',
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'dashboard.figures');
      return stringify(await liveFigures(db, clock));
    },
  );
}
