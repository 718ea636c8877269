/**
 * Deposits started and never paid (issue 16 item 3): only confirmed deposits count against the
 * deposit limits; an open one holds its room only until its expiry, which the player sees, and the
 * hosted page refuses payment after it; reconciliation (`parlay payments reconcile`, the workers
 * role) then marks it expired. Over HTTP on the injected clock.
 */
import { describe, expect, it } from 'vitest';
import { Ledger } from '../accounts/index.ts';
import { depositLimitsFor } from '../limits/index.ts';
import {
  app,
  BASE,
  clock,
  deps,
  errorOf,
  key,
  newPlayer,
  type Player,
  setUpLimitsApp,
} from '../limits/test-support.ts';
import {
  createPaymentsService,
  DEPOSIT_EXPIRES_AFTER_MS,
  runPaymentsCommand,
  type SandboxProvider,
  SIGNATURE_HEADER,
  TEST_CARDS,
} from './index.ts';

setUpLimitsApp();

const MINUTE = 60_000;

function payOnSandboxPage(url: string, form: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
}

async function history(p: Player) {
  const res = await p.call('GET', '/web-api/payments/v1/payments?direction=deposit');
  expect(res.statusCode).toBe(200);
  return res.json().entities as { id: string; state: string; amount: string; expiresAt: string | null }[];
}

/** The operator's `parlay payments reconcile` as the CLI builds it (its own service, same database). */
async function reconcileFromCli(): Promise<string[]> {
  const payments = createPaymentsService(deps, new Ledger(deps.db.db, clock));
  payments.provideDepositLimits(depositLimitsFor(deps));
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  expect(await runPaymentsCommand(payments, ['reconcile'], out)).toBe(0);
  return lines;
}

const balanceOf = async (p: Player) =>
  (await p.call('GET', '/web-api/accounts/v1/accounts')).json().accounts[0].moneyMinor as string;

describe('deposits started and never paid', () => {
  it('hold room only until their expiry, then the limit counts confirmed deposits alone', async () => {
    const p = await newPlayer();
    await p.set(20, 8000); // 8,000 RUB per 24 hours
    const startedAt = clock.nowMs();
    const abandoned = await p.deposit('5000', key());
    expect(abandoned.statusCode).toBe(200);
    // The player sees when the open deposit stops holding room.
    const [open] = await history(p);
    expect(open).toMatchObject({ state: 'created', amount: '5000.00' });
    expect(open?.expiresAt).toBe(new Date(startedAt + DEPOSIT_EXPIRES_AFTER_MS).toISOString());
    // While it can still be paid it holds its room: a second 5,000 does not fit under 8,000.
    expect(errorOf(await p.deposit('5000', key())).code).toBe('LIMIT_DEPOSIT_EXCEEDED');

    clock.advance(DEPOSIT_EXPIRES_AFTER_MS);
    // Expired, even before any reconciliation: its room is free again.
    expect((await p.limit(20)).limitBalance).toBe(8000);
    const paid = await p.deposit('5000', key());
    expect(paid.statusCode).toBe(200);
    const done = await payOnSandboxPage(paid.json().redirectUrl, `card=${TEST_CARDS.success}&action=pay`);
    expect(done.headers.location).toBe('/en/onpay/success');
    // The abandoned page can no longer take money.
    const late = await payOnSandboxPage(
      abandoned.json().redirectUrl,
      `card=${TEST_CARDS.success}&action=pay`,
    );
    expect(late.headers.location).toBe('/en/onpay/fail');
    expect(await balanceOf(p)).toBe('500000');

    expect((await p.call('GET', `${BASE}/stats`)).json().today.depositsMinor).toBe('500000');
    expect((await p.limit(20)).limitBalance).toBe(3000);
    expect(errorOf(await p.deposit('3000.01', key())).code).toBe('LIMIT_DEPOSIT_EXCEEDED');
    expect((await p.deposit('3000', key())).statusCode).toBe(200);

    const states = Object.fromEntries((await history(p)).map((e) => [e.id, e.state]));
    expect(states[abandoned.json().payment.id]).toBe('expired');
    expect(states[paid.json().payment.id]).toBe('success');
    expect((await new Ledger(deps.db.db, clock).check()).differences).toEqual([]);
  });

  it('are moved to expired by reconciliation once their expiry passed, not before', async () => {
    const p = await newPlayer();
    await p.set(21, 1000);
    const started = await p.deposit('800', key());
    const id = started.json().payment.id as string;
    // A pending payment (the provider's "stays pending" card) holds its room too until the expiry.
    const pending = await payOnSandboxPage(
      started.json().redirectUrl,
      `card=${TEST_CARDS.pending}&action=pay`,
    );
    expect(pending.headers.location).toBe('/en/onpay/pending');
    clock.advance(DEPOSIT_EXPIRES_AFTER_MS - MINUTE);
    await reconcileFromCli();
    expect((await history(p)).find((e) => e.id === id)?.state).toBe('pending');
    expect((await p.limit(21)).limitBalance).toBe(200);

    clock.advance(MINUTE);
    const lines = await reconcileFromCli();
    expect(lines).toContain(`payment ${id}: expired`);
    expect(lines.join('\n')).toMatch(/[1-9]\d* expired/);
    const entry = (await history(p)).find((e) => e.id === id);
    expect(entry).toMatchObject({ state: 'expired', expiresAt: null });
    expect((await p.limit(21)).limitBalance).toBe(1000);
    expect(await balanceOf(p)).toBe('0');
    expect((await new Ledger(deps.db.db, clock).check()).differences).toEqual([]);
  });

  it('a provider confirming an expired deposit after all is credited once and counted (money is never lost)', async () => {
    const p = await newPlayer();
    await p.set(21, 1000);
    const started = await p.deposit('600', key());
    clock.advance(DEPOSIT_EXPIRES_AFTER_MS);
    await reconcileFromCli();
    expect((await p.limit(21)).limitBalance).toBe(1000);
    const payments = createPaymentsService(deps, new Ledger(deps.db.db, clock));
    const payment = await payments.getPayment(BigInt(started.json().payment.id));
    expect(payment.state).toBe('expired');
    const note = (payments.provider as SandboxProvider).notification(payment, 'success');
    const notify = () =>
      app.inject({
        method: 'POST',
        url: '/payments-api/v1/notify/sandbox',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: note.signature },
        payload: note.raw,
      });
    expect((await notify()).json().outcome).toBe('applied');
    expect((await notify()).json().outcome).toBe('duplicate');
    expect(await balanceOf(p)).toBe('60000');
    expect((await history(p)).find((e) => e.id === payment.id.toString())?.state).toBe('success');
    expect((await p.limit(21)).limitBalance).toBe(400);
    expect((await new Ledger(deps.db.db, clock).check()).differences).toEqual([]);
  });
});
