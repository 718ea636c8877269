/**
 * The back office's risk and payments routes (/backoffice-api/v1/…): stake factors, operator money
 * limits, the alert rules' thresholds, payment search and reconciliation results. Each is guarded
 * by its action of the permission table before anything else happens, validates its input from
 * one schema and audits every change.
 */
import { Type } from '@sinclair/typebox';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { listStakeFactors, STAKE_FACTOR_SCOPES } from '../betting/index.ts';
import { PAYMENT_PAGE, paymentMethodCodes, reconciliationResults, searchPayments } from './payments-desk.ts';
import { changeStakeFactor, imposeLimit, liftLimit, type RiskLimits } from './risk-desk.ts';
import { readAlertThresholds, updateAlertThresholds } from './risk-settings.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';
import { stringify } from './trading-schemas.ts';

export interface RiskRoutesOptions extends GuardContext {
  limits: RiskLimits;
}

const P = '/backoffice-api/v1';
const TAGS = ['backoffice'];
const Ok = Type.Object({ ok: Type.Boolean() });
const Json = Type.Object({}, { additionalProperties: true });
const IdParams = Type.Object({ id: IdString() });
const Reason = Type.String({ minLength: 3, maxLength: 500, pattern: '\\S' });
const Scope = Type.Union(STAKE_FACTOR_SCOPES.map((s) => Type.Literal(s)));
const MONEY_LIMIT_TYPES = [1, 2, 3, 10, 11, 12, 20, 21, 22] as const;
const PAYMENT_STATES = [
  'created',
  'pending',
  'requested',
  'approved',
  'processing',
  'success',
  'failed',
  'cancelled',
  'rejected',
  'expired',
] as const;
const Minor = (description: string) => Type.String({ pattern: '^[1-9][0-9]{0,14}$', description });

export async function riskRoutes(app: RoutesApp, options: RiskRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const { db, clock, limits } = options;

  app.get(
    `${P}/risk/factors`,
    {
      schema: {
        tags: TAGS,
        summary: 'Stake factors of players, markets and sports, newest first (at most 200)',
        querystring: Type.Object({ scope: Type.Optional(Scope), targetId: Type.Optional(IdString()) }),
        response: { 200: Type.Object({ factors: Type.Array(Json) }) },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'risk.view');
      const { scope, targetId } = request.query;
      const factors = await listStakeFactors(db, {
        ...(scope ? { scope } : {}),
        ...(targetId ? { targetId: BigInt(targetId) } : {}),
        limit: 200,
      });
      return { factors: factors.map((f) => stringify(f)) };
    },
  );

  app.post(
    `${P}/risk/factors`,
    {
      schema: {
        tags: TAGS,
        summary:
          "Sets a player's, market's or sport's stake factor (factorMilli 0–1000: thousandths of the normal maximum stake), or removes it (no factorMilli)",
        body: Type.Object({
          scope: Scope,
          targetId: IdString(),
          // Absent removes the factor (a null would be coerced to 0 or 0 to null by the validator).
          factorMilli: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
          reason: Reason,
        }),
        response: { 200: Type.Object({ previousMilli: Type.Union([Type.Integer(), Type.Null()]) }) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'risk.manage');
      const { scope, targetId, factorMilli, reason } = request.body;
      return changeStakeFactor({ db, clock }, actorOf(operator, request), {
        scope,
        targetId: BigInt(targetId),
        factorMilli: factorMilli ?? null,
        reason: reason.trim(),
      });
    },
  );

  app.get(
    `${P}/players/:id/operator-limits`,
    {
      schema: {
        tags: TAGS,
        summary: "The operator's money limits on the player, with reasons",
        params: IdParams,
        response: { 200: Type.Object({ limits: Type.Array(Json) }) },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'players.view');
      const locks = await limits.operatorLimits(BigInt(request.params.id));
      return { limits: [...locks.values()].map((l) => stringify(l)) };
    },
  );

  app.post(
    `${P}/players/:id/operator-limits`,
    {
      schema: {
        tags: TAGS,
        summary: 'Imposes a wager, loss or deposit limit (major units) the player cannot loosen',
        params: IdParams,
        body: Type.Object({
          limitType: Type.Union(MONEY_LIMIT_TYPES.map((t) => Type.Literal(t))),
          value: Type.Integer({ minimum: 1, maximum: 999_999_998 }),
          reason: Reason,
        }),
        response: { 200: Json },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'limits.manage');
      const { limitType, value, reason } = request.body;
      const view = await imposeLimit({ db, clock }, limits, actorOf(operator, request), {
        userId: BigInt(request.params.id),
        limitType,
        value,
        reason: reason.trim(),
      });
      return view as unknown as Record<string, unknown>;
    },
  );

  app.post(
    `${P}/players/:id/operator-limits/:limitType/lift`,
    {
      schema: {
        tags: TAGS,
        summary:
          "Lifts the operator's lock of a limit (the player's limit stays; loosening it waits its delay)",
        params: Type.Object({
          id: IdString(),
          limitType: Type.Union(MONEY_LIMIT_TYPES.map((t) => Type.Literal(String(t)))),
        }),
        body: Type.Object({ reason: Reason }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'limits.manage');
      await liftLimit({ db, clock }, limits, actorOf(operator, request), {
        userId: BigInt(request.params.id),
        limitType: Number(request.params.limitType),
        reason: request.body.reason.trim(),
      });
      return { ok: true };
    },
  );

  const Thresholds = Type.Object({
    deposits24hMinor: Minor('deposits_24h: above this in 24 h'),
    lossesMinMinor: Minor('losses_up: losses of 7 days above this'),
    lossesRatioPercent: Type.Integer({ minimum: 100, maximum: 10_000 }),
    nightStakes: Type.Integer({ minimum: 1, maximum: 1000 }),
    loosenedLimits: Type.Integer({ minimum: 1, maximum: 100 }),
  });

  app.get(
    `${P}/alerts/settings`,
    {
      schema: {
        tags: TAGS,
        summary: "The alert rules' thresholds",
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'alerts.view');
      return stringify(await readAlertThresholds(db)) as unknown as Record<string, unknown>;
    },
  );

  app.post(
    `${P}/alerts/settings`,
    {
      schema: {
        tags: TAGS,
        summary: "Changes the alert rules' thresholds (the alerts job's next pass uses them)",
        body: Thresholds,
        response: { 200: Json },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'alerts.settings');
      const b = request.body;
      const saved = await updateAlertThresholds(db, clock, actorOf(operator, request), {
        deposits24hMinor: BigInt(b.deposits24hMinor),
        lossesMinMinor: BigInt(b.lossesMinMinor),
        lossesRatioPercent: b.lossesRatioPercent,
        nightStakes: b.nightStakes,
        loosenedLimits: b.loosenedLimits,
      });
      return stringify(saved) as unknown as Record<string, unknown>;
    },
  );

  app.get(
    `${P}/payments`,
    {
      schema: {
        tags: TAGS,
        summary: `Payments by player, method, direction, state, amount (minor units) and time, newest first, ${PAYMENT_PAGE} a page`,
        querystring: Type.Object({
          userId: Type.Optional(IdString()),
          method: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_.-]+$' })),
          direction: Type.Optional(Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')])),
          state: Type.Optional(Type.Union(PAYMENT_STATES.map((s) => Type.Literal(s)))),
          minAmount: Type.Optional(Minor('at least')),
          maxAmount: Type.Optional(Minor('at most')),
          from: Type.Optional(Type.String({ format: 'date-time' })),
          to: Type.Optional(Type.String({ format: 'date-time' })),
          before: Type.Optional(IdString()),
        }),
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'payments.view');
      const q = request.query;
      const [found, methods] = await Promise.all([
        searchPayments(db, {
          ...(q.userId ? { userId: BigInt(q.userId) } : {}),
          ...(q.method ? { method: q.method } : {}),
          ...(q.direction ? { direction: q.direction } : {}),
          ...(q.state ? { state: q.state } : {}),
          ...(q.minAmount ? { minAmountMinor: BigInt(q.minAmount) } : {}),
          ...(q.maxAmount ? { maxAmountMinor: BigInt(q.maxAmount) } : {}),
          ...(q.from ? { from: new Date(q.from) } : {}),
          ...(q.to ? { to: new Date(q.to) } : {}),
          ...(q.before ? { before: BigInt(q.before) } : {}),
        }),
        paymentMethodCodes(db),
      ]);
      return stringify({ ...found, methods }) as unknown as Record<string, unknown>;
    },
  );

  app.get(
    `${P}/payments/reconciliation`,
    {
      schema: {
        tags: TAGS,
        summary:
          'What reconciliation applied from the provider and which deposits it expired (default: the last 7 days)',
        querystring: Type.Object({
          from: Type.Optional(Type.String({ format: 'date-time' })),
          to: Type.Optional(Type.String({ format: 'date-time' })),
        }),
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'payments.view');
      const to = request.query.to ? new Date(request.query.to) : clock.now();
      const from = request.query.from
        ? new Date(request.query.from)
        : new Date(to.getTime() - 7 * 86_400_000);
      return stringify(await reconciliationResults(db, { from, to, limit: 200 })) as unknown as Record<
        string,
        unknown
      >;
    },
  );
}
