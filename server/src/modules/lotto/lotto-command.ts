/**
 * `parlay lotto …`, the operator's commands:
 *   lotto draws [gameId]   the latest draws (all games, or one) with status, numbers and sales
 *   lotto run-due          one worker pass now: schedule, close sales, draw, settle and pay
 *   lotto verify <drawId>  reproduces a drawn draw from its revealed seed (domain verifyDraw)
 */
import { lottoGame, verifyDraw } from '@parlay/domain/lotto/index.ts';
import type { LottoContext } from './context.ts';
import { readDraw } from './read-draws.ts';
import { runDue } from './run-due.ts';

export const LOTTO_USAGE = `  lotto draws [gameId]          the latest lotto draws with status, numbers and sales
  lotto run-due                  one lotto worker pass: schedule, close sales, draw, settle and pay
  lotto verify <drawId>          reproduce a lotto draw from its revealed seed`;

type Out = Pick<Console, 'log' | 'error'>;

export async function runLottoCommand(
  ctx: LottoContext,
  args: string[],
  out: Out = console,
): Promise<number> {
  const [action, arg] = args;
  if (action === 'run-due') {
    const summary = await runDue(ctx);
    out.log(
      `scheduled ${summary.scheduled}, closed ${summary.closed}, drawn ${summary.drawn}, computed ${summary.computed}, paid ${summary.paid} prizes, settled ${summary.settled}`,
    );
    return 0;
  }
  if (action === 'draws') {
    if (arg && !lottoGame(arg)) {
      out.error(`no lotto game ${arg}`);
      return 1;
    }
    let query = ctx.db
      .selectFrom('lotto_draws')
      .select([
        'id',
        'game_id',
        'status',
        'draw_at',
        'numbers',
        'bonus',
        'tickets',
        'sales_minor',
        'jackpot_out_minor',
      ])
      .orderBy('draw_at', 'desc')
      .limit(30);
    if (arg) query = query.where('game_id', '=', arg);
    for (const d of await query.execute()) {
      const numbers = d.numbers ? `${d.numbers.join(' ')}${d.bonus === null ? '' : ` + ${d.bonus}`}` : '-';
      out.log(
        `${d.id}\t${d.game_id}\t${d.draw_at.toISOString()}\t${d.status}\t${numbers}\ttickets ${d.tickets}\tsales ${d.sales_minor}\tjackpot ${d.jackpot_out_minor}`,
      );
    }
    return 0;
  }
  if (action === 'verify' && arg && /^\d{1,18}$/.test(arg)) {
    const draw = await readDraw(ctx.db, BigInt(arg));
    if (!draw) {
      out.error(`no lotto draw ${arg}`);
      return 1;
    }
    const game = lottoGame(draw.gameId);
    if (!game || draw.serverSeed === null || draw.numbers === null) {
      out.error(`draw ${arg} is not drawn yet: its seed is still secret (commitment ${draw.commitment})`);
      return 1;
    }
    const result = verifyDraw(game, {
      serverSeed: draw.serverSeed,
      commitment: draw.commitment,
      salt: draw.salt,
      drawId: Number(draw.drawId),
      main: draw.numbers,
      bonus: draw.bonus,
    });
    out.log(
      `draw ${draw.drawId} (${draw.gameId}) numbers ${draw.numbers.join(' ')}${draw.bonus === null ? '' : ` + ${draw.bonus}`}`,
    );
    out.log(`commitment check: ${result.commitmentMatches ? 'matches' : 'DOES NOT match'}`);
    out.log(
      `replayed numbers: ${result.expected.main.join(' ')}${result.expected.bonus === null ? '' : ` + ${result.expected.bonus}`}`,
    );
    out.log(result.verified ? 'verified' : 'NOT verified');
    return result.verified ? 0 : 1;
  }
  out.error(LOTTO_USAGE);
  return 1;
}
