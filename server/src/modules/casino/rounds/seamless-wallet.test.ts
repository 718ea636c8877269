/**
 * The seamless wallet as an external provider will use it (issue 19 puts it behind HTTP): each call
 * idempotent on the provider's transaction id, rollbacks of seen and unseen bets, rounds ended once.
 */
import { describe, expect, it } from 'vitest';
import { balanceOf, type CasinoTestApp, fundedPlayer, setUpCasinoTestApp } from '../test-support.ts';
import type { WalletPlayer } from './seamless-wallet.ts';

let t: CasinoTestApp;
setUpCasinoTestApp((app) => {
  t = app;
});

const PROVIDER = 'test-provider';

async function player(balance: bigint) {
  const p = await fundedPlayer(t, balance);
  const wallet: WalletPlayer = { userId: p.userId, accountId: p.accountId, currency: 'RUB' };
  return { ...p, wallet };
}

async function ledgerKeys(prefix: string) {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'reason'])
    .where('idempotency_key', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.idempotency_key} ${r.reason}`);
}

describe('seamless wallet', () => {
  it('takes a bet and pays a win once each, answering repeats as the first time', async () => {
    const p = await player(10_000n);
    const bet = {
      provider: PROVIDER,
      transactionId: 'tx-1',
      player: p.wallet,
      roundRef: 'r-1',
      amountMinor: 2_500n,
    };
    expect(await t.ctx.wallet.bet(bet)).toMatchObject({
      status: 'done',
      balanceMinor: 7_500n,
      replayed: false,
    });
    expect(await t.ctx.wallet.bet(bet)).toMatchObject({
      status: 'done',
      balanceMinor: 7_500n,
      replayed: true,
    });
    await expect(t.ctx.wallet.bet({ ...bet, amountMinor: 2_600n })).rejects.toMatchObject({
      code: 'CASINO_IDEMPOTENCY_MISMATCH',
    });
    const win = { ...bet, transactionId: 'tx-2', amountMinor: 6_000n };
    expect(await t.ctx.wallet.win(win)).toMatchObject({ status: 'done', balanceMinor: 13_500n });
    expect(await t.ctx.wallet.win(win)).toMatchObject({ balanceMinor: 13_500n, replayed: true });
    await expect(t.ctx.wallet.win({ ...win, transactionId: 'tx-1' })).rejects.toMatchObject({
      code: 'CASINO_IDEMPOTENCY_MISMATCH',
    });
    expect(await t.ctx.wallet.balance(p.wallet)).toEqual({ balanceMinor: 13_500n, currency: 'RUB' });
    expect(await ledgerKeys(`casino:${PROVIDER}:`)).toEqual([
      `casino:${PROVIDER}:tx-1 casino_stake`,
      `casino:${PROVIDER}:tx-2 casino_win`,
    ]);
    await expect(
      t.ctx.wallet.bet({ ...bet, transactionId: 'tx-3', amountMinor: 99_999n }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('rolls a bet back once, and records a rollback of a bet never seen so the late bet is refused', async () => {
    const p = await player(10_000n);
    const bet = {
      provider: PROVIDER,
      transactionId: 'rb-bet',
      player: p.wallet,
      roundRef: 'r-2',
      amountMinor: 4_000n,
    };
    await t.ctx.wallet.bet(bet);
    const rollback = {
      provider: PROVIDER,
      transactionId: 'rb-1',
      referenceId: 'rb-bet',
      player: p.wallet,
      roundRef: 'r-2',
    };
    expect(await t.ctx.wallet.rollback(rollback)).toMatchObject({ status: 'done', balanceMinor: 10_000n });
    expect(await t.ctx.wallet.rollback(rollback)).toMatchObject({ balanceMinor: 10_000n, replayed: true });
    expect(await t.ctx.wallet.bet(bet)).toMatchObject({ status: 'rolled_back', replayed: true });
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(10_000n);

    const unseen = {
      provider: PROVIDER,
      transactionId: 'rb-2',
      referenceId: 'never-seen',
      player: p.wallet,
      roundRef: 'r-3',
    };
    expect(await t.ctx.wallet.rollback(unseen)).toMatchObject({ status: 'done', balanceMinor: 10_000n });
    const late = {
      provider: PROVIDER,
      transactionId: 'never-seen',
      player: p.wallet,
      roundRef: 'r-3',
      amountMinor: 1_000n,
    };
    expect(await t.ctx.wallet.bet(late)).toMatchObject({ status: 'refused', balanceMinor: 10_000n });
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(10_000n);
    expect(await ledgerKeys('casino:test-provider:rb-')).toEqual([
      'casino:test-provider:rb-bet casino_stake',
    ]);
    expect(await ledgerKeys('casino-rollback:test-provider:rb-')).toEqual([
      'casino-rollback:test-provider:rb-bet casino_rollback',
    ]);
  });

  it('ends a round once however often it is told', async () => {
    const p = await player(0n);
    await t.ctx.wallet.endRound({ provider: PROVIDER, roundRef: 'r-9', userId: p.userId });
    await t.ctx.wallet.endRound({ provider: PROVIDER, roundRef: 'r-9', userId: p.userId });
    const rows = await t.db
      .selectFrom('casino_wallet_rounds')
      .selectAll()
      .where('round_ref', '=', 'r-9')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
