/**
 * Accounts routes for signed-in players (coupon-accounts §7): the accounts list, add and remove a
 * currency, set the active account, and the transaction history. Amounts travel as integer strings
 * of minor units (moneyMinor) and as the formatted decimal (money).
 */

import { formatAmount } from '@parlay/domain/money/index.ts';
import { Type } from '@sinclair/typebox';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { accountView } from './account-view.ts';
import type { Ledger } from './ledger-service.ts';

const Id = IdString();
const AccountSchema = Type.Object({
  id: Type.String(),
  iso: Type.String(),
  symbol: Type.String(),
  label: Type.String(),
  money: Type.String(),
  moneyMinor: Type.String(),
  type: Type.Integer(),
  currencyId: Type.Integer(),
  isActive: Type.Boolean(),
  points: Type.String(),
  isFrozen: Type.Boolean(),
});
const Nullable = <T extends ReturnType<typeof Type.Object>>(schema: T) => Type.Union([schema, Type.Null()]);

const TransactionsQuery = Type.Object({
  accountId: Type.Optional(Id),
  types: Type.Optional(Type.String({ pattern: '^[049](,[049]){0,2}$' })),
  reasons: Type.Optional(Type.String({ pattern: '^[a-z0-9_,]{1,200}$' })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export { accountView };

/**
 * What the bonus engine adds to the accounts list (coupon-accounts §3): whether the player's next
 * deposit is a first deposit with a first-deposit bonus running, and which bonus each bonus
 * account's money belongs to (ids as strings). Provided by app.ts when the engine is on.
 */
export interface AccountBonusFacts {
  isAvailableFirstDepositBonus: boolean;
  bonusIdByAccount: ReadonlyMap<string, string>;
}

export async function accountsRoutes(
  app: RoutesApp,
  options: { ledger: Ledger; bonusFacts?: (userId: bigint, currency: string) => Promise<AccountBonusFacts> },
): Promise<void> {
  const { ledger } = options;
  const tags = ['accounts'];

  app.get(
    '/web-api/accounts/v1/accounts',
    {
      schema: {
        tags,
        summary: 'Accounts list',
        response: {
          200: Type.Object({
            accounts: Type.Array(AccountSchema),
            activeAccount: Nullable(AccountSchema),
            mainAccount: Nullable(AccountSchema),
            /** Bonus accounts; idBonus: the active bonus whose money the account holds (null: none). */
            bonuses: Type.Array(
              Type.Intersect([
                AccountSchema,
                Type.Object({ idBonus: Type.Union([Type.String(), Type.Null()]) }),
              ]),
            ),
            isAvailableFirstDepositBonus: Type.Boolean(),
            isAccountFrozen: Type.Boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const userId = BigInt(user.userId);
      const [view, facts] = await Promise.all([
        ledger.accounts(userId),
        options.bonusFacts?.(userId, user.currency) ?? null,
      ]);
      reply.header('cache-control', 'no-store');
      return {
        accounts: view.accounts.map(accountView),
        activeAccount: view.activeAccount && accountView(view.activeAccount),
        mainAccount: view.mainAccount && accountView(view.mainAccount),
        bonuses: view.bonuses.map((a) => ({
          ...accountView(a),
          idBonus: facts?.bonusIdByAccount.get(a.id.toString()) ?? null,
        })),
        isAvailableFirstDepositBonus: facts?.isAvailableFirstDepositBonus ?? false,
        isAccountFrozen: view.isAccountFrozen,
      };
    },
  );

  app.post(
    '/web-api/accounts/v1/currencies',
    {
      schema: {
        tags,
        summary: 'Add a currency account',
        body: Type.Object({ currency: Type.String({ pattern: '^[A-Z]{3}$' }) }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({ message: Type.String(), account: AccountSchema }),
          }),
        },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const account = await ledger.addCurrency(userId, request.body.currency);
      return { success: true, data: { message: 'currency_added', account: accountView(account) } };
    },
  );

  app.delete(
    '/web-api/accounts/v1/currencies/:id',
    {
      schema: {
        tags,
        summary: 'Remove an empty currency account',
        params: Type.Object({ id: Id }),
        response: {
          200: Type.Object({ success: Type.Boolean(), data: Type.Object({ message: Type.String() }) }),
        },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      await ledger.removeCurrency(userId, BigInt(request.params.id));
      return { success: true, data: { message: 'currency_removed' } };
    },
  );

  app.post(
    '/web-api/accounts/v1/active',
    {
      schema: {
        tags,
        summary: 'Set the active account',
        body: Type.Object({ id: Id }),
        response: {
          200: Type.Object({ success: Type.Boolean(), message: Type.String(), id: Type.String() }),
        },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const result = await ledger.setActiveAccount(userId, BigInt(request.body.id));
      return { success: true, message: result.messageKey, id: result.activeAccountId.toString() };
    },
  );

  app.get(
    '/web-api/accounts/v1/transactions',
    {
      schema: {
        tags,
        summary: 'Transaction history',
        querystring: TransactionsQuery,
        response: {
          200: Type.Object({
            entities: Type.Array(
              Type.Object({
                id: Type.String(),
                transferId: Type.String(),
                accountId: Type.String(),
                currency: Type.String(),
                amountMinor: Type.String(),
                amount: Type.String(),
                reason: Type.String(),
                isReversal: Type.Boolean(),
                createdAt: Type.String(),
              }),
            ),
            total_count: Type.Integer(),
          }),
        },
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      const q = request.query;
      const page = await ledger.transactions(userId, {
        ...(q.accountId ? { accountId: BigInt(q.accountId) } : {}),
        ...(q.types ? { accountTypes: q.types.split(',').map(Number) } : {}),
        ...(q.reasons ? { reasons: q.reasons.split(',').filter(Boolean) } : {}),
        ...(q.from ? { from: new Date(q.from) } : {}),
        ...(q.to ? { to: new Date(q.to) } : {}),
        page: q.page,
        pageSize: q.pageSize,
      });
      reply.header('cache-control', 'no-store');
      return {
        entities: page.entities.map((e) => ({
          id: `${e.transferId}-${e.leg}`,
          transferId: e.transferId.toString(),
          accountId: e.accountId.toString(),
          currency: e.currency,
          amountMinor: e.amountMinor.toString(),
          amount: formatAmount(e.amountMinor, e.currency),
          reason: e.reason,
          isReversal: e.reversesId !== null,
          createdAt: e.createdAt.toISOString(),
        })),
        total_count: page.totalCount,
      };
    },
  );
}
