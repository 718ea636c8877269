/** `parlay referrals rules|rule-set|run`: the operator's side of bring-a-friend (docs/referrals.md). */
import { AppError } from '../../platform/errors.ts';
import type { ReferralService } from './referral-service.ts';

export const REFERRALS_USAGE = `  referrals rules                reward rules per currency (deposit, wager, reward, cap; minor units)
  referrals rule-set <CUR> <depositMin> <wagerMin> <reward> <cap> [on|off]
                                 create or change a currency's rule (minor units)
  referrals run                  pay the rewards of qualified friends now (the workers do it too)`;

export async function runReferralsCommand(
  referrals: ReferralService,
  args: string[],
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, ...rest] = args;
  try {
    if (action === 'rules' && rest.length === 0) {
      for (const r of await referrals.rules())
        out.log(
          `${r.currency}\tdeposit ≥ ${r.depositMinMinor}\twager ≥ ${r.wagerMinMinor}\treward ${r.rewardMinor}\tcap ${r.capMinor}\t${r.isEnabled ? 'on' : 'off'}`,
        );
      return 0;
    }
    if (action === 'rule-set' && (rest.length === 5 || rest.length === 6)) {
      const [currency, depositMinMinor, wagerMinMinor, rewardMinor, capMinor, state = 'on'] = rest;
      if (state !== 'on' && state !== 'off') throw new AppError('VALIDATION_FAILED', 'state: on or off');
      const r = await referrals.setRule({
        currency,
        depositMinMinor,
        wagerMinMinor,
        rewardMinor,
        capMinor,
        isEnabled: state === 'on',
      });
      out.log(
        `rule ${r.currency}: deposit ≥ ${r.depositMinMinor}, wager ≥ ${r.wagerMinMinor}, reward ${r.rewardMinor}, cap ${r.capMinor}, ${state}`,
      );
      return 0;
    }
    if (action === 'run' && rest.length === 0) {
      const pass = await referrals.runJobs();
      out.log(`rewarded ${pass.rewarded}, void ${pass.voided}`);
      return 0;
    }
  } catch (error) {
    if (error instanceof AppError) {
      out.error(`${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  }
  out.error(`usage:\n${REFERRALS_USAGE}`);
  return 2;
}
