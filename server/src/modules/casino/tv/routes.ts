/**
 * TV games routes under /web-api/casino/v1/tv: GET /state (anyone; the player's bets when signed
 * in) and POST /bets (Idempotency-Key): a wheel bet `{ kind: 'wheel', value }` or a lottery bet
 * `{ kind: 'numbers', picks }` / `{ kind: 'parity', pick }` on the game's open draw.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../../auth/index.ts';
import { idempotencyKey } from '../bingo/routes.ts';
import type { TvContext } from './context.ts';
import { placeTvBet } from './place-bet.ts';
import { readTvState } from './read-state.ts';
import type { TvBetBody } from './tables.ts';

const BASE = '/web-api/casino/v1/tv';
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Minor = Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$', description: 'Minor units, decimal digits' });
const Game = Type.Union([Type.Literal('wheel'), Type.Literal('lottery')]);
const BetBody = Type.Union([
  Type.Object({ kind: Type.Literal('wheel'), value: Type.Integer() }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('numbers'),
      picks: Type.Array(Type.Integer({ minimum: 1, maximum: 48 }), { minItems: 1, maxItems: 3 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('parity'),
      pick: Type.Union([Type.Literal('even'), Type.Literal('odd'), Type.Literal('equal')]),
    },
    { additionalProperties: false },
  ),
]);
const DrawSchema = Type.Object({
  id: Type.String(),
  game: Game,
  draw: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('drawn')]),
  closesAt: Type.String(),
  revealMs: Type.Integer(),
  commitment: Type.String(),
  serverSeed: Nullable(Type.String()),
  result: Nullable(Type.Array(Type.Integer())),
});
const BetSchema = Type.Object({
  betId: Type.String(),
  drawId: Type.String(),
  game: Game,
  draw: Type.Integer(),
  currency: Type.String(),
  stakeMinor: Type.String(),
  bet: BetBody,
  oddsCenti: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('won'), Type.Literal('lost')]),
  payoutMinor: Type.String(),
  createdAt: Type.String(),
});

export async function tvRoutes(app: RoutesApp, options: { tv: TvContext }): Promise<void> {
  const ctx = options.tv;

  app.get(
    `${BASE}/state`,
    {
      schema: {
        tags: ['casino'],
        summary: 'TV games: draws, history and RTP',
        description:
          'For the wheel and the 6-of-48 lottery: the open draw (countdown, commitment), the last results with their seeds, the exact RTP of each bet, and the player’s recent bets.',
        response: {
          200: Type.Object({
            games: Type.Array(
              Type.Object({
                game: Game,
                open: Nullable(DrawSchema),
                last: Nullable(DrawSchema),
                history: Type.Array(DrawSchema),
                rtp: Type.Array(
                  Type.Object({
                    bet: Type.String(),
                    oddsCenti: Type.Integer(),
                    rtp: Type.String(),
                    rtpPercent: Type.String(),
                  }),
                ),
              }),
            ),
            wheelSegments: Type.Array(Type.Integer()),
            myBets: Type.Array(BetSchema),
            serverTime: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const user = await getSessionUser(request).catch(() => null);
      return readTvState(ctx, user ? BigInt(user.userId) : null);
    },
  );

  app.post(
    `${BASE}/bets`,
    {
      schema: {
        tags: ['casino'],
        summary: 'TV games: place a bet',
        description: 'A fixed-odds bet on the game’s open draw. Idempotency-Key header.',
        headers: Type.Object({ 'idempotency-key': Type.String({ minLength: 8, maxLength: 100 }) }),
        body: Type.Object({ game: Game, stakeMinor: Minor, bet: BetBody }, { additionalProperties: false }),
        response: { 200: BetSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      return placeTvBet(ctx, {
        userId: BigInt(user.userId),
        game: body.game,
        stakeMinor: BigInt(body.stakeMinor),
        bet: body.bet as TvBetBody,
        idempotencyKey: idempotencyKey(request),
      });
    },
  );
}
