/** The audit log: search and CSV export of a desk's trail, and the hash chain that shows an edit or a gap. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  clock,
  fundedWithdrawal,
  newOperator,
  signIn,
  t,
  withBackofficeApp,
} from './api-test/test-support.ts';
import { verifyAuditChain } from './audit-log.ts';

withBackofficeApp();

/** The trail the search reads: operator "cashier" approves a withdrawal (ok), then again (refused). */
beforeAll(async () => {
  const desk = await signIn(await newOperator('cashier', 'payments'));
  const { withdrawal } = await fundedWithdrawal(200_000n);
  for (const outcome of [200, 409]) {
    const res = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, desk);
    expect(res.statusCode).toBe(outcome);
  }
});

describe('audit log', () => {
  it('searches by operator, action and time, and exports CSV', async () => {
    const auditor = await signIn(await newOperator('reader', 'auditor'));
    const found = (
      await call('GET', '/backoffice-api/v1/audit?operator=cashier&action=withdrawal.approve', auditor)
    ).json();
    expect(found.records.map((r: { action: string; outcome: string }) => [r.action, r.outcome])).toEqual([
      ['withdrawal.approve', 'refused'],
      ['withdrawal.approve', 'ok'],
    ]);
    const future = new Date(clock.nowMs() + 60_000).toISOString();
    expect((await call('GET', `/backoffice-api/v1/audit?from=${future}`, auditor)).json().records).toEqual(
      [],
    );
    const csv = await call(
      'GET',
      '/backoffice-api/v1/audit/export.csv?operator=cashier&action=withdrawal',
      auditor,
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('seq,at,operator,action,target,outcome,details,ip,hash');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,cashier,withdrawal.approve,payment:\d+,refused,/);
    const exported = await call('GET', '/backoffice-api/v1/audit?action=audit.export', auditor);
    expect(exported.json().records[0].operator).toBe('reader');
  });

  it('keeps one chain under concurrent appends; an edited or deleted row breaks verification', async () => {
    const { appendAuditNow } = await import('./audit-log.ts');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendAuditNow(t.deps.db.db, clock.now(), {
          operatorId: null,
          operatorLogin: 'cli',
          action: 'test.append',
          target: `n:${i}`,
          outcome: 'ok',
          details: { i },
          ip: 'cli',
        }),
      ),
    );
    const intact = await verifyAuditChain(t.deps.db.db);
    expect(intact.ok).toBe(true);
    const rows = await t.deps.db.db.selectFrom('backoffice_audit').select('seq').orderBy('seq').execute();
    const middle = rows[Math.floor(rows.length / 2)]!.seq;
    await sql`update backoffice_audit set details = '{"i": 99}' where seq = ${middle}`.execute(t.deps.db.db);
    const edited = await verifyAuditChain(t.deps.db.db);
    expect(edited).toMatchObject({ ok: false, brokenAt: middle });
    const deleted = rows[5]!.seq;
    await sql`delete from backoffice_audit where seq = ${deleted}`.execute(t.deps.db.db);
    const report = await verifyAuditChain(t.deps.db.db);
    expect(report).toMatchObject({ ok: false, brokenAt: deleted + 1n });
    if (!report.ok) expect(report.reason).toMatch(new RegExp(`record ${deleted} is missing`));
  });
});
