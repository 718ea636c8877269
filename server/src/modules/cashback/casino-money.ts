/**
 * A window's casino money per player, read from the ledger (every casino product posts there:
 * in-house rounds, crash, bingo, TV games and providers' seamless-wallet moves, with the reasons
 * casino_stake, casino_win and casino_rollback). Only the players' main accounts (type 0) in the
 * programme's currency count: bonus money is not the player's loss.
 */
import type { CasinoMoney } from '@parlay/domain/cashback/cashback.ts';
import type { Ledger } from '../accounts/index.ts';

export const CASINO_REASONS = ['casino_stake', 'casino_win', 'casino_rollback'] as const;
const MAIN_ACCOUNT = 0;

export interface PlayerCasinoMoney {
  userId: bigint;
  accountId: bigint;
  money: CasinoMoney;
}

const none = (): CasinoMoney => ({ stakesMinor: 0n, winsMinor: 0n, refundsMinor: 0n, reclaimedMinor: 0n });

export async function casinoMoney(
  ledger: Ledger,
  window: { currency: string; from: Date; to: Date; userId?: bigint },
): Promise<PlayerCasinoMoney[]> {
  const totals = await ledger.reasonTotals({
    reasons: CASINO_REASONS,
    currency: window.currency,
    accountType: MAIN_ACCOUNT,
    from: window.from,
    to: window.to,
    ...(window.userId === undefined ? {} : { userId: window.userId }),
  });
  const players = new Map<bigint, PlayerCasinoMoney>();
  for (const total of totals) {
    let player = players.get(total.userId);
    if (!player) {
      player = { userId: total.userId, accountId: total.accountId, money: none() };
      players.set(total.userId, player);
    }
    const m = player.money;
    if (total.reason === 'casino_stake') {
      m.stakesMinor += total.debitMinor;
      m.refundsMinor += total.creditMinor;
    } else if (total.reason === 'casino_win') {
      m.winsMinor += total.creditMinor;
      m.reclaimedMinor += total.debitMinor;
    } else {
      m.refundsMinor += total.creditMinor;
      m.reclaimedMinor += total.debitMinor;
    }
  }
  return [...players.values()];
}
