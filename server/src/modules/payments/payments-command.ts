/** `parlay payments list|approve|reject`: the operator's side of withdrawals. */
import { formatAmount } from '../../../../domain/money/index.ts';
import type { PaymentsService } from './payments-service.ts';

export const PAYMENTS_USAGE = `  payments list                  withdrawals waiting for a decision (state requested)
  payments approve <id>          approve a withdrawal and pay it through the provider
  payments reject <id> [reason]  reject a withdrawal; the reserved money returns to the player`;

export async function runPaymentsCommand(
  payments: PaymentsService,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, idText, reason] = args;
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
