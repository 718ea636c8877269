/**
 * `parlay outbox list-dead | resend <id|--all>`: the operator's view of messages the delivery worker
 * gave up on, and sending them again once the provider works (the workers role picks them up on its
 * next pass). Never prints a message's text: it may carry a sign-in or recovery code.
 */
import { AppError } from '../../platform/errors.ts';
import type { DeadMessages } from './dead-messages.ts';

export const OUTBOX_USAGE = `  outbox list-dead               e-mail and SMS messages given up on (oldest first, no texts)
  outbox resend <id|--all>       send dead messages again (a fresh round of attempts)`;

const ID = /^\d{1,18}$/;

export async function runOutboxCommand(
  dead: DeadMessages,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, target] = args;
  try {
    if (action === 'list-dead' && target === undefined) {
      const { messages, total } = await dead.list();
      for (const m of messages)
        out.log(
          `#${m.id}\t${m.channel}\t${m.template}\t${m.recipient}\t${m.attempts} attempt(s)\t${m.createdAt}\t${m.lastError}`,
        );
      out.log(
        total > messages.length
          ? `${total} dead message(s), the oldest ${messages.length} shown`
          : `${total} dead message(s)`,
      );
      return 0;
    }
    if (action === 'resend' && target === '--all') {
      const count = await dead.resendAll();
      out.log(`${count} message(s) queued again`);
      return 0;
    }
    if (action === 'resend' && target !== undefined && ID.test(target) && args.length === 2) {
      await dead.resend(BigInt(target));
      out.log(`#${target} queued again`);
      return 0;
    }
    out.error(`usage:\n${OUTBOX_USAGE}`);
    return 1;
  } catch (err) {
    if (err instanceof AppError) {
      out.error(`${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
