/**
 * Bet history of the office: the player's bets filtered by period (days back, or a from/to range),
 * status and type, newest first, paged, each with its legs named in the asked language (game,
 * market, outcome, score), stake, odds, possible and actual win; and the same as CSV (at most
 * MAX_CSV_ROWS rows).
 */

import type { BetLegView, BetView } from '@parlay/domain/coupon/bet-view.ts';
import { formatAmount } from '@parlay/domain/money/amount.ts';
import { isCurrencyCode } from '@parlay/domain/money/currencies.ts';
import { oddsMilliText } from '@parlay/domain/odds/formats.ts';
import type { Kysely, Selectable } from 'kysely';
import { csvRow } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { readSelectionLabels } from '../sportsbook/index.ts';
import type { BettingTables } from './tables.ts';

export const MAX_PAGE_SIZE = 100;
export const MAX_CSV_ROWS = 10_000;
/** 'open' gathers the bets still waiting for a result. */
export const STATUS_FILTERS = [
  'open',
  'pending_delay',
  'accepted',
  'rejected',
  'won',
  'lost',
  'void',
  'cashed_out',
] as const;

export interface BetFilter {
  periodDays: number;
  /** A custom range instead of the period: placed at or after fromMs, before toMs. */
  fromMs?: number;
  toMs?: number;
  status?: (typeof STATUS_FILTERS)[number];
  typeId?: number;
  page: number;
  pageSize: number;
}

type BetRow = Selectable<BettingTables['bets']>;

function query(db: Kysely<Database>, userId: bigint, filter: BetFilter, nowMs: number) {
  const fromMs = filter.fromMs ?? nowMs - filter.periodDays * 86_400_000;
  let q = db.selectFrom('bets').where('user_id', '=', userId).where('placed_at', '>=', new Date(fromMs));
  if (filter.toMs !== undefined) q = q.where('placed_at', '<', new Date(filter.toMs));
  if (filter.status === 'open') q = q.where('status', 'in', ['pending_delay', 'accepted']);
  else if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.typeId !== undefined) q = q.where('type_id', '=', filter.typeId);
  return q;
}

async function cashedOutStakes(db: Kysely<Database>, betIds: bigint[]): Promise<Map<string, bigint>> {
  if (betIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bet_cashouts')
    .select((eb) => ['bet_id', eb.fn.sum<string>('stake_part').as('part')])
    .where('bet_id', 'in', betIds)
    .groupBy('bet_id')
    .execute();
  return new Map(rows.map((r) => [r.bet_id.toString(), BigInt(r.part)]));
}

async function views(db: Kysely<Database>, rows: BetRow[], lang: string): Promise<BetView[]> {
  const legs =
    rows.length === 0
      ? []
      : await db
          .selectFrom('bet_legs')
          .selectAll()
          .where(
            'bet_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('bet_id')
          .orderBy('position')
          .execute();
  const labels = await readSelectionLabels(
    db,
    legs.map((l) => l.outcome_id),
    lang,
  );
  const cashedOut = await cashedOutStakes(
    db,
    rows.filter((r) => r.cashed_out > 0n).map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id.toString(),
    typeId: r.type_id,
    systemValue: r.system_value,
    status: r.status,
    reasonCode: r.reason_code,
    currency: r.currency,
    accountId: r.account_id.toString(),
    stakeMinor: r.stake.toString(),
    originalStakeMinor: (r.stake + (cashedOut.get(r.id.toString()) ?? 0n)).toString(),
    coefMilli: r.coef_milli === null ? null : Number(r.coef_milli),
    possibleWinMinor: r.possible_win.toString(),
    payoutMinor: r.payout === null ? null : r.payout.toString(),
    cashedOutMinor: r.cashed_out.toString(),
    autoCashoutMinor: r.auto_cashout === null ? null : r.auto_cashout.toString(),
    isExpressBonus: r.is_express_bonus,
    isLive: r.is_live,
    placedAt: r.placed_at.toISOString(),
    settledAt: r.settled_at ? r.settled_at.toISOString() : null,
    settlementVersion: r.settlement_version,
    legs: legs
      .filter((l) => l.bet_id === r.id)
      .map((l) => ({
        outcomeId: l.outcome_id.toString(),
        marketId: l.market_id.toString(),
        gameId: l.game_id,
        sportId: l.sport_id,
        oddsMilli: l.odds_milli,
        isLive: l.is_live,
        isBanker: l.is_banker,
        amountMinor: l.amount === null ? null : l.amount.toString(),
        result: l.result,
        scoreAtPlacement: `${l.score_home}:${l.score_away}`,
        names: labels.get(l.outcome_id) ?? null,
      })),
  }));
}

export async function listBets(
  db: Kysely<Database>,
  userId: bigint,
  filter: BetFilter,
  nowMs: number,
  lang = 'en',
) {
  const base = query(db, userId, filter, nowMs);
  const [{ total }] = [
    await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ];
  const rows = await base
    .selectAll()
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return {
    data: await views(db, rows, lang),
    total: Number(total),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export async function getBet(
  db: Kysely<Database>,
  userId: bigint,
  betId: bigint,
  lang = 'en',
): Promise<BetView> {
  const row = await db
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', betId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('BET_NOT_FOUND');
  return (await views(db, [row], lang))[0]!;
}

function money(minor: string | null, iso: string): string {
  if (minor === null) return '';
  return isCurrencyCode(iso) ? formatAmount(BigInt(minor), iso) : minor;
}

/** "Home — Away: 1X2: Home @ 1.85 = win (2:1)"; the outcome id when the names are gone. */
function legText(leg: BetLegView): string {
  const result = leg.result ?? 'open';
  const odds = oddsMilliText(leg.oddsMilli);
  if (!leg.names) return `${leg.outcomeId} @ ${odds} = ${result}`;
  const { gameLabel, marketLabel, outcomeLabel, score } = leg.names;
  return `${gameLabel}: ${marketLabel}: ${outcomeLabel} @ ${odds} = ${result} (${score})`;
}

/** The filtered history as CSV (money in major units of the bet's currency). */
export async function betsCsv(
  db: Kysely<Database>,
  userId: bigint,
  filter: BetFilter,
  nowMs: number,
  lang = 'en',
): Promise<string> {
  const rows = await query(db, userId, filter, nowMs)
    .selectAll()
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_CSV_ROWS)
    .execute();
  const lines = [
    'id,placed_at,type_id,system_value,status,reason,currency,stake,coef,possible_win,payout,cashed_out,placed_stake,legs',
  ];
  for (const bet of await views(db, rows, lang)) {
    const legs = bet.legs.map(legText).join(' | ');
    lines.push(
      // Team names come from the feed: csvRow keeps a name like "=HYPERLINK(…)" from running as a formula.
      csvRow([
        bet.id,
        bet.placedAt,
        String(bet.typeId),
        bet.systemValue === null ? '' : String(bet.systemValue),
        bet.status,
        bet.reasonCode ?? '',
        bet.currency,
        money(bet.stakeMinor, bet.currency),
        bet.coefMilli === null ? '' : oddsMilliText(bet.coefMilli),
        money(bet.possibleWinMinor, bet.currency),
        money(bet.payoutMinor, bet.currency),
        money(bet.cashedOutMinor, bet.currency),
        money(bet.originalStakeMinor, bet.currency),
        legs,
      ]),
    );
  }
  return `${lines.join('\n')}\n`;
}
