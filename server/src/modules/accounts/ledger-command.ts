/** `parlay ledger check`: prints the report; exit code 1 when any difference is found. */
import type { Ledger } from './ledger-service.ts';

export const LEDGER_USAGE =
  '  ledger check                   recompute every balance from the postings; exit 1 on any difference';

export async function runLedgerCommand(
  ledger: Ledger,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  if (args[0] !== 'check') {
    out.error(`usage: parlay ledger check\n${LEDGER_USAGE}`);
    return 1;
  }
  const report = await ledger.check();
  out.log(`ledger: ${report.accounts} accounts, ${report.transfers} transfers, ${report.postings} postings`);
  if (report.differences.length === 0) {
    out.log('ledger check: no difference');
    return 0;
  }
  for (const d of report.differences) out.error(`DIFFERENCE ${d.rule}: ${d.subject}: ${d.detail}`);
  out.error(`ledger check: ${report.differences.length} difference(s)`);
  return 1;
}
