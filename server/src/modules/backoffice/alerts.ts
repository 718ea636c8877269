/**
 * Responsible-gaming and AML alerts. Rules over play, each one INSERT … SELECT raising a case per
 * player and window; the unique key (rule, user_id, window_start) makes a pass idempotent, so the
 * job may run again, in several processes at once or after a crash, and still leaves one case per
 * rule, player and window. Play is read from the limits module's usage records (every deposit,
 * stake and settled loss, counted in the player's limit currency) and its limit rows.
 *
 * Rules (windows by the injected clock, UTC; thresholds from the settings of risk-settings.ts,
 * read at the start of every pass, defaults in brackets):
 * - deposits_24h: confirmed deposits of the last 24 h above deposits24hMinor (100 000.00); one
 *   case a day;
 * - losses_up: losses of the last 7 days above lossesMinMinor (10 000.00) and more than
 *   lossesRatioPercent (200 %) of those of the 7 days before; one case a week;
 * - night_play: nightStakes (5) or more stakes between 00:00 and 05:00 today; one case a day;
 * - limit_loosened: loosenedLimits (1) or more limits raised or removed (a loosening waiting to
 *   apply) today; one case a day.
 * Cases are open, in review or closed, with an assignee, changed in the back office.
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { startPeriodicPass } from '../../platform/periodic-pass.ts';
import type { Database } from '../../platform/schema.ts';
import { appendAudit } from './audit-log.ts';
import type { Actor } from './operators.ts';
import { readAlertThresholds } from './risk-settings.ts';

export const ALERT_RULES = ['deposits_24h', 'losses_up', 'night_play', 'limit_loosened'] as const;
export type AlertRule = (typeof ALERT_RULES)[number];
export const CASE_STATUSES = ['open', 'in_review', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

const DAY_MS = 86_400_000;

function dayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/** Monday 00:00 UTC of the week of `now`. */
function weekStart(now: Date): Date {
  const day = dayStart(now);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** One pass over every rule; answers how many new cases it raised. */
export async function evaluateAlerts(db: Kysely<Database>, clock: Clock): Promise<number> {
  const now = clock.now();
  const today = dayStart(now);
  const week = weekStart(now);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
  const t = await readAlertThresholds(db);
  const statements = [
    sql`insert into backoffice_alert_cases (rule, user_id, window_start, details, created_at, updated_at)
      select 'deposits_24h', user_id, ${today}::timestamptz,
        jsonb_build_object('depositedMinor', sum(counted_minor)::text, 'currency', min(counted_currency)),
        ${now}::timestamptz, ${now}::timestamptz
      from limit_usage
      where kind = 'deposit' and holds_until is null and at > ${dayAgo} and at <= ${now}
      group by user_id having sum(counted_minor) > ${t.deposits24hMinor}
      on conflict (rule, user_id, window_start) do nothing`,
    sql`insert into backoffice_alert_cases (rule, user_id, window_start, details, created_at, updated_at)
      select 'losses_up', user_id, ${week}::timestamptz,
        jsonb_build_object('lostMinor', recent::text, 'lostBeforeMinor', before::text),
        ${now}::timestamptz, ${now}::timestamptz
      from (
        select user_id,
          coalesce(sum(counted_minor) filter (where at > ${weekAgo}), 0) as recent,
          coalesce(sum(counted_minor) filter (where at <= ${weekAgo}), 0) as before
        from limit_usage
        where kind = 'loss' and at > ${twoWeeksAgo} and at <= ${now}
        group by user_id
      ) losses
      where recent > ${t.lossesMinMinor} and recent * 100 > ${t.lossesRatioPercent} * greatest(before, 0)
      on conflict (rule, user_id, window_start) do nothing`,
    sql`insert into backoffice_alert_cases (rule, user_id, window_start, details, created_at, updated_at)
      select 'night_play', user_id, ${today}::timestamptz,
        jsonb_build_object('stakes', count(*)), ${now}::timestamptz, ${now}::timestamptz
      from limit_usage
      where kind = 'stake' and at >= ${today} and at < ${new Date(today.getTime() + 5 * 3_600_000)} and at <= ${now}
      group by user_id having count(*) >= ${t.nightStakes}
      on conflict (rule, user_id, window_start) do nothing`,
    sql`insert into backoffice_alert_cases (rule, user_id, window_start, details, created_at, updated_at)
      select distinct on (user_id) 'limit_loosened', user_id, ${today}::timestamptz,
        jsonb_build_object('limitType', limit_type, 'value', value::text, 'pendingValue', pending_value::text),
        ${now}::timestamptz, ${now}::timestamptz
      from player_limits
      where pending_value is not null and (pending_value = -1 or (value <> -1 and pending_value > value))
        and updated_at >= ${today} and updated_at <= ${now}
        and user_id in (
          select user_id from player_limits
          where pending_value is not null and (pending_value = -1 or (value <> -1 and pending_value > value))
            and updated_at >= ${today} and updated_at <= ${now}
          group by user_id having count(*) >= ${t.loosenedLimits})
      order by user_id, limit_type
      on conflict (rule, user_id, window_start) do nothing`,
  ];
  let raised = 0;
  for (const statement of statements) {
    const result = await statement.execute(db);
    raised += Number(result.numAffectedRows ?? 0n);
  }
  return raised;
}

/** The workers role's alerts job: a pass every intervalMs; several processes may run it. */
export function startAlertsWorker(
  db: Kysely<Database>,
  clock: Clock,
  options: { intervalMs: number },
  log: { error(fields: { err: unknown }, message: string): void },
): () => Promise<void> {
  return startPeriodicPass('backoffice-alerts', () => evaluateAlerts(db, clock), options.intervalMs, log);
}

export interface AlertCase {
  id: bigint;
  rule: string;
  userId: bigint;
  windowStart: Date;
  status: CaseStatus;
  assigneeId: bigint | null;
  assigneeLogin: string | null;
  details: Record<string, string | number | boolean | null>;
  createdAt: Date;
  updatedAt: Date;
}

export async function listCases(
  db: Kysely<Database>,
  filter: { status?: CaseStatus; userId?: bigint; limit: number },
): Promise<AlertCase[]> {
  let query = db
    .selectFrom('backoffice_alert_cases as c')
    .leftJoin('backoffice_operators as o', 'o.id', 'c.assignee_id')
    .selectAll('c')
    .select('o.login as assignee_login')
    .orderBy('c.id', 'desc')
    .limit(filter.limit);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('c.user_id', '=', filter.userId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    rule: r.rule,
    userId: r.user_id,
    windowStart: r.window_start,
    status: r.status,
    assigneeId: r.assignee_id,
    assigneeLogin: r.assignee_login ?? null,
    details: r.details,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** Changes a case's status and/or assignee (an operator id; null unassigns), audited. */
export async function updateCase(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  id: bigint,
  change: { status?: CaseStatus; assigneeId?: bigint | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (change.assigneeId !== undefined && change.assigneeId !== null) {
      const operator = await trx
        .selectFrom('backoffice_operators')
        .select('id')
        .where('id', '=', change.assigneeId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (!operator) throw new AppError('BACKOFFICE_OPERATOR_NOT_FOUND');
    }
    const updated = await trx
      .updateTable('backoffice_alert_cases')
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(change.assigneeId !== undefined ? { assignee_id: change.assigneeId } : {}),
        updated_at: clock.now(),
      })
      .where('id', '=', id)
      .returning(['user_id', 'rule', 'status', 'assignee_id'])
      .executeTakeFirst();
    if (!updated) throw new AppError('BACKOFFICE_CASE_NOT_FOUND');
    await appendAudit(trx, clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'alert.update',
      target: `alert:${id}`,
      outcome: 'ok',
      details: {
        userId: updated.user_id.toString(),
        rule: updated.rule,
        status: updated.status,
        assigneeId: updated.assignee_id?.toString() ?? null,
      },
      ip: actor.ip,
    });
  });
}
