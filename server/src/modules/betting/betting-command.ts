/**
 * The operator's betting commands: parlay promo create|list|disable and parlay bets vip
 * list|approve|reject. Answer 0 on success, 1 on a usage error or a refused operation.
 */
import { oddsMilliText } from '@parlay/domain/odds/formats.ts';
import { AppError } from '../../platform/errors.ts';
import { type CommandOut, runOperatorCommand } from '../../platform/operator-command.ts';
import type { BettingContext } from './context.ts';
import { createPromo, disablePromo, listPromos, promoText } from './promo-codes.ts';
import { approveVipRequest, listPendingVipRequests, rejectVipRequest } from './vip-requests.ts';

export const BETTING_USAGE = `  promo create <CODE> --boost <basis points> [--min-coef 1.5] [--from ISO] [--to ISO]
                                 a promo code adding boost/100 % of a winning bet's profit
                                 (1000 = +10 %), once per player
  promo list                     every promo code with its uses
  promo disable <CODE>           stop a promo code being used
  bets vip list                  VIP bet requests waiting for a decision
  bets vip approve <id>          place the request's coupon at the current odds
  bets vip reject <id>           refuse it; the stake goes back to the player`;

/** "1.5" → 1500; null when not a coefficient with at most three decimals. */
export function parseCoefMilli(raw: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(raw);
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

function takeOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  if (value === undefined) throw new AppError('VALIDATION_FAILED', `${name} needs a value`);
  return value;
}

function parseDate(raw: string | undefined, name: string): Date | null {
  if (raw === undefined) return null;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime()))
    throw new AppError('VALIDATION_FAILED', `${name}: an ISO date, got ${raw}`);
  return date;
}

export async function runPromoCommand(
  ctx: BettingContext,
  argv: string[],
  out: CommandOut = console,
): Promise<number> {
  const args = [...argv];
  const action = args.shift();
  return runOperatorCommand(out, BETTING_USAGE, async () => {
    if (action === 'create') {
      const boost = takeOption(args, '--boost');
      const minCoef = takeOption(args, '--min-coef');
      const from = parseDate(takeOption(args, '--from'), '--from');
      const to = parseDate(takeOption(args, '--to'), '--to');
      const minCoefMilli = minCoef === undefined ? 1000 : parseCoefMilli(minCoef);
      if (args.length !== 1 || boost === undefined || !/^\d{1,6}$/.test(boost) || minCoefMilli === null) {
        out.error(`usage:\n${BETTING_USAGE}`);
        return 1;
      }
      const promo = await createPromo(
        ctx.db,
        { code: args[0]!, boostBasisPoints: Number(boost), minCoefMilli, validFrom: from, validTo: to },
        ctx.clock.now(),
      );
      out.log(`created ${promoText(promo)}`);
      return 0;
    }
    if (action === 'list' && args.length === 0) {
      for (const p of await listPromos(ctx.db)) {
        const window = `${p.validFrom ?? '…'} → ${p.validTo ?? '…'}`;
        out.log(`${promoText(p)}  ${window}  ${p.isActive ? 'active' : 'disabled'}  ${p.uses} uses`);
      }
      return 0;
    }
    if (action === 'disable' && args.length === 1) {
      if (!(await disablePromo(ctx.db, args[0]!))) {
        out.error(`no promo code ${args[0]}`);
        return 1;
      }
      out.log(`disabled ${args[0]!.toUpperCase()}`);
      return 0;
    }
    return null;
  });
}

export async function runBetsCommand(
  ctx: BettingContext,
  argv: string[],
  out: CommandOut = console,
): Promise<number> {
  const [group, action, rawId] = argv;
  const id = rawId !== undefined && /^[1-9]\d{0,18}$/.test(rawId) ? BigInt(rawId) : null;
  return runOperatorCommand(out, BETTING_USAGE, async () => {
    if (group === 'vip' && action === 'list' && rawId === undefined) {
      const pending = await listPendingVipRequests(ctx.db);
      if (pending.length === 0) out.log('no VIP bet request is waiting');
      for (const r of pending) {
        out.log(
          `#${r.id}  account ${r.accountId}  type ${r.typeId}  stake ${r.stakeMinor} ${r.currency} (minor)  filed ${r.createdAt}  expires ${r.expiresAt}`,
        );
      }
      return 0;
    }
    if (group === 'vip' && action === 'approve' && id !== null) {
      const { request, answer } = await approveVipRequest(ctx, id);
      if (answer?.status === 'accepted') {
        const coef =
          answer.acceptedCoefMilli === null ? '' : ` at ${oddsMilliText(BigInt(answer.acceptedCoefMilli))}`;
        out.log(`approved #${request.id}: bet ${answer.betId} accepted${coef}`);
      } else if (answer?.status === 'pending') {
        out.log(`approved #${request.id}: bet ${answer.betId} waits its live delay`);
      } else {
        out.log(`#${request.id} could not be placed: ${request.reasonCode}; the stake is released`);
      }
      return 0;
    }
    if (group === 'vip' && action === 'reject' && id !== null) {
      const request = await rejectVipRequest(ctx, id);
      out.log(`rejected #${request.id}; the stake is released`);
      return 0;
    }
    return null;
  });
}
