/**
 * The player's profile in the back office and the operator's changes to it, each through the
 * owning module's own service: verification decisions through the VerificationService
 * (`parlay verification` calls the same), an exclusion through the LimitsService (a self-exclusion
 * or time-out, which the player cannot lift while it runs), balances and transfers through the
 * Ledger. Notes are the back office's own. Every change is audited.
 */

import { isLockLimit } from '@parlay/domain/limits/index.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger, VerificationService } from '../accounts/index.ts';
import type { LimitsService } from '../limits/index.ts';
import { listAdjustments } from './adjustments.ts';
import { listCases } from './alerts.ts';
import { appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';
import { notesOf, type PlayerRow, playerById, recentActivity } from './player-directory.ts';

export interface PlayerServices {
  ledger: Ledger;
  verification: Pick<VerificationService, 'status' | 'documents' | 'decideRequest'>;
  limits: Pick<
    LimitsService,
    | 'list'
    | 'change'
    | 'isSelfExcluded'
    | 'isLocked'
    | 'imposeOperatorLimit'
    | 'liftOperatorLimit'
    | 'operatorLimits'
  >;
}

async function existingPlayer(db: Kysely<Database>, userId: bigint): Promise<PlayerRow> {
  const player = await playerById(db, userId);
  if (!player) throw new AppError('BACKOFFICE_PLAYER_NOT_FOUND');
  return player;
}

/** Risk flags read off the profile: what an operator should see before acting. */
function riskFlags(input: {
  player: PlayerRow;
  verified: boolean;
  locked: boolean;
  openCases: number;
  pendingAdjustments: number;
}): string[] {
  const flags: string[] = [];
  if (input.player.banLevel > 0) flags.push('banned');
  if (input.locked) flags.push('excluded');
  if (!input.verified) flags.push('not_verified');
  if (input.openCases > 0) flags.push('open_alerts');
  if (input.pendingAdjustments > 0) flags.push('pending_adjustment');
  return flags;
}

export async function playerProfile(db: Kysely<Database>, services: PlayerServices, userId: bigint) {
  const player = await existingPlayer(db, userId);
  const { ledger, verification, limits } = services;
  const [status, documents, limitViews, locked, accounts, transfers, activity, notes, cases, adjustments] =
    await Promise.all([
      verification.status(userId),
      verification.documents(userId, 20),
      limits.list(userId, player.currency),
      limits.isLocked(userId),
      ledger.balances(userId),
      ledger.transactions(userId, { pageSize: 20 }),
      recentActivity(db, userId),
      notesOf(db, userId),
      listCases(db, { userId, limit: 20 }),
      listAdjustments(db, { userId, limit: 20 }),
    ]);
  const verified = status.verification_status_group_code === 'verified';
  const flags = riskFlags({
    player,
    verified,
    locked,
    openCases: cases.filter((c) => c.status !== 'closed').length,
    pendingAdjustments: adjustments.filter((a) => a.status === 'proposed').length,
  });
  return {
    player,
    verification: { group: status.verification_status_group_code, verified, documents },
    limits: limitViews,
    accounts,
    transfers: transfers.entities,
    ...activity,
    notes,
    cases,
    adjustments,
    flags,
  };
}
export type PlayerProfile = Awaited<ReturnType<typeof playerProfile>>;

/** Approves or refuses one uploaded document of the player (the verification service's decision). */
export async function decideDocument(
  db: Kysely<Database>,
  clock: Clock,
  services: PlayerServices,
  actor: Actor,
  input: { userId: bigint; documentId: bigint; decision: 'approve' | 'reject'; reason: string | null },
): Promise<void> {
  const documents = await services.verification.documents(input.userId, 200);
  if (!documents.some((d) => d.id === input.documentId)) throw new AppError('DOCUMENT_NOT_FOUND');
  const decided = await services.verification.decideRequest(input.documentId, input.decision, input.reason);
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: `verification.${input.decision}`,
    target: `player:${input.userId}`,
    outcome: 'ok',
    details: {
      documentId: input.documentId.toString(),
      reason: input.reason,
      group: decided.status.verification_status_group_code,
    },
    ip: actor.ip,
  });
}

/**
 * An operator-imposed exclusion: a self-exclusion (type 30) or time-out (33) for `days`, set
 * through the limits service, which ends the player's sessions and refuses to lift it before
 * it ends (LIMIT_LOCKED), for the player as for anyone.
 */
export async function imposeExclusion(
  db: Kysely<Database>,
  clock: Clock,
  services: PlayerServices,
  actor: Actor,
  input: { userId: bigint; limitType: number; days: number; reason: string },
): Promise<void> {
  const player = await existingPlayer(db, input.userId);
  if (!isLockLimit(input.limitType))
    throw new AppError('VALIDATION_FAILED', 'body/limitType: 30 (self-exclusion) or 33 (time-out)');
  const result = await services.limits.change(input.userId, player.currency, input.limitType, input.days);
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'player.exclude',
    target: `player:${input.userId}`,
    outcome: 'ok',
    details: {
      limitType: input.limitType,
      days: input.days,
      reason: input.reason,
      status: result.status,
      endsAt: result.limit.endsAt,
    },
    ip: actor.ip,
  });
}

export async function addNote(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  input: { userId: bigint; text: string },
): Promise<void> {
  await existingPlayer(db, input.userId);
  if (actor.operatorId === null) throw new AppError('BACKOFFICE_NOT_SIGNED_IN');
  await db
    .insertInto('backoffice_player_notes')
    .values({
      user_id: input.userId,
      operator_id: actor.operatorId,
      operator_login: actor.login,
      text: input.text,
      created_at: clock.now(),
    })
    .execute();
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'player.note',
    target: `player:${input.userId}`,
    outcome: 'ok',
    details: { length: input.text.length },
    ip: actor.ip,
  });
}
