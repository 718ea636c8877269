/**
 * `parlay cashback …`, the operator's commands:
 *   cashback show                                         the programme: currency, premium tier, levels
 *   cashback level <n> <name> <threshold> <rateBp> <cap>  adds or changes a level (minor units)
 *   cashback remove-level <n>                             removes the top level
 *   cashback premium <rateBp> <cap> <minLevel> [currency] changes the premium tier (and the currency)
 *   cashback premium-member <userId> add|remove           adds or removes a premium member
 *   cashback run-due                                      one worker pass: periods, computation, payouts
 *   cashback payouts [userId]                             the latest payout rows
 */
import type { CashbackContext } from './context.ts';
import { addPremiumMember, removePremiumMember } from './premium.ts';
import { ProgrammeError, readProgramme, removeLevel, setLevel, setPremium } from './programme.ts';
import { runCashbackDue } from './run-due.ts';

export const CASHBACK_USAGE = `  cashback show                  the cashback programme: currency, premium tier and VIP levels
  cashback level <n> <name> <thresholdMinor> <rateBp> <capMinor>   add or change a VIP level
  cashback remove-level <n>      remove the top VIP level
  cashback premium <rateBp> <capMinor> <minLevel> [currency]       change the premium tier
  cashback premium-member <userId> add|remove                      add or remove a premium member
  cashback run-due               one cashback worker pass: periods, computation and payouts
  cashback payouts [userId]      the latest cashback payouts`;

type Out = Pick<Console, 'log' | 'error'>;

const MINOR = /^\d{1,18}$/;
const SMALL = /^\d{1,5}$/;

async function show(ctx: CashbackContext, out: Out): Promise<number> {
  const p = await readProgramme(ctx.db);
  out.log(
    `currency ${p.currency}\tpremium ${p.premiumRateBp} bp, cap ${p.premiumCapMinor}, from level ${p.premiumMinLevel}`,
  );
  for (const l of p.levels)
    out.log(`level ${l.level}\t${l.name}\tfrom ${l.thresholdMinor}\t${l.rateBp} bp\tcap ${l.capMinor}`);
  return 0;
}

async function payouts(ctx: CashbackContext, userId: string | undefined, out: Out): Promise<number> {
  let query = ctx.db.selectFrom('cashback_payouts').selectAll().orderBy('id', 'desc').limit(50);
  if (userId !== undefined) query = query.where('user_id', '=', BigInt(userId));
  for (const r of await query.execute())
    out.log(
      `${r.id}\tuser ${r.user_id}\t${r.period_start.toISOString().slice(0, 10)}\t${r.tier} level ${r.level}\tloss ${r.net_loss_minor}\t${r.rate_bp} bp\tcap ${r.cap_minor}\t${r.amount_minor} ${r.currency}\t${r.status}${r.last_error ? ` (${r.last_error})` : ''}`,
    );
  return 0;
}

async function dispatch(ctx: CashbackContext, args: string[], out: Out): Promise<number | null> {
  const [action, a, b, c, d, e] = args;
  if (action === 'show') return show(ctx, out);
  if (action === 'run-due') {
    const s = await runCashbackDue(ctx);
    out.log(`periods added ${s.periodsAdded}, computed ${s.computed}, paid ${s.paid}`);
    return 0;
  }
  if (action === 'payouts' && (a === undefined || MINOR.test(a))) return payouts(ctx, a, out);
  if (
    action === 'level' &&
    a &&
    SMALL.test(a) &&
    b &&
    c &&
    MINOR.test(c) &&
    d &&
    SMALL.test(d) &&
    e &&
    MINOR.test(e)
  ) {
    await setLevel(ctx.db, {
      level: Number(a),
      name: b,
      thresholdMinor: BigInt(c),
      rateBp: Number(d),
      capMinor: BigInt(e),
    });
    return show(ctx, out);
  }
  if (action === 'remove-level' && a && SMALL.test(a)) {
    await removeLevel(ctx.db, Number(a));
    return show(ctx, out);
  }
  if (action === 'premium' && a && SMALL.test(a) && b && MINOR.test(b) && c && SMALL.test(c)) {
    await setPremium(ctx.db, ctx.clock.now(), {
      rateBp: Number(a),
      capMinor: BigInt(b),
      minLevel: Number(c),
      ...(d ? { currency: d } : {}),
    });
    return show(ctx, out);
  }
  if (action === 'premium-member' && a && MINOR.test(a) && (b === 'add' || b === 'remove')) {
    const changed =
      b === 'add'
        ? await addPremiumMember(ctx, BigInt(a), 'operator')
        : await removePremiumMember(ctx, BigInt(a));
    out.log(
      changed
        ? `user ${a}: ${b === 'add' ? 'added to' : 'removed from'} premium cashback`
        : `user ${a}: unchanged`,
    );
    return 0;
  }
  return null;
}

export async function runCashbackCommand(
  ctx: CashbackContext,
  args: string[],
  out: Out = console,
): Promise<number> {
  try {
    const code = await dispatch(ctx, args, out);
    if (code !== null) return code;
  } catch (err) {
    if (!(err instanceof ProgrammeError)) throw err;
    out.error(`refused: ${err.message}`);
    return 1;
  }
  out.error(`usage:\n${CASHBACK_USAGE}`);
  return 2;
}
