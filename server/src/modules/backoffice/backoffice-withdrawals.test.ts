/** The withdrawal desk: the queue, approval through the payments service (once), rejection with a reason. */
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  call,
  fundedWithdrawal,
  newOperator,
  payments,
  signIn,
  t,
  withBackofficeApp,
} from './api-test/test-support.ts';

withBackofficeApp();

describe('withdrawals through the back office', () => {
  it('lists the queue with player and amount; approves once through the payments service', async () => {
    const desk = await signIn(await newOperator('cashier', 'payments'));
    const { player, withdrawal } = await fundedWithdrawal(200_000n);
    expect(await balanceOf(player)).toBe(200_000n);
    const queue = (await call('GET', '/backoffice-api/v1/withdrawals', desk)).json();
    expect(queue.items).toContainEqual(
      expect.objectContaining({
        id: withdrawal.id.toString(),
        userId: player.userId.toString(),
        amountMinor: '200000',
        currency: 'RUB',
      }),
    );
    const approved = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, desk);
    expect(approved.json()).toEqual({ id: withdrawal.id.toString(), state: 'success' });
    expect(await balanceOf(player)).toBe(200_000n);
    expect((await payments.getPayment(withdrawal.id)).details.approvedBy).toMatch(/^backoffice:cashier:/);
    const twice = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, desk);
    expect(twice.json().error.code).toBe('BACKOFFICE_ALREADY_DECIDED');
    const audit = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .selectAll()
      .where('target', '=', `payment:${withdrawal.id}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([
      ['withdrawal.approve', 'ok'],
      ['withdrawal.approve', 'refused'],
    ]);
    expect(audit[0]!.details).toMatchObject({
      amountMinor: '200000',
      currency: 'RUB',
      userId: player.userId.toString(),
    });
  });

  it('two parallel approvals of one withdrawal: one succeeds, the money moves once', async () => {
    const one = await signIn(await newOperator('cashier-a', 'payments'));
    const two = await signIn(await newOperator('cashier-b', 'payments'));
    const { player, withdrawal } = await fundedWithdrawal(300_000n);
    const answers = await Promise.all(
      [one, two, one, two].map((c) =>
        call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, c),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await payments.getPayment(withdrawal.id)).state).toBe('success');
    expect(await balanceOf(player)).toBe(300_000n);
    const ok = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .select('seq')
      .where('target', '=', `payment:${withdrawal.id}`)
      .where('outcome', '=', 'ok')
      .execute();
    expect(ok).toHaveLength(1);
  });

  it('rejects with a reason: the reserved money returns', async () => {
    const desk = await signIn(await newOperator('cashier-r', 'payments'));
    const { player, withdrawal } = await fundedWithdrawal(150_000n);
    expect(await balanceOf(player)).toBe(150_000n);
    const noReason = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/reject`, desk, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/reject`, desk, {
      reason: 'documents needed',
    });
    expect(res.json().state).toBe('rejected');
    expect(await balanceOf(player)).toBe(300_000n);
    const other = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/reject`, desk, {
      reason: 'another reason',
    });
    expect(other.json().error.code).toBe('BACKOFFICE_ALREADY_DECIDED');
    const second = await fundedWithdrawal(150_000n);
    const both = await Promise.all(
      ['first reason', 'second reason'].map((reason) =>
        call('POST', `/backoffice-api/v1/withdrawals/${second.withdrawal.id}/reject`, desk, { reason }),
      ),
    );
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(second.player)).toBe(300_000n);
    const auditor = await signIn(await newOperator('watcher', 'auditor'));
    const refused = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, auditor);
    expect(refused.statusCode).toBe(403);
  });
});
