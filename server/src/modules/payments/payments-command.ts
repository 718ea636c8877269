/** `parlay payments list|approve|reject|reconcile`: the operator's side of withdrawals and reconciliation. */
import { formatAmount } from '@parlay/domain/money/index.ts';
import type { PaymentsService } from './payments-service.ts';

export const PAYMENTS_USAGE = `  payments list                  withdrawals waiting for a decision (state requested)
  payments approve <id>          approve a withdrawal and pay it through the provider
  payments reject <id> [reason]  reject a withdrawal; the reserved money returns to the player
  payments reconcile [--older-than <minutes>]
                                 run automatic approvals a crash left undone, compare open
                                 payments (default: untouched for 5 min) with the provider's
                                 records and settle stuck ones exactly once`;

export async function runPaymentsCommand(
  payments: PaymentsService,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, idText, reason] = args;
  if (action === 'reconcile') return reconcile(payments, args.slice(1), out);
  if (action === 'list') {
    const page = await payments.allPayments({
      direction: 'withdrawal',
      states: ['requested'],
      pageSize: 100,
    });
    for (const p of page.entities) {
      out.log(
        `${p.id}\tuser ${p.userId}\t${formatAmount(p.amountMinor, p.currency)} ${p.currency}\t${p.createdAt.toISOString()}`,
      );
    }
    out.log(`${page.totalCount} withdrawal(s) waiting`);
    return 0;
  }
  if ((action === 'approve' || action === 'reject') && idText && /^\d{1,19}$/.test(idText)) {
    const id = BigInt(idText);
    const payment =
      action === 'approve'
        ? await payments.approveWithdrawal(id)
        : await payments.rejectWithdrawal(id, reason ?? 'rejected_by_operator');
    out.log(
      `payment ${payment.id}: ${payment.state}${payment.failureReason ? ` (${payment.failureReason})` : ''}`,
    );
    return payment.state === 'success' || payment.state === 'rejected' || payment.state === 'processing'
      ? 0
      : 1;
  }
  out.error(`usage:\n${PAYMENTS_USAGE}`);
  return 1;
}

async function reconcile(
  payments: PaymentsService,
  args: string[],
  out: Pick<Console, 'log' | 'error'>,
): Promise<number> {
  let olderThanMs: number | undefined;
  if (args.length > 0) {
    const minutes = args[0] === '--older-than' ? Number(args[1]) : Number.NaN;
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 100_000 || args.length !== 2) {
      out.error(`usage:\n${PAYMENTS_USAGE}`);
      return 1;
    }
    olderThanMs = minutes * 60_000;
  }
  const report = await payments.reconcile(olderThanMs === undefined ? {} : { olderThanMs });
  for (const s of report.settled) out.log(`payment ${s.id}: ${s.state}`);
  const o = report.outcomes;
  out.log(
    `${report.jobs} withdrawal(s) approved automatically after an interruption; reconciled ${report.checked} open payment(s): ${o.applied} settled from the provider, ${o.paid} paid out, ${o.expired} expired, ${o.waiting} still waiting, ${o.unchanged} unchanged`,
  );
  return 0;
}
