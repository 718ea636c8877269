import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { registerFullPlayer, TestClient } from '../../testing/test-client.ts';
import { Ledger, MemoryStorage, VerificationService } from '../accounts/index.ts';
import { LimitsService } from '../limits/index.ts';
import { createSupportService, type SupportService, supportStorageAt } from '../support/index.ts';
import { ADJUSTMENT_REASON, approveAdjustment, proposeAdjustment, rejectAdjustment } from './adjustments.ts';
import { evaluateAlerts } from './alerts.ts';
import { newOperator, type OperatorClient, signedIn } from './test-support.ts';

const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
let t: TestApp;
let ledger: Ledger;
let limits: LimitsService;
let support: SupportService;
let ip = 20;
let proposer: OperatorClient;
let approver: OperatorClient;
let approver2: OperatorClient;
let supportDesk: OperatorClient;
let risk: OperatorClient;

interface Player {
  userId: bigint;
  accountId: bigint;
  client: TestClient;
  email: string;
}

async function player(fundMinor = 0n): Promise<Player> {
  ip += 1;
  const email = `player${ip}@parlay.test`;
  const { c, userId } = await registerFullPlayer(new TestClient(t.app, `10.24.0.${ip}`), email, {
    phoneCode: '+7',
    phoneNumber: `900555${String(ip).padStart(4, '0')}`,
  });
  const [account] = await ledger.balances(BigInt(userId));
  if (fundMinor > 0n)
    await ledger.move({
      idempotencyKey: `fund-${userId}`,
      reason: 'test_funding',
      currency: 'RUB',
      from: { system: 'house' },
      to: account!.id,
      amountMinor: fundMinor,
      userId: BigInt(userId),
    });
  return { userId: BigInt(userId), accountId: account!.id, client: c, email };
}

const balanceOf = async (p: Player) => (await ledger.account(p.userId, p.accountId)).moneyMinor;

const actor = (c: OperatorClient) => ({ operatorId: c.op.id, login: c.op.login, ip: '127.0.0.1' });

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', clock });
  ledger = new Ledger(t.deps.db.db, clock);
  limits = new LimitsService(t.deps.db.db, clock, {
    approvalDelaySeconds: 86_400,
    endSessions: async () => 0,
  });
  support = createSupportService(
    { db: t.deps.db.db, clock, bus: t.deps.bus },
    supportStorageAt(t.deps.config.dataDir),
  );
  const make = async (login: string, role: Parameters<typeof newOperator>[3]) =>
    signedIn(t.app, clock, await newOperator(t, clock, login, role));
  proposer = await make('prop', 'payments');
  approver = await make('appr', 'payments');
  approver2 = await make('appr2', 'compliance');
  supportDesk = await make('helpdesk', 'support');
  risk = await make('riskop', 'risk');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await ledger.check()).differences).toEqual([]);
});

describe('players', () => {
  it('finds a player by id, e-mail fragment, phone and registration date, and shows the profile', async () => {
    const p = await player(5_000n);
    const search = async (query: string) =>
      (await risk.call('GET', `/backoffice-api/v1/players?${query}`))
        .json()
        .players.map((x: { id: string }) => x.id);
    expect(await search(`id=${p.userId}`)).toEqual([String(p.userId)]);
    expect(await search(`q=${p.email.slice(0, 8)}`)).toContain(String(p.userId));
    expect(await search(`q=${encodeURIComponent(`555${String(ip).padStart(4, '0')}`)}`)).toContain(
      String(p.userId),
    );
    expect(await search('q=nobody-like-this')).toEqual([]);
    expect(await search('from=2026-11-23&to=2026-11-23')).toContain(String(p.userId));
    expect(await search('from=2026-11-24')).not.toContain(String(p.userId));
    expect((await risk.call('GET', '/backoffice-api/v1/players?from=yesterday')).statusCode).toBe(400);

    expect(
      (await risk.call('POST', `/backoffice-api/v1/players/${p.userId}/notes`, { text: 'Called, fine' }))
        .statusCode,
    ).toBe(200);
    const profile = (await risk.call('GET', `/backoffice-api/v1/players/${p.userId}`)).json();
    expect(profile.player.email).toBe(p.email);
    expect(profile.accounts.map((a: { id: string; moneyMinor: string }) => [a.id, a.moneyMinor])).toEqual([
      [String(p.accountId), '5000'],
    ]);
    expect(profile.transfers.map((x: { reason: string }) => x.reason)).toEqual(['test_funding']);
    expect(
      profile.notes.map((n: { text: string; operatorLogin: string }) => [n.operatorLogin, n.text]),
    ).toEqual([['riskop', 'Called, fine']]);
    expect(profile.flags).toContain('not_verified');
    expect(profile.limits.length).toBeGreaterThan(0);
    expect((await risk.call('GET', '/backoffice-api/v1/players/999999')).json().error.code).toBe(
      'BACKOFFICE_PLAYER_NOT_FOUND',
    );
    // The support operator reads profiles but changes nothing.
    expect((await supportDesk.call('GET', `/backoffice-api/v1/players/${p.userId}`)).statusCode).toBe(200);
    expect(
      (await supportDesk.call('POST', `/backoffice-api/v1/players/${p.userId}/notes`, { text: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('approves a verification document through the verification service', async () => {
    const p = await player();
    const verification = new VerificationService(t.deps.db.db, clock, new MemoryStorage());
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const doc = await verification.upload(p.userId, 'passport', [png]);
    const url = `/backoffice-api/v1/players/${p.userId}/documents/${doc.id}/decide`;
    expect((await risk.call('POST', url, { decision: 'reject' })).statusCode).toBe(400);
    expect((await risk.call('POST', url, { decision: 'approve' })).statusCode).toBe(200);
    expect(await verification.isVerified(p.userId)).toBe(true);
    const again = await risk.call('POST', url, { decision: 'approve' });
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const other = await player();
    const foreign = `/backoffice-api/v1/players/${other.userId}/documents/${doc.id}/decide`;
    expect((await risk.call('POST', foreign, { decision: 'approve' })).json().error.code).toBe(
      'DOCUMENT_NOT_FOUND',
    );
  });

  it('imposes a time-out the player cannot lift', async () => {
    const p = await player();
    const url = `/backoffice-api/v1/players/${p.userId}/exclusion`;
    expect((await risk.call('POST', url, { limitType: 20, days: 7, reason: 'AML review' })).statusCode).toBe(
      400,
    );
    expect((await risk.call('POST', url, { limitType: 33, days: 7, reason: 'AML review' })).statusCode).toBe(
      200,
    );
    expect(await limits.isLocked(p.userId)).toBe(true);
    await expect(limits.cancel(p.userId, 'RUB', 33)).rejects.toBeInstanceOf(AppError);
    await expect(limits.change(p.userId, 'RUB', 33, 1)).rejects.toMatchObject({ code: 'LIMIT_LOCKED' });
    const lifted = await p.client.call('DELETE', '/limit-service-api/api/external/web/v3/limit?limitType=33');
    expect(lifted.statusCode).not.toBe(200);
    expect(await limits.isLocked(p.userId)).toBe(true);
    const profile = (await risk.call('GET', `/backoffice-api/v1/players/${p.userId}`)).json();
    expect(profile.flags).toContain('excluded');
  });
});

describe('manual adjustments (four eyes)', () => {
  const propose = (p: Player, amountMinor: string, by = proposer) =>
    by.call('POST', '/backoffice-api/v1/adjustments', {
      userId: String(p.userId),
      accountId: String(p.accountId),
      amountMinor,
      reason: 'Goodwill for a late payout',
    });

  it('moves nothing on a proposal; a second operator approves once; the proposer cannot', async () => {
    const p = await player(1_000n);
    const proposed = await propose(p, '2500');
    expect(proposed.statusCode, proposed.body).toBe(200);
    const id = proposed.json().id as string;
    expect(proposed.json().status).toBe('proposed');
    expect(await balanceOf(p)).toBe(1_000n);

    const own = await proposer.call('POST', `/backoffice-api/v1/adjustments/${id}/approve`);
    expect([own.statusCode, own.json().error.code]).toEqual([409, 'BACKOFFICE_OWN_PROPOSAL']);
    const byProposerRole = await supportDesk.call('POST', `/backoffice-api/v1/adjustments/${id}/approve`);
    expect(byProposerRole.statusCode).toBe(403);
    expect(await balanceOf(p)).toBe(1_000n);

    const approved = await approver.call('POST', `/backoffice-api/v1/adjustments/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: String(approver.op.id) });
    expect(await balanceOf(p)).toBe(3_500n);
    const replay = await approver2.call('POST', `/backoffice-api/v1/adjustments/${id}/approve`);
    expect([replay.statusCode, replay.json().error.code]).toEqual([409, 'BACKOFFICE_ADJUSTMENT_DECIDED']);
    expect(await balanceOf(p)).toBe(3_500n);

    const audit = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .select(['action', 'operator_login', 'outcome', 'details'])
      .where('target', '=', `adjustment:${id}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => [a.action, a.operator_login, a.outcome, a.details.amountMinor])).toEqual([
      ['adjustment.propose', 'prop', 'ok', '2500'],
      ['adjustment.approve', 'prop', 'refused', '2500'],
      ['adjustment.approve', 'appr', 'ok', '2500'],
      ['adjustment.approve', 'appr2', 'refused', '2500'],
    ]);
  });

  it('refuses bad input, a debit below zero, and a rejected proposal moves nothing', async () => {
    const p = await player(1_000n);
    for (const amountMinor of ['0', '-0', '1.5', 'abc', '12345678901234567'])
      expect((await propose(p, amountMinor)).statusCode, amountMinor).toBe(400);
    const elsewhere = await proposer.call('POST', '/backoffice-api/v1/adjustments', {
      userId: String(p.userId),
      accountId: '999999',
      amountMinor: '5',
      reason: 'wrong account',
    });
    expect(elsewhere.json().error.code).toBe('BACKOFFICE_PLAYER_NOT_FOUND');

    const debit = (await propose(p, '-1500')).json().id as string;
    const tooMuch = await approver.call('POST', `/backoffice-api/v1/adjustments/${debit}/approve`);
    expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await balanceOf(p)).toBe(1_000n);
    const rejected = await approver.call('POST', `/backoffice-api/v1/adjustments/${debit}/reject`, {
      note: 'The balance is not there',
    });
    expect(rejected.json().status).toBe('rejected');
    const late = await approver2.call('POST', `/backoffice-api/v1/adjustments/${debit}/approve`);
    expect(late.json().error.code).toBe('BACKOFFICE_ADJUSTMENT_DECIDED');
    expect(await balanceOf(p)).toBe(1_000n);

    const fits = (await propose(p, '-1000')).json().id as string;
    expect((await approver.call('POST', `/backoffice-api/v1/adjustments/${fits}/approve`)).statusCode).toBe(
      200,
    );
    expect(await balanceOf(p)).toBe(0n);
  });

  it('of two approvals at once one wins and the money moves once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await player();
      const id = (await propose(p, '700')).json().id as string;
      const answers = await Promise.all(
        [approver, approver2, approver].map((c) =>
          c.call('POST', `/backoffice-api/v1/adjustments/${id}/approve`),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await balanceOf(p)).toBe(700n);
    }
  });

  it('of many approvals of one proposal at once through the service, exactly one succeeds', async () => {
    const p = await player();
    const deciders = [actor(approver), actor(approver2)];
    for (let round = 0; round < 5; round += 1) {
      const proposal = await proposeAdjustment(ledger, clock, actor(proposer), {
        userId: p.userId,
        accountId: p.accountId,
        amountMinor: 100n,
        reason: 'parallel',
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => approveAdjustment(ledger, clock, deciders[i % 2]!, proposal.id)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected')
          expect(o.reason).toMatchObject({ code: 'BACKOFFICE_ADJUSTMENT_DECIDED' });
    }
    expect(await balanceOf(p)).toBe(500n);
  });

  it('moves exactly the approved proposals over any sequence of propose, approve, reject and replay', async () => {
    const ops = [actor(proposer), actor(approver), actor(approver2)];
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('propose' as const),
        by: fc.nat(2),
        amount: fc.integer({ min: -3_000, max: 3_000 }),
      }),
      fc.record({ kind: fc.constant('approve' as const), by: fc.nat(2), pick: fc.nat(20) }),
      fc.record({ kind: fc.constant('reject' as const), by: fc.nat(2), pick: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const p = await player(2_000n);
        const ids: bigint[] = [];
        for (const c of commands) {
          const by = ops[c.by]!;
          const run =
            c.kind === 'propose'
              ? c.amount === 0
                ? Promise.resolve()
                : proposeAdjustment(ledger, clock, by, {
                    userId: p.userId,
                    accountId: p.accountId,
                    amountMinor: BigInt(c.amount),
                    reason: 'property',
                  }).then((a) => void ids.push(a.id))
              : ids.length === 0
                ? Promise.resolve()
                : c.kind === 'approve'
                  ? approveAdjustment(ledger, clock, by, ids[c.pick % ids.length]!)
                  : rejectAdjustment(t.deps.db.db, clock, by, ids[c.pick % ids.length]!, 'property');
          await run.catch((err: unknown) => {
            if (!(err instanceof AppError)) throw err;
          });
        }
        const rows = await t.deps.db.db
          .selectFrom('backoffice_adjustments')
          .selectAll()
          .where('user_id', '=', p.userId)
          .execute();
        const approved = rows.filter((r) => r.status === 'approved');
        expect(approved.every((r) => r.decided_by !== r.proposed_by)).toBe(true);
        const sum = approved.reduce((s, r) => s + r.amount_minor, 0n);
        expect(await balanceOf(p)).toBe(2_000n + sum);
        const moved = await ledger.transactions(p.userId, { reasons: [ADJUSTMENT_REASON], pageSize: 100 });
        expect(moved.entities.length).toBe(approved.length);
        expect(new Set(moved.entities.map((l) => l.transferId))).toEqual(
          new Set(approved.map((r) => r.transfer_id)),
        );
      }),
      { numRuns: 12 },
    );
  });
});

describe('support inbox', () => {
  it('lists, answers and closes a request through the support service', async () => {
    const p = await player();
    const request = await support.open(p.userId, {
      topic: 'deposit',
      subject: 'Late deposit',
      text: 'Where is it?',
    });
    const waiting = (await supportDesk.call('GET', '/backoffice-api/v1/support')).json().requests;
    expect(waiting.map((r: { id: string }) => r.id)).toContain(request.id);
    const thread = (await supportDesk.call('GET', `/backoffice-api/v1/support/${request.id}`)).json();
    expect(thread.messages.map((m: { text: string }) => m.text)).toEqual(['Where is it?']);
    expect(
      (await supportDesk.call('POST', `/backoffice-api/v1/support/${request.id}/answer`, { text: '  ' }))
        .statusCode,
    ).toBe(400);
    const answered = await supportDesk.call('POST', `/backoffice-api/v1/support/${request.id}/answer`, {
      text: 'It arrived, see your balance',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const seen = (await p.client.get(`/web-api/support/v1/requests/${request.id}`)).json().request;
    expect(seen.status).toBe('answered');
    expect(seen.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['player', 'Where is it?'],
      ['operator', 'It arrived, see your balance'],
    ]);
    expect(
      (await supportDesk.call('POST', `/backoffice-api/v1/support/${request.id}/close`)).statusCode,
    ).toBe(200);
    expect((await support.thread(BigInt(request.id), null)).status).toBe('closed');
    expect(
      (await risk.call('POST', `/backoffice-api/v1/support/${request.id}/answer`, { text: 'hi' })).statusCode,
    ).toBe(403);
    const audit = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .select('action')
      .where('target', '=', `support:${request.id}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['support.answer', 'support.close']);
  });
});

describe('alerts', () => {
  async function usage(
    userId: bigint,
    kind: 'deposit' | 'stake' | 'loss',
    amountMinor: bigint,
    at: Date,
    ref: string,
  ) {
    await t.deps.db.db
      .insertInto('limit_usage')
      .values({
        user_id: userId,
        kind,
        currency: 'RUB',
        amount_minor: amountMinor,
        counted_currency: 'RUB',
        counted_minor: amountMinor,
        reference: ref,
        at,
        holds_until: null,
      })
      .execute();
  }

  it('raises one case per rule, player and window however often the job runs, and is worked in the back office', async () => {
    const p = await player();
    const now = clock.now();
    const today = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
    await usage(p.userId, 'deposit', 60_000_00n, new Date(now.getTime() - 3_600_000), 'd1');
    await usage(p.userId, 'deposit', 50_000_00n, new Date(now.getTime() - 1_800_000), 'd2');
    for (let i = 0; i < 5; i += 1)
      await usage(p.userId, 'stake', 100n, new Date(today.getTime() + 3_600_000 + i), `s${i}`);
    await usage(p.userId, 'loss', 20_000_00n, new Date(now.getTime() - 2 * 86_400_000), 'l1');
    await usage(p.userId, 'loss', 1_000_00n, new Date(now.getTime() - 9 * 86_400_000), 'l0');
    await limits.change(p.userId, 'RUB', 20, 1_000);
    await limits.change(p.userId, 'RUB', 20, 5_000);

    const raised = await Promise.all([1, 2, 3, 4].map(() => evaluateAlerts(t.deps.db.db, clock)));
    expect(raised.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await evaluateAlerts(t.deps.db.db, clock)).toBe(0);
    // A later pass in the same windows raises nothing new.
    clock.advance(60_000);
    expect(await evaluateAlerts(t.deps.db.db, clock)).toBe(0);
    const listed = (await risk.call('GET', `/backoffice-api/v1/alerts?player=${p.userId}`)).json();
    expect(listed.cases.map((c: { rule: string }) => c.rule).sort()).toEqual([
      'deposits_24h',
      'limit_loosened',
      'losses_up',
      'night_play',
    ]);
    expect(listed.assignees.map((a: { login: string }) => a.login)).toContain('riskop');

    const one = listed.cases[0] as { id: string };
    const update = await risk.call('POST', `/backoffice-api/v1/alerts/${one.id}`, {
      status: 'in_review',
      assigneeId: String(risk.op.id),
    });
    expect(update.statusCode, update.body).toBe(200);
    const after = (await risk.call('GET', `/backoffice-api/v1/alerts?status=in_review`)).json();
    expect(
      after.cases.map((c: { id: string; assigneeLogin: string }) => [c.id, c.assigneeLogin]),
    ).toContainEqual([one.id, 'riskop']);
    expect((await risk.call('POST', `/backoffice-api/v1/alerts/${one.id}`, {})).statusCode).toBe(400);
    expect(
      (await risk.call('POST', `/backoffice-api/v1/alerts/${one.id}`, { status: 'done' })).statusCode,
    ).toBe(400);
    expect(
      (await risk.call('POST', '/backoffice-api/v1/alerts/999999', { status: 'closed' })).json().error.code,
    ).toBe('BACKOFFICE_CASE_NOT_FOUND');
    expect((await supportDesk.call('GET', '/backoffice-api/v1/alerts')).statusCode).toBe(403);

    // The next day the same deposits still fall in the last 24 h: a new window, one new case.
    // (Last in the file: the operators' sessions do not outlive the jump.)
    clock.advance(14 * 3_600_000);
    expect(await evaluateAlerts(t.deps.db.db, clock)).toBe(1);
  });
});
