/**
 * `parlay verification list|approve|reject`: the operator's side of verification. A target is a
 * player (`<userId>` or `user:<userId>`) or one verification request, i.e. an uploaded document
 * (`request:<documentId>`). The player's open pages hear about the decision over /ws (topic
 * user:<id>) within about a second, through the workers role of the running server.
 */
import { AppError } from '../../platform/errors.ts';
import type { VerificationService, VerificationStatus } from './verification.ts';

export const VERIFICATION_USAGE = `  verification list              verification requests (uploaded documents) waiting for a decision
  verification approve <userId|user:<id>|request:<id>>
                                 verify the player (or accept one request, which verifies them)
  verification reject <userId|user:<id>|request:<id>> --reason <text>
                                 refuse; the player sees the reason and may upload another document`;

const MAX_REASON = 500;

type Target = { kind: 'user' | 'request'; id: bigint };

export function parseTarget(text: string | undefined): Target | null {
  const match = /^(?:(user|request):)?(\d{1,19})$/.exec(text ?? '');
  if (!match) return null;
  return { kind: match[1] === 'request' ? 'request' : 'user', id: BigInt(match[2]!) };
}

function reasonOf(args: string[]): string | null | undefined {
  const at = args.indexOf('--reason');
  if (at < 0) return null;
  const text = args
    .slice(at + 1)
    .join(' ')
    .trim();
  return text.length > 0 && text.length <= MAX_REASON ? text : undefined;
}

function describe(userId: bigint, status: VerificationStatus): string {
  return `user ${userId}: ${status.verification_status_group_code} (verification_status ${status.verification_status}, user_status_id ${status.user_status_id})`;
}

export async function runVerificationCommand(
  verification: VerificationService,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, targetText, ...rest] = args;
  if (action === 'list') {
    const pending = await verification.pendingRequests();
    for (const r of pending)
      out.log(`request:${r.id}\tuser ${r.userId}\t${r.type}\t${r.createdAt.toISOString()}`);
    out.log(`${pending.length} request(s) waiting`);
    return 0;
  }
  const target = parseTarget(targetText);
  const reason = reasonOf(rest);
  if ((action !== 'approve' && action !== 'reject') || !target || reason === undefined) {
    out.error(`usage:\n${VERIFICATION_USAGE}`);
    return 1;
  }
  if (action === 'reject' && !reason) {
    out.error(`a refusal needs --reason <text> (1 to ${MAX_REASON} characters)`);
    return 1;
  }
  try {
    if (target.kind === 'request') {
      const decided = await verification.decideRequest(target.id, action, reason);
      out.log(
        `request ${target.id} ${action === 'approve' ? 'accepted' : 'refused'}; ${describe(decided.userId, decided.status)}`,
      );
      return 0;
    }
    const status = await verification.review(target.id, action, reason);
    out.log(describe(target.id, status));
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      out.error(`${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
