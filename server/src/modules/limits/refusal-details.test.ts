/**
 * Why-am-I-limited: every refusal by a player's own limit names the limit in its details (limitKind,
 * limitType, periodDays, currency, limitMinor, usedMinor, remainingMinor, resetsAt) so the site can
 * say which limit, what is left and when room comes back; a running time-out says until when.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { clock, errorOf, key, limits, newPlayer, setUpLimitsApp } from './test-support.ts';

setUpLimitsApp();

async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('limit refusals name the limit', () => {
  it('a deposit over the deposit limit: the limit, what was deposited, what is left and when room comes back', async () => {
    const p = await newPlayer();
    await p.set(20, 1000); // 1 000.00 RUB a day
    const firstAt = clock.now();
    await p.paidDeposit('700', key()); // confirmed: it counts for good
    clock.advance(3_600_000);
    const res = await p.deposit('400', key());
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'LIMIT_DEPOSIT_EXCEEDED',
      details: {
        limitKind: 'deposit',
        limitType: 20,
        limitValue: 1000,
        periodDays: 1,
        currency: 'RUB',
        limitMinor: '100000',
        usedMinor: '70000',
        remainingMinor: '30000',
        // The 700.00 leaves the rolling day 24 h after it was made.
        resetsAt: new Date(firstAt.getTime() + 86_400_000).toISOString(),
      },
    });
    // What is left still goes through.
    expect((await p.deposit('300', key())).statusCode).toBe(200);
  });

  it('an amount alone above the limit has no time when room comes back', async () => {
    const p = await newPlayer();
    await p.set(22, 500); // 500.00 RUB in 30 days
    const res = await p.deposit('600', key());
    expect(errorOf(res)).toMatchObject({
      code: 'LIMIT_DEPOSIT_EXCEEDED',
      details: {
        limitKind: 'deposit',
        periodDays: 30,
        usedMinor: '0',
        remainingMinor: '50000',
        resetsAt: null,
      },
    });
  });

  it('a stake over the wagering limit and one that could pass the loss limit say which', async () => {
    const p = await newPlayer();
    const userId = BigInt(p.userId);
    await p.set(2, 100); // wagering: 100.00 RUB in 7 days
    await limits.assertStakeAllowed({ userId, currency: 'RUB', amountMinor: 6000n, reference: 'bet:rd-1' });
    const wager = await refusal(
      limits.assertStakeAllowed({ userId, currency: 'RUB', amountMinor: 5000n, reference: 'bet:rd-2' }),
    );
    expect(wager.code).toBe('LIMIT_WAGER_EXCEEDED');
    expect(wager.details).toMatchObject({
      limitKind: 'wager',
      limitType: 2,
      periodDays: 7,
      limitMinor: '10000',
      usedMinor: '6000',
      remainingMinor: '4000',
      resetsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const other = await newPlayer();
    await other.set(10, 50); // loss: 50.00 RUB a day
    const loss = await refusal(
      limits.assertStakeAllowed({
        userId: BigInt(other.userId),
        currency: 'RUB',
        amountMinor: 6000n,
        reference: 'bet:rd-3',
      }),
    );
    expect(loss.code).toBe('LIMIT_LOSS_EXCEEDED');
    expect(loss.details).toMatchObject({ limitKind: 'loss', remainingMinor: '5000', resetsAt: null });
  });

  it('a running time-out names itself and when it ends', async () => {
    const p = await newPlayer();
    await p.set(33, 1); // a time-out of one day
    const locked = await refusal(
      limits.assertStakeAllowed({
        userId: BigInt(p.userId),
        currency: 'RUB',
        amountMinor: 100n,
        reference: 'bet:rd-4',
      }),
    );
    expect(locked.code).toBe('LIMIT_TIME_OUT');
    expect(locked.details).toMatchObject({
      limitKind: 'time_out',
      resetsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
