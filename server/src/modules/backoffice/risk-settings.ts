/**
 * The alert rules' thresholds as settings (issue 24; one row of backoffice_alert_thresholds,
 * migration 0297): an admin or compliance operator edits them (`alerts.settings`), the alerts job
 * reads them at the start of every pass (alerts.ts). Amounts in minor units of the player's limit
 * currency. Every change is audited with the values before and after.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { appendAudit } from './audit-log.ts';
import type { Actor } from './operators.ts';

export interface AlertThresholds {
  /** deposits_24h: confirmed deposits of the last 24 h above this. */
  deposits24hMinor: bigint;
  /** losses_up: losses of the last 7 days above this… */
  lossesMinMinor: bigint;
  /** …and above this percentage of those of the 7 days before (200: twice). */
  lossesRatioPercent: number;
  /** night_play: this many stakes or more between 00:00 and 05:00 UTC. */
  nightStakes: number;
  /** limit_loosened: this many limits loosened today or more. */
  loosenedLimits: number;
}

export interface AlertThresholdsView extends AlertThresholds {
  updatedAt: Date | null;
  updatedBy: string | null;
}

export async function readAlertThresholds(db: Kysely<Database>): Promise<AlertThresholdsView> {
  const row = await db
    .selectFrom('backoffice_alert_thresholds')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    deposits24hMinor: BigInt(row.deposits_24h_minor),
    lossesMinMinor: BigInt(row.losses_min_minor),
    lossesRatioPercent: row.losses_ratio_percent,
    nightStakes: row.night_stakes,
    loosenedLimits: row.loosened_limits,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

const text = (t: AlertThresholds) => ({
  deposits24hMinor: t.deposits24hMinor.toString(),
  lossesMinMinor: t.lossesMinMinor.toString(),
  lossesRatioPercent: t.lossesRatioPercent,
  nightStakes: t.nightStakes,
  loosenedLimits: t.loosenedLimits,
});

/** Writes the thresholds (the route validated their ranges) and audits before and after. */
export async function updateAlertThresholds(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  next: AlertThresholds,
): Promise<AlertThresholdsView> {
  await db.transaction().execute(async (trx) => {
    const before = await readAlertThresholds(trx);
    await trx
      .updateTable('backoffice_alert_thresholds')
      .set({
        deposits_24h_minor: next.deposits24hMinor,
        losses_min_minor: next.lossesMinMinor,
        losses_ratio_percent: next.lossesRatioPercent,
        night_stakes: next.nightStakes,
        loosened_limits: next.loosenedLimits,
        updated_at: clock.now(),
        updated_by: actor.login,
      })
      .where('id', '=', 1)
      .execute();
    await appendAudit(trx, clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'alerts.settings',
      target: 'alert-thresholds',
      outcome: 'ok',
      details: { before: JSON.stringify(text(before)), after: JSON.stringify(text(next)) },
      ip: actor.ip,
    });
  });
  return readAlertThresholds(db);
}
