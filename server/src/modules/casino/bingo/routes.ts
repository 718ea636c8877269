/**
 * Bingo routes under /web-api/casino/v1/bingo: GET /rooms (the lobby), GET /rooms/:room (a room's
 * snapshot, the player's cards when signed in) and POST /rooms/:room/cards (buy cards for the next
 * game; Idempotency-Key).
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { RoutesApp } from '../../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../../auth/index.ts';
import { buyBingoCards } from './buy-cards.ts';
import type { BingoContext } from './context.ts';
import { readLobby, readRoom } from './read-state.ts';
import { roomById } from './rooms.ts';

const BASE = '/web-api/casino/v1/bingo';
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Variant = Type.Union([Type.Literal('75'), Type.Literal('90')]);
const Stage = Type.Union([
  Type.Literal('line'),
  Type.Literal('two_lines'),
  Type.Literal('full_house'),
  Type.Literal('jackpot'),
]);

const GameSchema = Type.Object({
  id: Type.String(),
  room: Type.String(),
  variant: Variant,
  game: Type.Integer(),
  status: Type.Union([Type.Literal('buying'), Type.Literal('running'), Type.Literal('finished')]),
  currency: Type.String(),
  cardPriceMinor: Type.String(),
  startsAt: Type.String(),
  ballMs: Type.Integer(),
  commitment: Type.String(),
  serverSeed: Nullable(Type.String()),
  balls: Type.Array(Type.Integer()),
  ballsTotal: Nullable(Type.Integer()),
  endsAt: Nullable(Type.String()),
  cardsSold: Type.Integer(),
  players: Type.Integer(),
  potMinor: Type.String(),
});
const RoomSchema = Type.Object({
  id: Type.String(),
  variant: Variant,
  currency: Type.String(),
  cardPriceMinor: Type.String(),
  maxCardsPerPlayer: Type.Integer(),
  potPercent: Type.Integer(),
  shares: Type.Object({ line: Type.Integer(), two_lines: Type.Integer(), full_house: Type.Integer() }),
  jackpotBalls: Type.Integer(),
  jackpotMinor: Type.String(),
  current: Nullable(GameSchema),
  next: Nullable(GameSchema),
});
const CardSchema = Type.Object({
  cardId: Type.String(),
  gameId: Type.String(),
  cells: Type.Array(Type.Integer()),
});

export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

export async function bingoRoutes(app: RoutesApp, options: { bingo: BingoContext }): Promise<void> {
  const ctx = options.bingo;
  const RoomParams = Type.Object({ room: Type.String({ pattern: '^[a-z0-9]{1,32}$' }) });
  const roomOf = (id: string) => {
    const room = roomById(ctx.rooms, id);
    if (!room) throw new AppError('CASINO_GAME_NOT_FOUND', 'No such bingo room');
    return room;
  };

  app.get(
    `${BASE}/rooms`,
    {
      schema: {
        tags: ['casino'],
        summary: 'Bingo: the rooms',
        description:
          'Every room with its running game and the next game open for buying (start, price, players, pot).',
        response: { 200: Type.Object({ rooms: Type.Array(RoomSchema), serverTime: Type.Integer() }) },
      },
    },
    async () => readLobby(ctx),
  );

  app.get(
    `${BASE}/rooms/:room`,
    {
      schema: {
        tags: ['casino'],
        summary: 'Bingo: a room',
        description:
          'The room as the server clock says: balls called so far, winners revealed by them, the next game, the last finished games with their seeds, and the player’s cards.',
        params: RoomParams,
        response: {
          200: Type.Object({
            room: RoomSchema,
            winners: Type.Array(
              Type.Object({
                stage: Stage,
                ball: Type.Integer(),
                cardId: Type.String(),
                player: Type.String(),
                amountMinor: Type.String(),
              }),
            ),
            myCards: Type.Array(CardSchema),
            history: Type.Array(GameSchema),
            serverTime: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const room = roomOf(request.params.room);
      const user = await getSessionUser(request).catch(() => null);
      return readRoom(ctx, room, user ? BigInt(user.userId) : null);
    },
  );

  app.post(
    `${BASE}/rooms/:room/cards`,
    {
      schema: {
        tags: ['casino'],
        summary: 'Bingo: buy cards',
        description: 'Buys cards for the room’s next game (open until it starts). Idempotency-Key header.',
        params: RoomParams,
        headers: Type.Object({ 'idempotency-key': Type.String({ minLength: 8, maxLength: 100 }) }),
        body: Type.Object(
          { count: Type.Integer({ minimum: 1, maximum: 100 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            purchaseId: Type.String(),
            gameId: Type.String(),
            room: Type.String(),
            currency: Type.String(),
            totalMinor: Type.String(),
            cards: Type.Array(Type.Object({ cardId: Type.String(), cells: Type.Array(Type.Integer()) })),
          }),
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      roomOf(request.params.room);
      return buyBingoCards(ctx, {
        userId: BigInt(user.userId),
        room: request.params.room,
        count: request.body.count,
        idempotencyKey: idempotencyKey(request),
      });
    },
  );
}
