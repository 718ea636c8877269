/** The back office's JSON API (/backoffice-api/v1/…): every route but sign-in passes the guard. */
import { type Static, Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { AUDIT_CSV_HEADER, appendAudit, appendAuditNow, auditCsvLine, searchAudit } from './audit-log.ts';
import {
  createOperator,
  disableOperator,
  LOGIN_PATTERN,
  listOperators,
  resetOperatorTotp,
} from './operators.ts';
import { actionsOf, OPERATOR_ROLES, sectionsOf } from './permissions.ts';
import {
  actorOf,
  assertAddressAllowed,
  clearSessionCookie,
  type GuardContext,
  originOf,
  requireOperator,
  setSessionCookie,
  tokenOf,
} from './routes-guard.ts';
import {
  confirmTotp,
  endSession,
  ipAllowed,
  isAllowListEntry,
  listSessions,
  readSettings,
  resolveSession,
  sessionOwner,
  signInWithPassword,
} from './sessions.ts';
import {
  approveWithdrawal,
  type PlayerNames,
  rejectWithdrawal,
  type WithdrawalPayments,
  withdrawalQueue,
} from './withdrawal-desk.ts';

export interface BackofficeRoutesOptions extends GuardContext {
  payments: WithdrawalPayments;
  playerNames: PlayerNames;
}

const P = '/backoffice-api/v1';
const TAGS = ['backoffice'];
const Ok = Type.Object({ ok: Type.Boolean() });
const IdParams = Type.Object({ id: IdString() });
const RoleSchema = Type.Union(OPERATOR_ROLES.map((r) => Type.Literal(r)));

const OperatorSchema = Type.Object({
  id: Type.String(),
  login: Type.String(),
  role: Type.String(),
  disabled: Type.Boolean(),
  createdAt: Type.String(),
  activeSessions: Type.Integer(),
});
const SessionSchema = Type.Object({
  id: Type.String(),
  operatorId: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  current: Type.Boolean(),
});
const CredentialsSchema = Type.Object({
  operatorId: Type.String(),
  login: Type.String(),
  totpSecret: Type.String(),
  otpauthUri: Type.String(),
  password: Type.Optional(Type.String()),
  role: Type.Optional(Type.String()),
});
const AuditQuery = Type.Object({
  operator: Type.Optional(Type.String({ pattern: LOGIN_PATTERN })),
  action: Type.Optional(Type.String({ pattern: '^[a-z_.]{1,60}$' })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  before: Type.Optional(IdString()),
});
const AuditRecordSchema = Type.Object({
  seq: Type.String(),
  at: Type.String(),
  operator: Type.String(),
  action: Type.String(),
  target: Type.String(),
  outcome: Type.String(),
  details: Type.Record(
    Type.String(),
    Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  ),
  ip: Type.String(),
});
const PaymentDecisionSchema = Type.Object({ id: Type.String(), state: Type.String() });
const SettingsSchema = Type.Object({
  idleTimeoutMinutes: Type.Integer({ minimum: 1, maximum: 240 }),
  ipAllowList: Type.Array(Type.String({ minLength: 2, maxLength: 50 }), { maxItems: 100 }),
});

const AUDIT_PAGE = 50;
const AUDIT_EXPORT_MAX = 50_000;

function auditFilter(q: Static<typeof AuditQuery>, limit: number) {
  const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text));
  return {
    ...(q.operator ? { operator: q.operator } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.from ? { from: date(q.from) } : {}),
    ...(q.to ? { to: date(q.to) } : {}),
    ...(q.before ? { beforeSeq: BigInt(q.before) } : {}),
    limit,
  };
}

export async function backofficeRoutes(app: RoutesApp, options: BackofficeRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const { db, clock, payments, playerNames } = options;

  app.post(
    `${P}/sign-in`,
    {
      schema: {
        tags: TAGS,
        summary: 'Operator sign-in, step one: login and password (then the TOTP code)',
        body: Type.Object({
          login: Type.String({ minLength: 1, maxLength: 60 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: Type.Object({ next: Type.Literal('code') }) },
      },
    },
    async (request, reply) => {
      await assertAddressAllowed(ctx, request);
      const token = await signInWithPassword(db, clock, originOf(request), request.body);
      setSessionCookie(ctx, reply, token);
      return { next: 'code' as const };
    },
  );

  app.post(
    `${P}/sign-in/code`,
    {
      schema: {
        tags: TAGS,
        summary: 'Operator sign-in, step two: the TOTP code of the authenticator app',
        body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      await assertAddressAllowed(ctx, request);
      await confirmTotp(db, clock, originOf(request), tokenOf(request), request.body.code);
      return { ok: true };
    },
  );

  app.post(
    `${P}/sign-out`,
    { schema: { tags: TAGS, summary: 'Ends this operator session', response: { 200: Ok } } },
    async (request, reply) => {
      const settings = await readSettings(db);
      const operator = await resolveSession(db, clock, tokenOf(request), settings);
      if (operator) await endSession(db, clock, operator.sessionId, 'signed_out', actorOf(operator, request));
      clearSessionCookie(ctx, reply);
      return { ok: true };
    },
  );

  app.get(
    `${P}/me`,
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in operator, what they may do and the sections they see',
        response: {
          200: Type.Object({
            id: Type.String(),
            login: Type.String(),
            role: Type.String(),
            actions: Type.Array(Type.String()),
            sections: Type.Array(Type.String()),
            idleTimeoutMinutes: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'dashboard.view');
      const settings = await readSettings(db);
      return {
        id: operator.operatorId.toString(),
        login: operator.login,
        role: operator.role,
        actions: actionsOf(operator.role),
        sections: sectionsOf(operator.role),
        idleTimeoutMinutes: settings.idleTimeoutMinutes,
      };
    },
  );

  const sessionsView = async (operatorId: bigint, currentId: bigint) => {
    const sessions = await listSessions(db, clock, operatorId, await readSettings(db));
    return {
      sessions: sessions.map((s) => ({
        id: s.id.toString(),
        operatorId: s.operatorId.toString(),
        ip: s.ip,
        userAgent: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === currentId,
      })),
    };
  };
  const SessionsReply = { 200: Type.Object({ sessions: Type.Array(SessionSchema) }) };

  app.get(
    `${P}/sessions`,
    { schema: { tags: TAGS, summary: "The operator's own open sessions", response: SessionsReply } },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'dashboard.view');
      return sessionsView(operator.operatorId, operator.sessionId);
    },
  );

  app.post(
    `${P}/sessions/:id/revoke`,
    {
      schema: {
        tags: TAGS,
        summary: 'Ends a session: one of the own, or anyone’s for operators.manage',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const own = await requireOperator(ctx, request, 'dashboard.view');
      const owner = await sessionOwner(db, id);
      const operator =
        owner === own.operatorId ? own : await requireOperator(ctx, request, 'operators.manage');
      if (owner === null) throw new AppError('BACKOFFICE_SESSION_NOT_FOUND');
      await endSession(db, clock, id, 'revoked', actorOf(operator, request));
      return { ok: true };
    },
  );

  app.get(
    `${P}/operators`,
    {
      schema: {
        tags: TAGS,
        summary: 'Operator accounts',
        response: { 200: Type.Object({ operators: Type.Array(OperatorSchema) }) },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'operators.view');
      const settings = await readSettings(db);
      const operators = await listOperators(db, clock, settings.idleTimeoutMinutes * 60_000);
      return {
        operators: operators.map((o) => ({
          ...o,
          id: o.id.toString(),
          createdAt: o.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    `${P}/operators`,
    {
      schema: {
        tags: TAGS,
        summary: 'Creates an operator: the one-time password and TOTP secret are answered once',
        body: Type.Object({ login: Type.String({ pattern: LOGIN_PATTERN }), role: RoleSchema }),
        response: { 200: CredentialsSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'operators.manage');
      const created = await createOperator(db, clock, actorOf(operator, request), request.body);
      return { ...created, operatorId: created.operatorId.toString() };
    },
  );

  app.get(
    `${P}/operators/:id/sessions`,
    {
      schema: {
        tags: TAGS,
        summary: "An operator's open sessions",
        params: IdParams,
        response: SessionsReply,
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'operators.view');
      return sessionsView(BigInt(request.params.id), operator.sessionId);
    },
  );

  app.post(
    `${P}/operators/:id/disable`,
    {
      schema: {
        tags: TAGS,
        summary: 'Disables an operator and ends their sessions',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'operators.manage');
      await disableOperator(db, clock, actorOf(operator, request), BigInt(request.params.id));
      return { ok: true };
    },
  );

  app.post(
    `${P}/operators/:id/reset-totp`,
    {
      schema: {
        tags: TAGS,
        summary: 'Gives an operator a new TOTP secret (answered once) and ends their sessions',
        params: IdParams,
        response: { 200: CredentialsSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'operators.manage');
      const reset = await resetOperatorTotp(db, clock, actorOf(operator, request), BigInt(request.params.id));
      return { ...reset, operatorId: reset.operatorId.toString() };
    },
  );

  app.get(
    `${P}/withdrawals`,
    {
      schema: {
        tags: TAGS,
        summary: 'Withdrawals waiting for a decision, oldest first',
        response: {
          200: Type.Object({
            total: Type.Integer(),
            items: Type.Array(
              Type.Object({
                id: Type.String(),
                userId: Type.String(),
                playerName: Type.Union([Type.String(), Type.Null()]),
                amountMinor: Type.String(),
                feeMinor: Type.String(),
                currency: Type.String(),
                provider: Type.String(),
                createdAt: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'withdrawals.view');
      const queue = await withdrawalQueue(payments, playerNames);
      return {
        total: queue.total,
        items: queue.items.map((w) => ({
          ...w,
          id: w.id.toString(),
          userId: w.userId.toString(),
          amountMinor: w.amountMinor.toString(),
          feeMinor: w.feeMinor.toString(),
          createdAt: w.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    `${P}/withdrawals/:id/approve`,
    {
      schema: {
        tags: TAGS,
        summary: 'Approves a withdrawal and pays it through the provider (exactly once)',
        params: IdParams,
        response: { 200: PaymentDecisionSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'withdrawals.decide');
      const id = BigInt(request.params.id);
      const payment = await approveWithdrawal(db, clock, payments, actorOf(operator, request), id);
      return { id: payment.id.toString(), state: payment.state };
    },
  );

  app.post(
    `${P}/withdrawals/:id/reject`,
    {
      schema: {
        tags: TAGS,
        summary: 'Rejects a withdrawal with a reason; the reserved money returns to the player',
        params: IdParams,
        body: Type.Object({ reason: Type.String({ minLength: 3, maxLength: 200 }) }),
        response: { 200: PaymentDecisionSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'withdrawals.decide');
      const id = BigInt(request.params.id);
      const reason = request.body.reason.trim();
      if (reason.length < 3) throw new AppError('VALIDATION_FAILED', 'body/reason: at least 3 characters');
      const payment = await rejectWithdrawal(db, clock, payments, actorOf(operator, request), id, reason);
      return { id: payment.id.toString(), state: payment.state };
    },
  );

  app.get(
    `${P}/audit`,
    {
      schema: {
        tags: TAGS,
        summary: 'Audit records, newest first, by operator, action (prefix) and time',
        querystring: AuditQuery,
        response: {
          200: Type.Object({
            records: Type.Array(AuditRecordSchema),
            next: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'audit.view');
      const records = await searchAudit(db, auditFilter(request.query, AUDIT_PAGE));
      return {
        records: records.map((r) => ({
          seq: r.seq.toString(),
          at: r.at.toISOString(),
          operator: r.operatorLogin,
          action: r.action,
          target: r.target,
          outcome: r.outcome,
          details: r.details,
          ip: r.ip,
        })),
        next: records.length === AUDIT_PAGE ? records[records.length - 1]!.seq.toString() : null,
      };
    },
  );

  app.get(
    `${P}/audit/export.csv`,
    {
      schema: {
        tags: TAGS,
        summary: 'The audit records of a search as CSV (at most 50 000)',
        querystring: AuditQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const operator = await requireOperator(ctx, request, 'audit.export');
      const records = await searchAudit(db, auditFilter(request.query, AUDIT_EXPORT_MAX));
      const q = request.query;
      await appendAuditNow(db, clock.now(), {
        operatorId: operator.operatorId,
        operatorLogin: operator.login,
        action: 'audit.export',
        outcome: 'ok',
        details: {
          records: records.length,
          operator: q.operator ?? null,
          action: q.action ?? null,
          from: q.from ?? null,
          to: q.to ?? null,
        },
        ip: request.ip,
      });
      const lines = [AUDIT_CSV_HEADER.join(','), ...records.map(auditCsvLine)];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );

  app.get(
    `${P}/settings`,
    { schema: { tags: TAGS, summary: 'Back-office settings', response: { 200: SettingsSchema } } },
    async (request) => {
      await requireOperator(ctx, request, 'settings.view');
      return readSettings(db);
    },
  );

  app.put(
    `${P}/settings`,
    {
      schema: {
        tags: TAGS,
        summary: 'Changes the idle timeout and the IP allow-list (empty: every address)',
        body: SettingsSchema,
        response: { 200: SettingsSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'settings.manage');
      const { idleTimeoutMinutes, ipAllowList } = request.body;
      const bad = ipAllowList.find((entry) => !isAllowListEntry(entry));
      if (bad !== undefined)
        throw new AppError('VALIDATION_FAILED', `body/ipAllowList: ${bad} is not an address or block`);
      if (ipAllowList.length > 0 && !ipAllowed(request.ip, ipAllowList)) {
        throw new AppError('VALIDATION_FAILED', 'body/ipAllowList: it would lock out this address');
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('backoffice_settings')
          .set({ idle_timeout_minutes: idleTimeoutMinutes, ip_allow_list: ipAllowList })
          .where('id', '=', 1)
          .execute();
        await appendAudit(trx, clock.now(), {
          operatorId: operator.operatorId,
          operatorLogin: operator.login,
          action: 'settings.change',
          outcome: 'ok',
          details: { idleTimeoutMinutes, ipAllowList: ipAllowList.join(' ') },
          ip: request.ip,
        });
      });
      return readSettings(db);
    },
  );
}
