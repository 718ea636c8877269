/**
 * The back office's players, adjustments, alerts and support routes (/backoffice-api/v1/…), each
 * guarded by its action of the permission table before anything else happens.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { approveAdjustment, listAdjustments, proposeAdjustment, rejectAdjustment } from './adjustments.ts';
import { CASE_STATUSES, listCases, updateCase } from './alerts.ts';
import { mayDo, OPERATOR_ROLES } from './permissions.ts';
import {
  addNote,
  decideDocument,
  imposeExclusion,
  type PlayerServices,
  playerProfile,
} from './player-desk.ts';
import { searchPlayers } from './player-directory.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';
import { answerRequest, closeRequest, type SupportInbox } from './support-desk.ts';

export interface PlayerRoutesOptions extends GuardContext, PlayerServices {
  support: SupportInbox;
}

const P = '/backoffice-api/v1';
const TAGS = ['backoffice'];
const Ok = Type.Object({ ok: Type.Boolean() });
const IdParams = Type.Object({ id: IdString() });
/** Answers carry ids and amounts as strings and times as ISO strings (see plain()). */
const Plain = (description: string) => Type.Object({}, { additionalProperties: true, description });
const Text = (min: number, max: number) => Type.String({ minLength: min, maxLength: max, pattern: '\\S' });
const LIST = 100;

/** bigint → decimal string, Date → ISO string, all the way down: what the JSON answer carries. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function schema<T extends object>(summary: string, parts: T) {
  return { schema: { tags: TAGS, summary, ...parts } };
}

export async function playerRoutes(app: RoutesApp, options: PlayerRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const { db, clock, support } = options;

  app.get(
    `${P}/players`,
    schema('Players by id, a fragment of name, e-mail, phone or account number, registration date', {
      querystring: Type.Object({
        id: Type.Optional(IdString()),
        q: Type.Optional(Type.String({ minLength: 2, maxLength: 100 })),
        from: Type.Optional(Type.String({ format: 'date' })),
        to: Type.Optional(Type.String({ format: 'date' })),
      }),
      response: { 200: Type.Object({ players: Type.Array(Plain('a player')) }) },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'players.view');
      const q = request.query;
      const players = await searchPlayers(db, {
        ...(q.id ? { id: BigInt(q.id) } : {}),
        ...(q.q ? { text: q.q.trim() } : {}),
        ...(q.from ? { registeredFrom: new Date(`${q.from}T00:00:00Z`) } : {}),
        ...(q.to ? { registeredTo: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) } : {}),
        limit: LIST,
      });
      return { players: players.map((p) => plain(p) as Record<string, unknown>) };
    },
  );

  app.get(
    `${P}/players/:id`,
    schema("A player's profile: identity, verification, limits, money, play, notes, cases, flags", {
      params: IdParams,
      response: { 200: Plain('the profile') },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'players.view');
      return plain(await playerProfile(db, options, BigInt(request.params.id))) as Record<string, unknown>;
    },
  );

  app.post(
    `${P}/players/:id/documents/:documentId/decide`,
    schema('Approves or refuses one verification document of the player', {
      params: Type.Object({ id: IdString(), documentId: IdString() }),
      body: Type.Object({
        decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
        reason: Type.Optional(Text(3, 500)),
      }),
      response: { 200: Ok },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'players.manage');
      const { decision, reason } = request.body;
      if (decision === 'reject' && !reason)
        throw new AppError('VALIDATION_FAILED', 'body/reason: required to refuse');
      await decideDocument(db, clock, options, actorOf(operator, request), {
        userId: BigInt(request.params.id),
        documentId: BigInt(request.params.documentId),
        decision,
        reason: reason?.trim() ?? null,
      });
      return { ok: true };
    },
  );

  app.post(
    `${P}/players/:id/exclusion`,
    schema('Imposes a self-exclusion (30) or time-out (33) the player cannot lift while it runs', {
      params: IdParams,
      body: Type.Object({
        limitType: Type.Union([Type.Literal(30), Type.Literal(33)]),
        days: Type.Integer({ minimum: 1, maximum: 3650 }),
        reason: Text(3, 500),
      }),
      response: { 200: Ok },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'players.manage');
      await imposeExclusion(db, clock, options, actorOf(operator, request), {
        userId: BigInt(request.params.id),
        ...request.body,
        reason: request.body.reason.trim(),
      });
      return { ok: true };
    },
  );

  app.post(
    `${P}/players/:id/notes`,
    schema('Adds an operator note to the player', {
      params: IdParams,
      body: Type.Object({ text: Text(1, 2000) }),
      response: { 200: Ok },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'players.manage');
      await addNote(db, clock, actorOf(operator, request), {
        userId: BigInt(request.params.id),
        text: request.body.text.trim(),
      });
      return { ok: true };
    },
  );

  registerAdjustmentRoutes(app, options);
  registerAlertRoutes(app, options);

  app.get(
    `${P}/support`,
    schema("Players' support requests: waiting for an answer, or all", {
      querystring: Type.Object({
        filter: Type.Optional(Type.Union([Type.Literal('waiting'), Type.Literal('all')])),
      }),
      response: { 200: Type.Object({ requests: Type.Array(Plain('a request')) }) },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'support.view');
      const requests = await support.operatorList(request.query.filter ?? 'waiting');
      return { requests: requests.map((r) => plain(r) as Record<string, unknown>) };
    },
  );

  app.get(
    `${P}/support/:id`,
    schema('One support request with its messages', {
      params: IdParams,
      response: { 200: Plain('the request') },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'support.view');
      return plain(await support.thread(BigInt(request.params.id), null)) as Record<string, unknown>;
    },
  );

  app.post(
    `${P}/support/:id/answer`,
    schema("Answers a player's request (the player's open page hears of it)", {
      params: IdParams,
      body: Type.Object({ text: Text(1, 4000) }),
      response: { 200: Ok },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'support.answer');
      await answerRequest(db, clock, support, actorOf(operator, request), {
        requestId: BigInt(request.params.id),
        text: request.body.text.trim(),
      });
      return { ok: true };
    },
  );

  app.post(
    `${P}/support/:id/close`,
    schema("Closes a player's request", { params: IdParams, response: { 200: Ok } }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'support.answer');
      await closeRequest(db, clock, support, actorOf(operator, request), BigInt(request.params.id));
      return { ok: true };
    },
  );
}

function registerAdjustmentRoutes(app: RoutesApp, options: PlayerRoutesOptions): void {
  const ctx: GuardContext = options;
  const { db, clock, ledger } = options;
  const Adjustment = Plain('an adjustment');

  app.get(
    `${P}/adjustments`,
    schema('Manual adjustments, newest first: waiting for a second operator, or all', {
      querystring: Type.Object({
        status: Type.Optional(
          Type.Union([Type.Literal('proposed'), Type.Literal('approved'), Type.Literal('rejected')]),
        ),
      }),
      response: { 200: Type.Object({ adjustments: Type.Array(Adjustment) }) },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'players.view');
      const status = request.query.status;
      const adjustments = await listAdjustments(db, { ...(status ? { status } : {}), limit: LIST });
      return { adjustments: adjustments.map((a) => plain(a) as Record<string, unknown>) };
    },
  );

  app.post(
    `${P}/adjustments`,
    schema("Proposes a manual adjustment of a player's account; a second operator decides it", {
      body: Type.Object({
        userId: IdString(),
        accountId: IdString(),
        amountMinor: Type.String({ pattern: '^-?[1-9][0-9]{0,14}$', description: 'signed, minor units' }),
        reason: Text(3, 500),
      }),
      response: { 200: Adjustment },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'adjustments.propose');
      const b = request.body;
      const adjustment = await proposeAdjustment(ledger, clock, actorOf(operator, request), {
        userId: BigInt(b.userId),
        accountId: BigInt(b.accountId),
        amountMinor: BigInt(b.amountMinor),
        reason: b.reason.trim(),
      });
      return plain(adjustment) as Record<string, unknown>;
    },
  );

  app.post(
    `${P}/adjustments/:id/approve`,
    schema("Approves another operator's adjustment: the money moves once, through the ledger", {
      params: IdParams,
      response: { 200: Adjustment },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'adjustments.approve');
      const id = BigInt(request.params.id);
      return plain(await approveAdjustment(ledger, clock, actorOf(operator, request), id)) as Record<
        string,
        unknown
      >;
    },
  );

  app.post(
    `${P}/adjustments/:id/reject`,
    schema("Rejects another operator's adjustment: nothing moves", {
      params: IdParams,
      body: Type.Object({ note: Text(3, 500) }),
      response: { 200: Adjustment },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'adjustments.approve');
      const id = BigInt(request.params.id);
      const note = request.body.note.trim();
      return plain(await rejectAdjustment(db, clock, actorOf(operator, request), id, note)) as Record<
        string,
        unknown
      >;
    },
  );
}

function registerAlertRoutes(app: RoutesApp, options: PlayerRoutesOptions): void {
  const ctx: GuardContext = options;
  const { db, clock } = options;
  const Status = Type.Union(CASE_STATUSES.map((s) => Type.Literal(s)));

  app.get(
    `${P}/alerts`,
    schema('Responsible-gaming and AML cases, newest first, and the operators who may take them', {
      querystring: Type.Object({ status: Type.Optional(Status), player: Type.Optional(IdString()) }),
      response: {
        200: Type.Object({
          cases: Type.Array(Plain('a case')),
          assignees: Type.Array(Type.Object({ id: Type.String(), login: Type.String() })),
        }),
      },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'alerts.view');
      const { status, player } = request.query;
      const cases = await listCases(db, {
        ...(status ? { status } : {}),
        ...(player ? { userId: BigInt(player) } : {}),
        limit: LIST,
      });
      const managers = OPERATOR_ROLES.filter((role) => mayDo(role, 'alerts.manage'));
      const assignees = await db
        .selectFrom('backoffice_operators')
        .select(['id', 'login'])
        .where('disabled_at', 'is', null)
        .where('role', 'in', managers)
        .orderBy('login')
        .execute();
      return {
        cases: cases.map((c) => plain(c) as Record<string, unknown>),
        assignees: assignees.map((o) => ({ id: o.id.toString(), login: o.login })),
      };
    },
  );

  app.post(
    `${P}/alerts/:id`,
    schema("Changes a case's status and assignee (null: nobody)", {
      params: IdParams,
      body: Type.Object(
        { status: Type.Optional(Status), assigneeId: Type.Optional(Type.Union([IdString(), Type.Null()])) },
        { minProperties: 1 },
      ),
      response: { 200: Ok },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'alerts.manage');
      const { status, assigneeId } = request.body;
      await updateCase(db, clock, actorOf(operator, request), BigInt(request.params.id), {
        ...(status ? { status } : {}),
        ...(assigneeId !== undefined ? { assigneeId: assigneeId === null ? null : BigInt(assigneeId) } : {}),
      });
      return { ok: true };
    },
  );
}
