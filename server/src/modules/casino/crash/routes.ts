/**
 * Crash routes under /web-api/casino/v1/crash: GET /state (anyone), POST /bets (Idempotency-Key)
 * and POST /bets/:betId/cash-out (signed in). They translate HTTP into the use cases' arguments.
 */
import { CRASH } from '@parlay/domain/casino/crash/index.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { IdString } from '../../../platform/request-schemas.ts';
import type { RoutesApp } from '../../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../../auth/index.ts';
import { cashOutCrashBet } from './cash-out.ts';
import type { CrashContext } from './context.ts';
import { placeCrashBet } from './place-bet.ts';
import { readCrashState } from './read-state.ts';

const BASE = '/web-api/casino/v1/crash';
const Minor = Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$', description: 'Minor units, decimal digits' });
const Status = Type.Union([Type.Literal('betting'), Type.Literal('running'), Type.Literal('crashed')]);
const BetStatus = Type.Union([Type.Literal('active'), Type.Literal('cashed_out'), Type.Literal('lost')]);
const Centi = Type.Union([Type.Integer(), Type.Null()]);

const RoundSchema = Type.Object({
  id: Type.String(),
  game: Type.Integer(),
  status: Status,
  bettingEndsAt: Type.String(),
  startedAt: Type.String(),
  crashPointCenti: Centi,
  hash: Type.Union([Type.String(), Type.Null()]),
  multiplierCenti: Type.Integer(),
});
const BetSchema = Type.Object({
  betId: Type.String(),
  roundId: Type.String(),
  mode: Type.Literal('real'),
  currency: Type.String(),
  stakeMinor: Type.String(),
  autoCashOutCenti: Centi,
  status: BetStatus,
  cashOutCenti: Centi,
  payoutMinor: Type.String(),
  createdAt: Type.String(),
});
const PublicBetSchema = Type.Object({
  betId: Type.String(),
  player: Type.String(),
  currency: Type.String(),
  stakeMinor: Type.String(),
  status: BetStatus,
  cashOutCenti: Centi,
  payoutMinor: Type.String(),
});
const StateSchema = Type.Object({
  round: Type.Union([RoundSchema, Type.Null()]),
  bets: Type.Array(PublicBetSchema),
  myBet: Type.Union([BetSchema, Type.Null()]),
  history: Type.Array(
    Type.Object({
      roundId: Type.String(),
      game: Type.Integer(),
      crashPointCenti: Type.Integer(),
      hash: Type.String(),
    }),
  ),
  chainCommitment: Type.Union([Type.String(), Type.Null()]),
  salt: Type.Union([Type.String(), Type.Null()]),
  serverTime: Type.Integer(),
});

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

export async function crashRoutes(app: RoutesApp, options: { crash: CrashContext }): Promise<void> {
  const ctx = options.crash;

  app.get(
    `${BASE}/state`,
    {
      schema: {
        tags: ['casino'],
        summary: 'Crash: the current round',
        description:
          'The round as the server clock says it is, its bets, the last 20 crash points with their hashes, and the chain commitment and salt.',
        response: { 200: StateSchema },
      },
    },
    async (request) => {
      const user = await getSessionUser(request).catch(() => null);
      return readCrashState(ctx, user ? BigInt(user.userId) : null);
    },
  );

  app.post(
    `${BASE}/bets`,
    {
      schema: {
        tags: ['casino'],
        summary: 'Crash: place a bet',
        description:
          'A bet on the round open for betting, with an optional auto cash-out (hundredths, 101 to the cap). Idempotency-Key header.',
        headers: Type.Object({ 'idempotency-key': Type.String({ minLength: 8, maxLength: 100 }) }),
        body: Type.Object(
          {
            stakeMinor: Minor,
            autoCashOutCenti: Type.Union([
              Type.Integer({ minimum: CRASH.minTargetCenti, maximum: CRASH.maxCrashCenti }),
              Type.Null(),
            ]),
            mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
          },
          { additionalProperties: false },
        ),
        response: { 200: BetSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      return placeCrashBet(ctx, {
        userId: BigInt(user.userId),
        idempotencyKey: idempotencyKey(request),
        stakeMinor: BigInt(body.stakeMinor),
        autoCashOutCenti: body.autoCashOutCenti,
        mode: body.mode,
      });
    },
  );

  app.post(
    `${BASE}/bets/:betId/cash-out`,
    {
      schema: {
        tags: ['casino'],
        summary: 'Crash: cash out',
        description:
          'Cashes the bet out at the multiplier of the server time of the request, if the round is running and has not crashed; a cashed-out bet answers as it is.',
        params: Type.Object({ betId: IdString() }),
        response: { 200: BetSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return cashOutCrashBet(ctx, { userId: BigInt(user.userId), betId: BigInt(request.params.betId) });
    },
  );
}
