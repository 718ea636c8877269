/** parlay fx list | set <BASE> <QUOTE> <rate> | remove <BASE> <QUOTE> — the rates limits count with. */
import { formatRate } from '@parlay/domain/limits/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { listRates, removeRate, setRate } from './exchange-rates.ts';
import type { Db } from './limit-records.ts';

export const FX_USAGE = `  fx list                        exchange rates the limits count other currencies with
  fx set <BASE> <QUOTE> <rate>   1 BASE = rate QUOTE, e.g. fx set USD RUB 92.5 (also read backwards);
                                 counted amounts round up, by at most one minor unit
  fx remove <BASE> <QUOTE>       forget the rate of a pair (limits then refuse what needs it)`;

export async function runFxCommand(
  db: Db,
  clock: Clock,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, rawBase, rawQuote, rateText] = args;
  const base = rawBase?.toUpperCase() ?? '';
  const quote = rawQuote?.toUpperCase() ?? '';
  try {
    if (action === 'list' && args.length === 1) {
      const rates = await listRates(db);
      for (const r of rates)
        out.log(`${r.base}\t${r.quote}\t${formatRate(r.rate)}\t${r.updatedAt.toISOString()}`);
      out.log(`${rates.length} rate(s)`);
      return 0;
    }
    if (action === 'set' && args.length === 4 && rateText) {
      const rate = await setRate(db, base, quote, rateText, clock.now());
      out.log(`1 ${base} = ${formatRate(rate)} ${quote}`);
      return 0;
    }
    if (action === 'remove' && args.length === 3) {
      out.log(
        (await removeRate(db, base, quote)) ? `${base}/${quote} removed` : `no rate for ${base}/${quote}`,
      );
      return 0;
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    out.error(err.message);
    return 1;
  }
  out.error(`usage:\n${FX_USAGE}`);
  return 1;
}
