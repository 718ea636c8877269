/**
 * Manual balance adjustments under four eyes. Operator A proposes (a player's account, a signed
 * amount in minor units, a reason): nothing moves. A different operator B approves or rejects.
 * Only the approval moves money, in the same transaction that marks the proposal approved: house →
 * player for a credit, player → house for a debit (the ledger refuses a debit below zero), under
 * the idempotency key backoffice-adjustment:<id>. The proposal's row is locked first, so of two
 * approvals at once the second sees it decided; a refused decision (own proposal, already decided,
 * not enough money) moves nothing and is audited as refused.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError, type ErrorCode } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { type AuditDetails, appendAudit, appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';
import type { BackofficeTables } from './tables.ts';

export const ADJUSTMENT_REASON = 'backoffice_adjustment';

type Row = Selectable<BackofficeTables['backoffice_adjustments']>;

export interface Adjustment {
  id: bigint;
  userId: bigint;
  accountId: bigint;
  currency: string;
  amountMinor: bigint;
  reason: string;
  status: 'proposed' | 'approved' | 'rejected';
  proposedBy: bigint;
  proposedAt: Date;
  decidedBy: bigint | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  transferId: bigint | null;
}

function adjustmentOf(r: Row): Adjustment {
  return {
    id: r.id,
    userId: r.user_id,
    accountId: r.account_id,
    currency: r.currency,
    amountMinor: r.amount_minor,
    reason: r.reason,
    status: r.status,
    proposedBy: r.proposed_by,
    proposedAt: r.proposed_at,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at,
    decisionNote: r.decision_note,
    transferId: r.transfer_id,
  };
}

function detailsOf(a: Adjustment, extra: AuditDetails = {}): AuditDetails {
  return {
    userId: a.userId.toString(),
    accountId: a.accountId.toString(),
    amountMinor: a.amountMinor.toString(),
    currency: a.currency,
    reason: a.reason,
    ...extra,
  };
}

function operatorIdOf(actor: Actor): bigint {
  if (actor.operatorId === null) throw new AppError('BACKOFFICE_NOT_SIGNED_IN');
  return actor.operatorId;
}

export interface Proposal {
  userId: bigint;
  accountId: bigint;
  amountMinor: bigint;
  reason: string;
}

/** Records a proposal (nothing moves); the account must be the player's. */
export async function proposeAdjustment(
  ledger: Ledger,
  clock: Clock,
  actor: Actor,
  proposal: Proposal,
): Promise<Adjustment> {
  const operatorId = operatorIdOf(actor);
  if (proposal.amountMinor === 0n) throw new AppError('VALIDATION_FAILED', 'body/amountMinor: not zero');
  const account = await ledger.account(proposal.userId, proposal.accountId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'ACCOUNT_NOT_FOUND')
      throw new AppError('BACKOFFICE_PLAYER_NOT_FOUND');
    throw err;
  });
  return ledger.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('backoffice_adjustments')
      .values({
        user_id: proposal.userId,
        account_id: proposal.accountId,
        currency: account.iso,
        amount_minor: proposal.amountMinor,
        reason: proposal.reason,
        proposed_by: operatorId,
        proposed_at: clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const adjustment = adjustmentOf(row);
    await appendAudit(trx, clock.now(), {
      operatorId,
      operatorLogin: actor.login,
      action: 'adjustment.propose',
      target: `adjustment:${adjustment.id}`,
      outcome: 'ok',
      details: detailsOf(adjustment),
      ip: actor.ip,
    });
    return adjustment;
  });
}

/** The proposal locked for a decision, or why this operator may not decide it. */
async function lockedForDecision(
  trx: Kysely<Database>,
  id: bigint,
  operatorId: bigint,
): Promise<{ row: Adjustment; refusal: ErrorCode | null }> {
  const row = await trx
    .selectFrom('backoffice_adjustments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('BACKOFFICE_ADJUSTMENT_NOT_FOUND');
  const adjustment = adjustmentOf(row);
  if (adjustment.status !== 'proposed') return { row: adjustment, refusal: 'BACKOFFICE_ADJUSTMENT_DECIDED' };
  if (adjustment.proposedBy === operatorId) return { row: adjustment, refusal: 'BACKOFFICE_OWN_PROPOSAL' };
  return { row: adjustment, refusal: null };
}

async function refused(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  action: string,
  a: Adjustment,
  code: string,
) {
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action,
    target: `adjustment:${a.id}`,
    outcome: 'refused',
    details: detailsOf(a, { refusal: code }),
    ip: actor.ip,
  });
}

type Decision =
  | { kind: 'done'; adjustment: Adjustment }
  | { kind: 'refused'; adjustment: Adjustment; code: ErrorCode };

/** Approves a proposal of another operator: the money moves once, in the approving transaction. */
export async function approveAdjustment(
  ledger: Ledger,
  clock: Clock,
  actor: Actor,
  id: bigint,
): Promise<Adjustment> {
  const operatorId = operatorIdOf(actor);
  let proposal: Adjustment | null = null;
  let decision: Decision;
  try {
    decision = await ledger.transaction(async (trx, money): Promise<Decision> => {
      const { row, refusal } = await lockedForDecision(trx, id, operatorId);
      proposal = row;
      if (refusal) return { kind: 'refused', adjustment: row, code: refusal };
      const player = row.accountId;
      const house = { system: 'house' as const };
      const credit = row.amountMinor > 0n;
      const transfer = await money.move({
        idempotencyKey: `backoffice-adjustment:${row.id}`,
        reason: ADJUSTMENT_REASON,
        currency: row.currency,
        from: credit ? house : player,
        to: credit ? player : house,
        amountMinor: credit ? row.amountMinor : -row.amountMinor,
        userId: row.userId,
        metadata: {
          adjustmentId: row.id.toString(),
          proposedBy: row.proposedBy.toString(),
          approvedBy: operatorId.toString(),
        },
      });
      const updated = await trx
        .updateTable('backoffice_adjustments')
        .set({
          status: 'approved',
          decided_by: operatorId,
          decided_at: clock.now(),
          transfer_id: transfer.id,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const adjustment = adjustmentOf(updated);
      await appendAudit(trx, clock.now(), {
        operatorId,
        operatorLogin: actor.login,
        action: 'adjustment.approve',
        target: `adjustment:${row.id}`,
        outcome: 'ok',
        details: detailsOf(adjustment, { transferId: transfer.id.toString() }),
        ip: actor.ip,
      });
      return { kind: 'done', adjustment };
    });
  } catch (err) {
    // The ledger refused the debit (not enough money, a frozen account): nothing moved.
    if (proposal && err instanceof AppError)
      await refused(ledger.db, clock, actor, 'adjustment.approve', proposal, err.code);
    throw err;
  }
  if (decision.kind === 'refused') {
    await refused(ledger.db, clock, actor, 'adjustment.approve', decision.adjustment, decision.code);
    throw new AppError(decision.code, undefined, { status: decision.adjustment.status });
  }
  return decision.adjustment;
}

/** Rejects a proposal of another operator: nothing moves. */
export async function rejectAdjustment(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  id: bigint,
  note: string,
): Promise<Adjustment> {
  const operatorId = operatorIdOf(actor);
  const decision = await db.transaction().execute(async (trx): Promise<Decision> => {
    const { row, refusal } = await lockedForDecision(trx, id, operatorId);
    if (refusal) return { kind: 'refused', adjustment: row, code: refusal };
    const updated = await trx
      .updateTable('backoffice_adjustments')
      .set({ status: 'rejected', decided_by: operatorId, decided_at: clock.now(), decision_note: note })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const adjustment = adjustmentOf(updated);
    await appendAudit(trx, clock.now(), {
      operatorId,
      operatorLogin: actor.login,
      action: 'adjustment.reject',
      target: `adjustment:${row.id}`,
      outcome: 'ok',
      details: detailsOf(adjustment, { note }),
      ip: actor.ip,
    });
    return { kind: 'done', adjustment };
  });
  if (decision.kind === 'refused') {
    await refused(db, clock, actor, 'adjustment.reject', decision.adjustment, decision.code);
    throw new AppError(decision.code, undefined, { status: decision.adjustment.status });
  }
  return decision.adjustment;
}

/** Proposals, newest first: waiting ones (status proposed), or a player's (any status). */
export async function listAdjustments(
  db: Kysely<Database>,
  filter: { status?: Adjustment['status']; userId?: bigint; limit: number },
): Promise<Adjustment[]> {
  let query = db.selectFrom('backoffice_adjustments').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  return (await query.execute()).map(adjustmentOf);
}
