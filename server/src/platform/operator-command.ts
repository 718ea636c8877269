/**
 * What the operator commands of the CLI (parlay promo, parlay bets, …) share: where they write, and
 * how a refused operation ends one.
 */
import { AppError } from './errors.ts';

/** Lines for the operator (log) and refusals (error). */
export type CommandOut = Pick<Console, 'log' | 'error'>;

/**
 * Runs a command's work and answers its exit code. A refused operation (an AppError) prints
 * "CODE: message" and answers 1; work answering null matched no action: the usage is printed and
 * the answer is 1. Any other error is thrown on.
 */
export async function runOperatorCommand(
  out: CommandOut,
  usage: string,
  work: () => Promise<number | null>,
): Promise<number> {
  try {
    const code = await work();
    if (code !== null) return code;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    out.error(`${err.code}: ${err.message}`);
    return 1;
  }
  out.error(`usage:\n${usage}`);
  return 1;
}
