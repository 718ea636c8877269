/**
 * Payments module: the method catalogue, deposits and withdrawals through a PaymentProvider (the
 * sandbox by default: hosted page, signed notifications), payment history and has_deposit.
 * Front door: PaymentsService, createPaymentsService, the Fastify plugin and the provider types.
 *
 * Routes: GET /web-api/payments/v1/methods; GET|POST /payments-sandbox/pay/:reference (sandbox);
 * POST /payments-api/v1/notify/:provider (signed, server to server); signed-in players:
 * POST /web-api/payments/v1/deposits and /withdrawals (Idempotency-Key header),
 * POST /web-api/payments/v1/withdrawals/:id/cancel, GET /web-api/payments/v1/payments, GET /web-api/payments/v1/profile;
 * payment requests and the mobile-cash list (requests-routes.ts); the secure-data grant and one
 * payment with its details (secure-data-routes.ts).
 */
import { randomBytes } from 'node:crypto';
import { AmountError, parseAmount, returnPath } from '@parlay/domain/money/index.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { IdString, Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { Ledger } from '../accounts/index.ts';
import { requireUser } from '../auth/index.ts';
import { PaymentRequests } from './payment-requests.ts';
import { PaymentsService } from './payments-service.ts';
import { requestsRoutes } from './requests-routes.ts';
import { renderSandboxPage, SANDBOX_PAGE_CSP } from './sandbox-page.ts';
import { cardOutcome, SandboxProvider, SandboxRecords, SIGNATURE_HEADER } from './sandbox-provider.ts';
import { SecureDataGrants } from './secure-data-grant.ts';
import { secureDataRoutes } from './secure-data-routes.ts';
import { MethodSchema, methodView, PaymentSchema, paymentView } from './views.ts';

export type { PaymentFilter } from './list-payments.ts';
export type { PaymentMethod } from './methods.ts';
export type { Payment } from './payment-record.ts';
export { PaymentRequests, type RequestTopic } from './payment-requests.ts';
export { PAYMENTS_USAGE, runPaymentsCommand } from './payments-command.ts';
export {
  DEPOSIT_EXPIRES_AFTER_MS,
  type DepositInput,
  type DepositLimits,
  type NotificationOutcome,
  type PaymentsOptions,
  PaymentsService,
  type ReconcileOutcome,
  type ReconcileReport,
  type WithdrawalInput,
} from './payments-service.ts';
export type {
  PaymentProvider,
  ProviderNotification,
  ProviderPayment,
  ProviderRecord,
  ProviderStatus,
} from './provider.ts';
export { startReconciler } from './reconcile-worker.ts';
export {
  SandboxProvider,
  SandboxRecords,
  SIGNATURE_HEADER,
  signBody,
  TEST_CARDS,
} from './sandbox-provider.ts';
export { GRANT_COOKIE, GRANT_TTL_MS, SecureDataGrants } from './secure-data-grant.ts';
export { methodView, mobileCashStatus, paymentView } from './views.ts';

export function createPaymentsService(
  deps: Pick<ModuleDeps, 'config' | 'db' | 'clock'>,
  ledger: Ledger,
  isVerified?: (userId: bigint) => Promise<boolean>,
): PaymentsService {
  const provider =
    deps.config.paymentsProvider === 'sandbox'
      ? new SandboxProvider(deps.config.paymentsSandboxSecret, new SandboxRecords(deps.db.db, deps.clock))
      : null;
  return new PaymentsService(deps.db.db, ledger, deps.clock, {
    provider,
    autoApprove: deps.config.withdrawalAutoApprove,
    requiresVerification: deps.config.withdrawalRequiresVerification,
    ...(isVerified ? { isVerified } : {}),
  });
}

const Direction = Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')]);
const Lang = Type.String({ pattern: '^[a-z]{2}$', default: 'ru' });
const Reference = Type.Object({ reference: Type.String({ pattern: '^pay_[A-Za-z0-9_-]{10,40}$' }) });
/** The sandbox page's form: the card typed and the button pressed. */
const SandboxForm = Type.Object({
  card: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(Type.String({ maxLength: 20 })),
});
const PaymentBody = Type.Object({
  accountId: IdString(),
  methodId: Int32Id(),
  amount: Type.String({ minLength: 1, maxLength: 30, description: 'Decimal in major units, e.g. "150.50"' }),
  lng: Lang,
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
});
const WithdrawalBody = Type.Intersect([
  PaymentBody,
  Type.Object({
    destination: Type.String({ minLength: 4, maxLength: 100 }),
    /** The player confirmed that the active bonuses in this currency are forfeited (else BONUS_FORFEIT_CONFIRMATION_REQUIRED). */
    forfeitBonuses: Type.Optional(Type.Boolean()),
  }),
]);
const HistoryQuery = Type.Object({
  direction: Type.Optional(Direction),
  state: Type.Optional(Type.String({ pattern: '^[a-z,]{1,200}$' })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

export async function paymentsModule(
  app: RoutesApp,
  options: {
    deps: ModuleDeps;
    payments: PaymentsService;
    ledger: Ledger;
    /** Signs the secure-data grant; every process must share its key (default: one per process). */
    grants?: SecureDataGrants;
  },
): Promise<void> {
  const { payments, ledger, deps } = options;
  const processKey = randomBytes(32).toString('base64url');
  const grants = options.grants ?? new SecureDataGrants(async () => processKey, deps.clock);

  app.get(
    '/web-api/payments/v1/methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment methods',
        description:
          'Methods for the recharge or withdrawal page, by direction, currency and country, with limits and fees.',
        querystring: Type.Object({
          direction: Direction,
          currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
          country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
        }),
        response: { 200: Type.Object({ methods: Type.Array(MethodSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      return { methods: (await payments.methods(q)).map(methodView) };
    },
  );

  await app.register(async (scope: RoutesApp) => {
    // Signatures are over the exact bytes received, so this scope keeps JSON bodies raw.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/payments-api/v1/notify/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: 'Provider notification',
          description:
            'Server-to-server status notification, signed over the raw body; repeats and late arrivals change nothing.',
          params: Type.Object({ provider: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }) }),
        },
      },
      async (request) => {
        const { provider } = request.params;
        // A name this site does not use is a wrong address, not an outage.
        if (payments.provider?.name !== provider) {
          throw new AppError('PAYMENT_PROVIDER_UNKNOWN', `No payment provider named "${provider}"`);
        }
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('VALIDATION_FAILED', 'a JSON body is required');
        const result = await payments.applyNotification(provider, body, request.headers);
        return { ok: true, outcome: result.outcome };
      },
    );
  });

  if (payments.provider instanceof SandboxProvider) registerSandboxPage(app, payments, payments.provider);
  registerPlayerRoutes(app, payments, ledger);
  await app.register(requestsRoutes, {
    payments,
    requests: new PaymentRequests(deps.db.db, deps.clock),
    clock: deps.clock,
  });
  await app.register(secureDataRoutes, { payments, grants, clock: deps.clock });
}

function registerSandboxPage(app: RoutesApp, payments: PaymentsService, sandbox: SandboxProvider): void {
  app.get(
    '/payments-sandbox/pay/:reference',
    { schema: { hide: true, params: Reference } },
    async (request, reply) => {
      const payment = await payments.getByReference(request.params.reference);
      if (payment.direction !== 'deposit') throw new AppError('PAYMENT_NOT_FOUND');
      reply.header('cache-control', 'no-store').header('content-security-policy', SANDBOX_PAGE_CSP);
      return reply
        .type('text/html; charset=utf-8')
        .send(renderSandboxPage(payment, payments.isPayable(payment)));
    },
  );

  app.register(async (scope: RoutesApp) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/payments-sandbox/pay/:reference',
      { schema: { hide: true, params: Reference, body: SandboxForm } },
      async (request, reply) => {
        const payment = await payments.getByReference(request.params.reference);
        if (payment.direction !== 'deposit') throw new AppError('PAYMENT_NOT_FOUND');
        const form = request.body;
        // Past its expiry the page takes no money (as a real provider's session ends): the deposit
        // is settled from the provider's record at once, which expires it when nothing was paid.
        if (!payments.isPayable(payment)) await payments.reconcileOne(payment.id);
        else {
          const status = form.action === 'cancel' ? 'cancelled' : cardOutcome(form.card ?? '');
          const reason = status === 'failed' ? 'card_declined' : null;
          await sandbox.complete(payment, status, reason);
          const { raw, signature } = sandbox.notification(payment, status, reason);
          // Delivered like a real provider's call: through the signed endpoint, not a shortcut.
          const delivered = await app.inject({
            method: 'POST',
            url: '/payments-api/v1/notify/sandbox',
            headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
            payload: raw,
          });
          if (delivered.statusCode !== 200) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
        }
        const after = await payments.getByReference(payment.reference);
        return reply.redirect(returnPath(after.lng, 'deposit', after.state), 303);
      },
    );
  });
}

async function amountFor(ledger: Ledger, userId: bigint, accountId: bigint, text: string): Promise<bigint> {
  const account = await ledger.account(userId, accountId);
  try {
    return parseAmount(text, account.iso);
  } catch (err) {
    if (err instanceof AmountError) throw new AppError('INVALID_AMOUNT', err.message);
    throw err;
  }
}

function registerPlayerRoutes(app: RoutesApp, payments: PaymentsService, ledger: Ledger): void {
  const tags = ['payments'];
  app.post(
    '/web-api/payments/v1/deposits',
    {
      schema: {
        tags,
        summary: 'Start a deposit',
        body: PaymentBody,
        response: { 200: Type.Object({ payment: PaymentSchema, redirectUrl: Type.String() }) },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const body = request.body;
      const accountId = BigInt(body.accountId);
      const started = await payments.startDeposit({
        userId,
        accountId,
        methodId: body.methodId,
        amountMinor: await amountFor(ledger, userId, accountId, body.amount),
        idempotencyKey: idempotencyKey(request),
        lng: body.lng,
        ...(body.country ? { country: body.country } : {}),
      });
      return { payment: paymentView(started.payment), redirectUrl: started.redirectUrl };
    },
  );

  app.post(
    '/web-api/payments/v1/withdrawals',
    {
      schema: {
        tags,
        summary: 'Request a withdrawal',
        body: WithdrawalBody,
        response: { 200: Type.Object({ payment: PaymentSchema }) },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const body = request.body;
      const accountId = BigInt(body.accountId);
      const payment = await payments.requestWithdrawal({
        userId,
        accountId,
        methodId: body.methodId,
        amountMinor: await amountFor(ledger, userId, accountId, body.amount),
        idempotencyKey: idempotencyKey(request),
        lng: body.lng,
        destination: body.destination,
        forfeitBonuses: body.forfeitBonuses === true,
        ...(body.country ? { country: body.country } : {}),
      });
      return { payment: paymentView(payment) };
    },
  );

  app.post(
    '/web-api/payments/v1/withdrawals/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a withdrawal',
        params: Type.Object({ id: IdString() }),
        response: { 200: Type.Object({ payment: PaymentSchema }) },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const payment = await payments.cancelWithdrawal(userId, BigInt(request.params.id));
      return { payment: paymentView(payment) };
    },
  );

  app.get(
    '/web-api/payments/v1/payments',
    {
      schema: {
        tags,
        summary: 'Payment history',
        querystring: HistoryQuery,
        response: { 200: Type.Object({ entities: Type.Array(PaymentSchema), total_count: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      const q = request.query;
      const page = await payments.payments(userId, {
        ...(q.direction ? { direction: q.direction } : {}),
        ...(q.state ? { states: q.state.split(',') as never } : {}),
        ...(q.from ? { from: new Date(q.from) } : {}),
        ...(q.to ? { to: new Date(q.to) } : {}),
        page: q.page,
        pageSize: q.pageSize,
      });
      reply.header('cache-control', 'no-store');
      return { entities: page.entities.map(paymentView), total_count: page.totalCount };
    },
  );

  app.get(
    '/web-api/payments/v1/profile',
    {
      schema: {
        tags,
        summary: 'Payment profile',
        description:
          'has_deposit, and is_need_identification with the operations it blocks (withdrawals, while the site requires a verified identity and the player has none).',
        response: {
          200: Type.Object({
            has_deposit: Type.Boolean(),
            is_need_identification: Type.Boolean(),
            blocked_operations: Type.Array(Type.Literal('withdrawal')),
          }),
        },
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      const needsIdentification = await payments.needsIdentification(userId);
      reply.header('cache-control', 'no-store');
      return {
        has_deposit: await payments.hasDeposit(userId),
        is_need_identification: needsIdentification,
        blocked_operations: needsIdentification ? ['withdrawal' as const] : [],
      };
    },
  );
}
