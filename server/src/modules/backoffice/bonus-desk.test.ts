/**
 * The back office's bonus campaigns section over the app (fastify.inject, real database): a
 * first-deposit campaign created here is granted by the engine's deposit job with the grant's
 * ledger transfer, and the list's figures follow; pause, change and end; bad input refused with the
 * engine's code and every problem's path, nothing written; roles without the action refused and
 * audited. The ledger check runs after every test (setUpBonusTestApp).
 */
import { describe, expect, it } from 'vitest';
import {
  BONUS_API,
  type BonusTestApp,
  balanceOf,
  deposit,
  newPlayer,
  setUpBonusTestApp,
} from '../bonuses/test-support.ts';
import { createOperator } from './operators.ts';
import type { OperatorRole } from './permissions.ts';
import { type OperatorClient, signedIn } from './test-support.ts';

const CLI = { operatorId: null, login: 'cli', ip: 'cli' };
let t: BonusTestApp;
let risk: OperatorClient;
let content: OperatorClient;
let auditor: OperatorClient;
let trader: OperatorClient;
setUpBonusTestApp((app) => {
  t = app;
});

const C = '/backoffice-api/v1/bonuses/campaigns';
/** The clients' call passes any method through; the back office's PUT routes need it. */
const put = (c: OperatorClient, url: string, payload: unknown) =>
  (c.call as (method: string, url: string, payload?: unknown) => ReturnType<OperatorClient['call']>)(
    'PUT',
    url,
    payload,
  );

async function operators() {
  if (risk) return;
  const make = async (login: string, role: OperatorRole) => {
    const c = await createOperator(t.db, t.clock, CLI, { login, role });
    return signedIn(t.app, t.clock, { id: c.operatorId, login, password: c.password, secret: c.totpSecret });
  };
  risk = await make('bonus-risk', 'risk');
  content = await make('bonus-content', 'content');
  auditor = await make('bonus-auditor', 'auditor');
  trader = await make('bonus-trader', 'trader');
}

/** A 50 % first-deposit match up to 1,000.00, wagered 5 times, as the form sends it. */
const match50 = (code: string) => ({
  code,
  category: 'first_deposit',
  trigger: 'first_deposit',
  title: { en: 'Half again', ru: 'Ещё половина' },
  terms: { en: 'Fifty per cent of the first deposit.', ru: 'Пятьдесят процентов первого депозита.' },
  conditions: { currencies: ['RUB'], minDepositMinor: '10000' },
  reward: { kind: 'match', percentBp: 5000, capMinor: '100000' },
  wagering: { multiple: 5, basis: 'bonus', maxBetMinor: '0', maxConversionMinor: '0', expiryDays: 7 },
  limits: { perPlayer: 1, budgetMinor: '1000000' },
});

async function campaign(code: string) {
  const list = (await risk.call('GET', C)).json().campaigns as {
    code: string;
    state: string;
    definition: { reward: { capMinor?: string }; limits: { endsAt: string | null } };
    figures: { granted: number; active: number; money: { currency: string; grantedMinor: string }[] };
  }[];
  return list.find((c) => c.code === code);
}

const count = async (table: 'bonus_campaigns' | 'bonus_player_bonuses') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('bonus campaigns section', () => {
  it('a first-deposit campaign created here is granted by the engine, through the ledger', async () => {
    await operators();
    const res = await risk.call('POST', C, { campaign: match50('bo-half') });
    expect([res.statusCode, res.json().campaign?.state]).toEqual([200, 'active']);
    expect(await campaign('bo-half')).toMatchObject({ figures: { granted: 0, active: 0, money: [] } });

    const p = await newPlayer(t);
    await deposit(t, p, 40_000n);
    await t.bonuses.runJobs();
    const mine = (await p.client.get(`${BONUS_API}/my`)).json().bonuses as {
      id: string;
      campaign: string;
      amountMinor: string;
    }[];
    expect(mine).toEqual([expect.objectContaining({ campaign: 'bo-half', amountMinor: '20000' })]);
    expect(await balanceOf(t, p.userId, 4)).toBe(20_000n);
    const grant = await t.db
      .selectFrom('ledger_transfers')
      .select(['reason'])
      .where('idempotency_key', '=', `bonus:grant:${mine[0]!.id}`)
      .execute();
    expect(grant).toEqual([{ reason: 'bonus_grant' }]);
    expect(await campaign('bo-half')).toMatchObject({
      figures: { granted: 1, active: 1, money: [{ currency: 'RUB', grantedMinor: '20000' }] },
    });
    // A second deposit of the same player is no first deposit: nothing more.
    await deposit(t, p, 40_000n);
    await t.bonuses.runJobs();
    expect(await balanceOf(t, p.userId, 4)).toBe(20_000n);
    const audit = await t.db
      .selectFrom('backoffice_audit')
      .select(['operator_login', 'target', 'outcome'])
      .where('action', '=', 'bonus.create')
      .execute();
    expect(audit).toEqual([
      { operator_login: 'bonus-risk', target: 'bonus-campaign:bo-half', outcome: 'ok' },
    ]);
  });

  it('pause stops grants, a change applies to the next grant, end closes it', async () => {
    await operators();
    await risk.call('POST', C, { campaign: match50('bo-later') });
    const paused = await risk.call('POST', `${C}/bo-later/pause`);
    expect(paused.json().campaign.state).toBe('paused');
    // bo-half (created before) still runs: pause it too, so only bo-later decides below.
    await risk.call('POST', `${C}/bo-half/pause`);
    const p = await newPlayer(t);
    await deposit(t, p, 40_000n);
    await t.bonuses.runJobs();
    expect(await balanceOf(t, p.userId, 4)).toBe(0n);

    const changed = await put(risk, `${C}/bo-later`, {
      campaign: { ...match50('bo-later'), reward: { kind: 'match', percentBp: 10_000, capMinor: '5000' } },
    });
    expect(changed.statusCode).toBe(200);
    expect((await campaign('bo-later'))?.definition.reward.capMinor).toBe('5000');
    expect((await risk.call('POST', `${C}/bo-later/resume`)).json().campaign.state).toBe('active');
    const q = await newPlayer(t);
    await deposit(t, q, 40_000n);
    await t.bonuses.runJobs();
    expect(await balanceOf(t, q.userId, 4)).toBe(5_000n);

    const ended = await risk.call('POST', `${C}/bo-later/end`);
    expect(ended.json().campaign.state).toBe('ended');
    expect((await campaign('bo-later'))?.definition.limits.endsAt).toBe(t.clock.now().toISOString());
    const r = await newPlayer(t);
    await deposit(t, r, 40_000n);
    await t.bonuses.runJobs();
    expect(await balanceOf(t, r.userId, 4)).toBe(0n);
  });

  it("refuses bad input with the engine's code and every problem's path; nothing is written", async () => {
    await operators();
    const campaigns = await count('bonus_campaigns');
    const bad = await risk.call('POST', C, {
      campaign: {
        ...match50('Bad Code!'),
        reward: { kind: 'match', percentBp: 0, capMinor: 'lots' },
        limits: { perPlayer: 1, startsAt: '2026-07-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
      },
    });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'BONUS_CAMPAIGN_INVALID']);
    const paths = (bad.json().error.details.problems as { path: string }[]).map((x) => x.path);
    expect(paths).toEqual(
      expect.arrayContaining(['code', 'reward.percentBp', 'reward.capMinor', 'limits.endsAt']),
    );
    for (const body of [{}, { campaign: 'x' }, { campaign: match50('bo-x'), promoCodes: [{ code: 'a' }] }]) {
      const res = await risk.call('POST', C, body);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const rename = await put(risk, `${C}/bo-half`, { campaign: match50('bo-other') });
    expect([rename.statusCode, rename.json().error.details.problems]).toEqual([
      400,
      [{ path: 'code', problem: 'cannot change' }],
    ]);
    const twice = await risk.call('POST', C, { campaign: match50('bo-half') });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'BONUS_CAMPAIGN_EXISTS']);
    const unknown = await risk.call('POST', `${C}/bo-none/pause`);
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'BONUS_CAMPAIGN_NOT_FOUND']);
    expect(await count('bonus_campaigns')).toBe(campaigns);
    expect((await campaign('bo-half'))?.definition.reward.capMinor).toBe('100000');
    const refused = await t.db
      .selectFrom('backoffice_audit')
      .select(['action', 'details'])
      .where('outcome', '=', 'refused')
      .orderBy('seq')
      .execute();
    expect(refused).toEqual([
      { action: 'bonus.create', details: { code: 'BONUS_CAMPAIGN_INVALID', problems: paths.length } },
      { action: 'bonus.update', details: { code: 'BONUS_CAMPAIGN_INVALID', problems: 1 } },
      { action: 'bonus.create', details: { code: 'BONUS_CAMPAIGN_EXISTS' } },
      { action: 'bonus.pause', details: { code: 'BONUS_CAMPAIGN_NOT_FOUND' } },
    ]);
  });

  it('lets auditors and content look, only admin and risk change; refusals are 403 and audited', async () => {
    await operators();
    expect((await auditor.call('GET', C)).statusCode).toBe(200);
    expect((await content.call('GET', C)).statusCode).toBe(200);
    const bonuses = await count('bonus_player_bonuses');
    const refusals = [
      await trader.call('GET', C),
      await content.call('POST', C, { campaign: match50('bo-content') }),
      await auditor.call('POST', `${C}/bo-half/resume`),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().error.code])).toEqual([
      [403, 'BACKOFFICE_FORBIDDEN'],
      [403, 'BACKOFFICE_FORBIDDEN'],
      [403, 'BACKOFFICE_FORBIDDEN'],
    ]);
    expect((await campaign('bo-half'))?.state).toBe('paused');
    expect(await campaign('bo-content')).toBeUndefined();
    expect(await count('bonus_player_bonuses')).toBe(bonuses);
    const forbidden = await t.db
      .selectFrom('backoffice_audit')
      .select(['operator_login', 'action'])
      .where('outcome', '=', 'forbidden')
      .orderBy('seq')
      .execute();
    expect(forbidden).toEqual([
      { operator_login: 'bonus-trader', action: 'bonuses.view' },
      { operator_login: 'bonus-content', action: 'bonuses.manage' },
      { operator_login: 'bonus-auditor', action: 'bonuses.manage' },
    ]);
  });
});
