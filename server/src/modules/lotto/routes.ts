/**
 * HTTP routes under /web-api/lotto/v1 (tag 'lotto'):
 *   GET  /games                        every game: rules, tiers or paytable, next draw (countdown, commitment, jackpot)
 *   GET  /games/:gameId                one game
 *   GET  /games/:gameId/draws          its draws, paginated: filter=results (archive, default) | upcoming | all
 *   GET  /draws/:drawId                one draw: numbers, commitment, revealed seed, tiers with winners and payouts
 *   POST /tickets                      buys a ticket (signed in, Idempotency-Key)
 *   GET  /tickets                      the player's tickets, newest first, paginated (gameId, status filters)
 *   GET  /tickets/:ticketId            one of the player's tickets (the printable coupon)
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { buyTicket, gameOrThrow } from './buy-ticket.ts';
import type { LottoContext } from './context.ts';
import { gamesView, gameView, listDraws, MAX_DRAWS_PAGE, readDraw } from './read-draws.ts';
import { MAX_TICKETS_PAGE, myTickets, readTicket } from './read-tickets.ts';

export const LOTTO_PREFIX = '/web-api/lotto/v1';
const tags = ['lotto'];
const ok = (schema: TSchema) => ({ 200: schema });

const GameIdParam = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9a-z]+$',
  description: 'e.g. 6of45',
});
const Minor = Type.String({ description: 'Minor units' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Numbers = Type.Array(Type.Integer());
const Field = Type.Object({
  pool: Type.Integer(),
  drawn: Type.Integer(),
  pick: Type.Integer(),
  maxPick: Type.Integer(),
});
const DrawStatus = Type.Union(
  ['selling', 'closed', 'drawn', 'paying', 'settled'].map((s) => Type.Literal(s)),
);
const TicketStatus = Type.Union([Type.Literal('open'), Type.Literal('won'), Type.Literal('lost')]);

const GameSchema = Type.Object({
  gameId: Type.String(),
  kind: Type.Union([Type.Literal('draw'), Type.Literal('keno')]),
  currency: Type.String(),
  priceMinor: Minor,
  intervalSeconds: Type.Integer(),
  salesCloseSeconds: Type.Integer(),
  maxDraws: Type.Integer(),
  salt: Type.String(),
  main: Field,
  bonus: Nullable(Field),
  fundBasisPoints: Nullable(Type.Integer()),
  rolloverCap: Nullable(Type.Integer()),
  minimumJackpotMinor: Nullable(Minor),
  tiers: Type.Array(
    Type.Object({
      id: Type.String(),
      mainMatches: Type.Integer(),
      bonusMatch: Nullable(Type.Boolean()),
      kind: Type.String(),
      prizeMinor: Nullable(Minor),
      shareBasisPoints: Nullable(Type.Integer()),
    }),
  ),
  paytable: Nullable(Type.Record(Type.String(), Type.Array(Type.Integer()))),
  nextDraw: Nullable(
    Type.Object({
      drawId: Type.String(),
      drawAt: Type.String(),
      closesAt: Type.String(),
      secondsToClose: Type.Integer(),
      secondsToDraw: Type.Integer(),
      commitment: Type.String(),
      jackpotMinor: Minor,
    }),
  ),
});

const DrawSummarySchema = {
  drawId: Type.String(),
  gameId: Type.String(),
  status: DrawStatus,
  drawAt: Type.String(),
  closesAt: Type.String(),
  commitment: Type.String({ description: 'SHA-256 of the server seed, published when the draw is created' }),
  numbers: Nullable(Numbers),
  bonus: Nullable(Type.Integer()),
  tickets: Type.String(),
  salesMinor: Minor,
  jackpotInMinor: Minor,
  jackpotOutMinor: Minor,
};

const DrawDetailSchema = Type.Object({
  ...DrawSummarySchema,
  salt: Type.String(),
  serverSeed: Nullable(Type.String({ description: 'Revealed once drawn' })),
  drawOrder: Nullable(Numbers),
  fundMinor: Minor,
  poolMinor: Minor,
  fixedMinor: Minor,
  houseTopUpMinor: Minor,
  paidMinor: Minor,
  rolloversIn: Type.Integer(),
  rolloversOut: Type.Integer(),
  rolledDown: Type.Boolean(),
  drawnAt: Nullable(Type.String()),
  settledAt: Nullable(Type.String()),
  tiers: Type.Array(
    Type.Object({
      tierId: Type.String(),
      kind: Type.String(),
      winners: Type.String(),
      allocatedMinor: Minor,
      prizeEachMinor: Minor,
      totalMinor: Minor,
    }),
  ),
});

const TicketSchema = Type.Object({
  ticketId: Type.String(),
  purchaseId: Type.String(),
  gameId: Type.String(),
  drawId: Type.String(),
  drawAt: Type.String(),
  drawStatus: DrawStatus,
  drawnNumbers: Nullable(Numbers),
  drawnBonus: Nullable(Type.Integer()),
  numbers: Numbers,
  bonusNumbers: Numbers,
  quickPick: Type.Boolean(),
  system: Type.Boolean(),
  combinations: Type.String(),
  priceMinor: Minor,
  currency: Type.String(),
  status: TicketStatus,
  matches: Nullable(Type.Integer()),
  bonusHit: Nullable(Type.Boolean()),
  prizeMinor: Minor,
  paid: Type.Boolean(),
  paidAt: Nullable(Type.String()),
  createdAt: Type.String(),
});

const PurchaseSchema = Type.Object({
  purchaseId: Type.String(),
  gameId: Type.String(),
  draws: Type.Integer(),
  totalMinor: Minor,
  currency: Type.String(),
  createdAt: Type.String(),
  tickets: Type.Array(TicketSchema),
});

const page = (max: number) => ({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: 20 })),
});

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

export async function lottoRoutes(app: RoutesApp, options: { ctx: LottoContext }): Promise<void> {
  const { ctx } = options;

  app.get(
    `${LOTTO_PREFIX}/games`,
    {
      schema: {
        tags,
        summary: 'The lotto games with their rules and next draw',
        response: ok(Type.Array(GameSchema)),
      },
    },
    async () => gamesView(ctx.db, ctx.clock.now()),
  );

  app.get(
    `${LOTTO_PREFIX}/games/:gameId`,
    {
      schema: {
        tags,
        summary: 'One lotto game with its rules and next draw',
        params: Type.Object({ gameId: GameIdParam }),
        response: ok(GameSchema),
      },
    },
    async (request) => gameView(ctx.db, gameOrThrow(request.params.gameId), ctx.clock.now()),
  );

  app.get(
    `${LOTTO_PREFIX}/games/:gameId/draws`,
    {
      schema: {
        tags,
        summary: 'A game’s draws: the results archive (newest first) or the draws on sale',
        params: Type.Object({ gameId: GameIdParam }),
        querystring: Type.Object({
          ...page(MAX_DRAWS_PAGE),
          filter: Type.Optional(
            Type.Union([Type.Literal('results'), Type.Literal('upcoming'), Type.Literal('all')], {
              default: 'results',
            }),
          ),
        }),
        response: ok(
          Type.Object({
            items: Type.Array(Type.Object(DrawSummarySchema)),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (request) => {
      const game = gameOrThrow(request.params.gameId);
      return listDraws(ctx.db, game.id, {
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? 20,
        filter: request.query.filter ?? 'results',
      });
    },
  );

  app.get(
    `${LOTTO_PREFIX}/draws/:drawId`,
    {
      schema: {
        tags,
        summary:
          'One draw: numbers, commitment, the revealed seed once drawn, tiers with winners and payouts',
        params: Type.Object({ drawId: IdString() }),
        response: ok(DrawDetailSchema),
      },
    },
    async (request) => {
      const draw = await readDraw(ctx.db, BigInt(request.params.drawId));
      if (!draw) throw new AppError('LOTTO_DRAW_NOT_FOUND', undefined, { drawId: request.params.drawId });
      return draw;
    },
  );

  app.post(
    `${LOTTO_PREFIX}/tickets`,
    {
      schema: {
        tags,
        summary: 'Buys a ticket (Idempotency-Key)',
        description:
          'Own numbers (numbers, bonusNumbers) or a quick pick (quickPick: true, picks, bonusPicks). More numbers than the game picks is a system ticket (C(n, k) combinations); draws > 1 plays the next draws on sale. priceMinor must equal the price (combinations × game price × draws), else LOTTO_PRICE_MISMATCH with details.priceMinor.',
        body: Type.Object({
          gameId: GameIdParam,
          numbers: Type.Optional(
            Type.Array(Type.Integer({ minimum: -1000, maximum: 1000 }), { maxItems: 20 }),
          ),
          bonusNumbers: Type.Optional(
            Type.Array(Type.Integer({ minimum: -1000, maximum: 1000 }), { maxItems: 20 }),
          ),
          quickPick: Type.Optional(Type.Boolean()),
          picks: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
          bonusPicks: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
          draws: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          priceMinor: Type.String({ pattern: '^\\d{1,20}$', description: 'The expected price, minor units' }),
        }),
        response: ok(PurchaseSchema),
      },
    },
    async (request) => {
      const key = idempotencyKey(request);
      const user = await requireUser(request);
      return buyTicket(ctx, BigInt(user.userId), key, request.body);
    },
  );

  app.get(
    `${LOTTO_PREFIX}/tickets`,
    {
      schema: {
        tags,
        summary: 'The player’s tickets, newest first',
        querystring: Type.Object({
          ...page(MAX_TICKETS_PAGE),
          gameId: Type.Optional(GameIdParam),
          status: Type.Optional(TicketStatus),
        }),
        response: ok(
          Type.Object({
            items: Type.Array(TicketSchema),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return myTickets(ctx.db, BigInt(user.userId), {
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? 20,
        gameId: request.query.gameId,
        status: request.query.status,
      });
    },
  );

  app.get(
    `${LOTTO_PREFIX}/tickets/:ticketId`,
    {
      schema: {
        tags,
        summary: 'One of the player’s tickets (the printable coupon)',
        params: Type.Object({ ticketId: IdString() }),
        response: ok(TicketSchema),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const ticket = await readTicket(ctx.db, BigInt(user.userId), BigInt(request.params.ticketId));
      if (!ticket)
        throw new AppError('LOTTO_TICKET_NOT_FOUND', undefined, { ticketId: request.params.ticketId });
      return ticket;
    },
  );
}
