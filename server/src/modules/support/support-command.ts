/**
 * `parlay support list [all]|show <id>|answer <id> <text>|close <id>`: the operator's side of support
 * requests until the back office exists. The player's open page hears of an answer or a close over
 * /ws (user:<id>) through the announcer of the running server's workers role.
 */
import { AppError } from '../../platform/errors.ts';
import type { SupportService } from './support-service.ts';

export const SUPPORT_USAGE = `  support list [all]             support requests waiting for an answer (all: every request)
  support show <id>              one request with its messages
  support answer <id> <text…>    answer as the operator (status answered)
  support close <id>             close the request (the player may then rate it)
  support ideas                  shared ideas, most votes first
  support idea-answer <id> <text…>  answer an idea (every player sees it)`;

const ID = /^\d{1,18}$/;

export async function runSupportCommand(
  support: SupportService,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, idText, ...rest] = args;
  try {
    if (action === 'list') {
      const rows = await support.operatorList(idText === 'all' ? 'all' : 'waiting');
      for (const r of rows)
        out.log(`#${r.id}\tuser ${r.userId}\t${r.status}\t${r.topic}\t${r.updatedAt}\t${r.subject}`);
      out.log(`${rows.length} request(s)`);
      return 0;
    }
    if (action === 'ideas') {
      const ideas = await support.ideas.list(null);
      for (const i of ideas)
        out.log(`idea #${i.id}\t${i.votes} vote(s)\t${i.answer ? 'answered' : 'open'}\t${i.title}`);
      out.log(`${ideas.length} idea(s)`);
      return 0;
    }
    if (action === 'idea-answer' && idText && ID.test(idText) && rest.join(' ').trim()) {
      await support.ideas.answer(BigInt(idText), rest.join(' '));
      out.log(`answered idea #${idText}`);
      return 0;
    }
    if (!idText || !ID.test(idText) || !['show', 'answer', 'close'].includes(action ?? '')) {
      out.error(`usage:\n${SUPPORT_USAGE}`);
      return 1;
    }
    const id = BigInt(idText);
    if (action === 'show') {
      const thread = await support.thread(id, null);
      out.log(`#${thread.id} user ${thread.userId} ${thread.status} ${thread.topic}: ${thread.subject}`);
      for (const m of thread.messages)
        out.log(
          `  [${m.createdAt}] ${m.author}: ${m.text}${m.attachment ? ` (attachment ${m.attachment.name}, ${m.attachment.size} bytes)` : ''}`,
        );
      return 0;
    }
    if (action === 'answer') {
      const text = rest.join(' ').trim();
      if (!text) {
        out.error('an answer needs a text');
        return 1;
      }
      await support.answer(id, text);
      out.log(`answered #${id}`);
      return 0;
    }
    await support.close(id, null);
    out.log(`closed #${id}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      out.error(`${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
