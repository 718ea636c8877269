/**
 * HTTP routes of the in-house rounds under /web-api/casino/v1 (casino contract §2):
 *   GET  /fairness                  the seed pair: commitment, client seed, nonce, the previous (revealed) pair
 *   PUT  /fairness/client-seed      a new client seed (rotates the pair, revealing the old server seed)
 *   POST /fairness/rotate           a new server seed, revealing the old one
 *   POST /rounds                    opens a round (Idempotency-Key): { gameId, mode, stakeMinor, params,
 *                                   freeSpinBonusId? (one free spin of the player's bonus) }
 *   GET  /free-spins?gameId=        the player's free spins on a game
 *   POST /rounds/:roundId/actions   one decision (Idempotency-Key): { action }
 *   GET  /rounds/open               the open round of a game, to resume it
 *   GET  /rounds/:roundId           one round
 *   GET  /history                   the rounds, newest first
 *   GET  /verify/:roundId           what reproduces a round (public once its seed is revealed)
 *   GET  /demo, POST /demo/refill   the demo wallet of the casino_demo cookie
 * Real money is the signed-in player's; demo rounds belong to the `casino_demo` cookie (set here on
 * first use), guests and players alike.
 */
import { randomBytes } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { IdString } from '../../../platform/request-schemas.ts';
import type { RoutesApp } from '../../../platform/typed-routes.ts';
import { deferSession, getSessionUser, requireUser } from '../../auth/index.ts';
import { actInRound } from './act-in-round.ts';
import { demoOwner, type Owner, playerOwner, type RoundsContext } from './context.ts';
import { fairnessView, rotatePair } from './fairness.ts';
import { freeSpinsOnGame } from './free-spin-round.ts';
import { DEMO_CURRENCY } from './game-lookup.ts';
import { demoBalance, refillDemo } from './purse.ts';
import {
  getRound,
  MAX_HISTORY_PAGE,
  openRound,
  roundHistory,
  roundOwnerKey,
  verifyData,
} from './read-rounds.ts';
import type { RoundView } from './round-view.ts';
import { startRound, startRoundOfSession } from './start-round.ts';
import { tellFinished } from './tell-finished.ts';

const PREFIX = '/web-api/casino/v1';
const tags = ['casino'];

/**
 * A round's answer (≈ 1.2 KB of JSON for the 5-reel slot, bench:casino) fits in one TCP segment:
 * compressing it saves no packet on the wire but costs CPU per round on the server and on the
 * player's device. Round answers are compressed from 1,400 bytes (larger views, e.g. free spins);
 * the other settings are app.ts's (brotli at a dynamic-content quality, or gzip).
 */
const ROUND_ANSWER_COMPRESSION = {
  threshold: 1400,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
};

export const DEMO_COOKIE = 'casino_demo';
const DEMO_ID = /^[0-9a-f]{32}$/;
const DEMO_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const GameId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Numeric catalogue game id' });
const Mode = Type.Union([Type.Literal('real'), Type.Literal('demo')]);
const Json = Type.Unknown({ description: 'JSON of the game (see its InHouseGame)' });
const RoundParams = Type.Object({ roundId: IdString() });

const RoundViewSchema = Type.Object({
  roundId: Type.String(),
  gameId: Type.Integer(),
  engineId: Type.String(),
  mode: Mode,
  status: Type.Union([Type.Literal('open'), Type.Literal('finished')]),
  stakeMinor: Type.String(),
  stakedMinor: Type.String(),
  payoutMinor: Type.String(),
  allowed: Type.Array(Type.String()),
  view: Json,
  params: Json,
  currency: Type.String(),
  balanceBeforeMinor: Type.String(),
  balanceAfterMinor: Type.String(),
  nonce: Type.Integer(),
  commitment: Type.String(),
  clientSeed: Type.String(),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  freeSpin: Type.Optional(
    Type.Object(
      { bonusId: Type.String(), spinsLeft: Type.Integer(), winMinor: Type.String() },
      {
        description:
          'A free spin’s round: its bonus, the spins left after it and the win paid as bonus money',
      },
    ),
  ),
});
const FreeSpinOfferSchema = Type.Object({
  bonusId: Type.String(),
  spinsLeft: Type.Integer(),
  stakeMinor: Type.String(),
  currency: Type.String(),
  expiresAt: Type.String(),
});
const FairnessSchema = Type.Object({
  commitment: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  previous: Type.Union([
    Type.Object({
      serverSeed: Type.String(),
      commitment: Type.String(),
      clientSeed: Type.String(),
      lastNonce: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
const DemoWalletSchema = Type.Object({ balanceMinor: Type.String(), currency: Type.String() });
const ModeQuery = Type.Object({ mode: Type.Optional(Mode) });
const ok = (schema: TSchema) => ({ 200: schema });

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

/** The demo session of the cookie; `create` sets a new cookie when there is none. */
function demoOf(request: FastifyRequest, reply: FastifyReply, create: true): Owner;
function demoOf(request: FastifyRequest, reply: FastifyReply | null, create: false): Owner | null;
function demoOf(request: FastifyRequest, reply: FastifyReply | null, create: boolean): Owner | null {
  const cookie = request.cookies[DEMO_COOKIE];
  if (cookie && DEMO_ID.test(cookie)) return demoOwner(cookie);
  if (!create || !reply) return null;
  const id = randomBytes(16).toString('hex');
  reply.setCookie(DEMO_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEMO_COOKIE_MAX_AGE_SECONDS,
  });
  // A second request in the same page load must see the same session.
  request.cookies[DEMO_COOKIE] = id;
  return demoOwner(id);
}

/** The owner of a mode: real → the signed-in player (401 otherwise); demo → the demo cookie. */
async function ownerOf(
  request: FastifyRequest,
  reply: FastifyReply,
  mode: 'real' | 'demo' | undefined,
): Promise<Owner> {
  if (mode === 'real') return playerOwner(BigInt((await requireUser(request)).userId));
  if (mode === 'demo') return demoOf(request, reply, true);
  const user = await getSessionUser(request);
  return user ? playerOwner(BigInt(user.userId)) : demoOf(request, reply, true);
}

/** Everyone the caller is: the signed-in player and the demo session. */
async function callerOwners(request: FastifyRequest): Promise<Owner[]> {
  const owners: Owner[] = [];
  const user = await getSessionUser(request);
  if (user) owners.push(playerOwner(BigInt(user.userId)));
  const demo = demoOf(request, null, false);
  if (demo) owners.push(demo);
  return owners;
}

export async function roundsRoutes(app: RoutesApp, options: { ctx: RoundsContext }): Promise<void> {
  const { ctx } = options;

  /** The caller's owner of a round (player or demo session); CASINO_ROUND_NOT_FOUND for anyone else. */
  const ownerOfRound = async (request: FastifyRequest, roundId: bigint): Promise<Owner> => {
    const owners = await callerOwners(request);
    const key = await roundOwnerKey(ctx.db, roundId);
    const owner = owners.find((o) => o.key === key);
    if (!owner) throw new AppError('CASINO_ROUND_NOT_FOUND', undefined, { roundId: `${roundId}` });
    return owner;
  };

  app.get(
    `${PREFIX}/fairness`,
    {
      schema: {
        tags,
        summary: 'The seed pair of the player (or demo session)',
        querystring: ModeQuery,
        response: ok(FairnessSchema),
      },
    },
    async (request, reply) =>
      fairnessView(ctx.db, ctx.clock, (await ownerOf(request, reply, request.query.mode)).key),
  );

  app.put(
    `${PREFIX}/fairness/client-seed`,
    {
      schema: {
        tags,
        summary: 'Sets a new client seed (rotates the pair: the old server seed is revealed)',
        querystring: ModeQuery,
        body: Type.Object({ clientSeed: Type.String({ maxLength: 200 }) }),
        response: ok(FairnessSchema),
      },
    },
    async (request, reply) =>
      rotatePair(
        ctx.db,
        ctx.clock,
        (await ownerOf(request, reply, request.query.mode)).key,
        request.body.clientSeed,
      ),
  );

  app.post(
    `${PREFIX}/fairness/rotate`,
    {
      schema: {
        tags,
        summary: 'Reveals the server seed and commits to a new one',
        querystring: ModeQuery,
        response: ok(FairnessSchema),
      },
    },
    async (request, reply) =>
      rotatePair(ctx.db, ctx.clock, (await ownerOf(request, reply, request.query.mode)).key, null),
  );

  app.post(
    `${PREFIX}/rounds`,
    {
      compress: ROUND_ANSWER_COMPRESSION,
      schema: {
        tags,
        summary: 'Opens a round (Idempotency-Key)',
        description:
          'Stakes stakeMinor (minor units) on an in-house game and plays it as far as it goes without a decision. Real money: the signed-in player’s active account; demo: the casino_demo cookie’s fun money.',
        body: Type.Object({
          gameId: GameId,
          mode: Mode,
          stakeMinor: Type.String({
            pattern: '^\\d{1,20}(\\.\\d{1,20})?$',
            description: 'Minor units, digits only (a fraction of a minor unit is CASINO_STAKE_PRECISION)',
          }),
          params: Type.Optional(Json),
          freeSpinBonusId: Type.Optional(
            IdString({
              description:
                'Plays one free spin of this bonus of the player’s (real mode; stakeMinor must be the spin stake): no money of the player’s moves, the win is paid as bonus money',
            }),
          ),
        }),
        response: ok(RoundViewSchema),
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const body = {
        gameId: request.body.gameId,
        mode: request.body.mode,
        stakeMinor: request.body.stakeMinor,
        params: request.body.params ?? null,
        ...(request.body.freeSpinBonusId ? { freeSpinBonusId: request.body.freeSpinBonusId } : {}),
      };
      // Real money: the session is checked by the round's own statement (auth's deferSession; an
      // instant round is then one database statement), or by the ordinary read on the full path.
      let played: { round: RoundView; owner: Owner };
      if (request.body.mode === 'real') {
        played = await startRoundOfSession(ctx, await deferSession(request), key, body);
      } else {
        const owner = demoOf(request, reply, true);
        played = { round: await startRound(ctx, owner, key, body), owner };
      }
      const { round, owner } = played;
      // A free spin wagers none of the player's money: it is not told (tournaments do not score it).
      if (!request.body.freeSpinBonusId) await tellFinished(ctx, owner, round, request.log);
      return round;
    },
  );

  app.get(
    `${PREFIX}/free-spins`,
    {
      schema: {
        tags,
        summary: 'The signed-in player’s free spins on a game',
        description:
          'Active free spins bonuses with spins left whose campaign names this game (by slug, numeric id or engine id); play one with POST /rounds and freeSpinBonusId.',
        querystring: Type.Object({ gameId: GameId }),
        response: ok(Type.Object({ freeSpins: Type.Array(FreeSpinOfferSchema) })),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { freeSpins: await freeSpinsOnGame(ctx, BigInt(user.userId), request.query.gameId) };
    },
  );

  app.post(
    `${PREFIX}/rounds/:roundId/actions`,
    {
      compress: ROUND_ANSWER_COMPRESSION,
      schema: {
        tags,
        summary: 'One decision in an open round (Idempotency-Key)',
        params: RoundParams,
        body: Type.Object({ action: Json }),
        response: ok(RoundViewSchema),
      },
    },
    async (request) => {
      const key = idempotencyKey(request);
      const roundId = BigInt(request.params.roundId);
      const owner = await ownerOfRound(request, roundId);
      const round = await actInRound(ctx, owner, roundId, key, request.body.action);
      await tellFinished(ctx, owner, round, request.log);
      return round;
    },
  );

  app.get(
    `${PREFIX}/rounds/open`,
    {
      schema: {
        tags,
        summary: 'The open round of a game, to resume it',
        querystring: Type.Object({ gameId: Type.Optional(GameId), mode: Type.Optional(Mode) }),
        response: ok(Type.Object({ round: Type.Union([RoundViewSchema, Type.Null()]) })),
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, reply, request.query.mode);
      const mode = request.query.mode ?? (owner.kind === 'player' ? 'real' : 'demo');
      return { round: await openRound(ctx, owner, { gameId: request.query.gameId, mode }) };
    },
  );

  app.get(
    `${PREFIX}/rounds/:roundId`,
    { schema: { tags, summary: 'One round', params: RoundParams, response: ok(RoundViewSchema) } },
    async (request) => {
      const roundId = BigInt(request.params.roundId);
      return getRound(ctx, await ownerOfRound(request, roundId), roundId);
    },
  );

  app.get(
    `${PREFIX}/history`,
    {
      schema: {
        tags,
        summary: 'The rounds played, newest first',
        querystring: Type.Object({
          gameId: Type.Optional(GameId),
          mode: Type.Optional(Mode),
          cursor: Type.Optional(IdString()),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_HISTORY_PAGE, default: 20 })),
        }),
        response: ok(
          Type.Object({
            rounds: Type.Array(RoundViewSchema),
            nextCursor: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, reply, request.query.mode);
      return roundHistory(ctx, owner, {
        gameId: request.query.gameId,
        cursor: request.query.cursor === undefined ? undefined : BigInt(request.query.cursor),
        limit: request.query.limit ?? 20,
      });
    },
  );

  app.get(
    `${PREFIX}/verify/:roundId`,
    {
      schema: {
        tags,
        summary: 'What reproduces a round: seeds, nonce, params, decisions and the result',
        description:
          'Anyone may read a round whose server seed was revealed (rotated); before that only its owner, without the server seed.',
        params: RoundParams,
        response: ok(
          Type.Object({
            roundId: Type.String(),
            gameId: Type.Integer(),
            engineId: Type.String(),
            params: Json,
            stakeMinor: Type.String(),
            actions: Type.Array(Json),
            nonce: Type.Integer(),
            clientSeed: Type.String(),
            commitment: Type.String(),
            serverSeed: Type.Union([Type.String(), Type.Null()]),
            result: RoundViewSchema,
          }),
        ),
      },
    },
    async (request) => {
      const owners = await callerOwners(request);
      return verifyData(
        ctx.db,
        BigInt(request.params.roundId),
        owners.map((o) => o.key),
      );
    },
  );

  app.get(
    `${PREFIX}/demo`,
    {
      schema: { tags, summary: 'The demo wallet of the casino_demo cookie', response: ok(DemoWalletSchema) },
    },
    async (request, reply) => {
      const owner = demoOf(request, reply, true);
      const balance = await demoBalance(
        ctx.db,
        ctx.clock.now(),
        owner.kind === 'demo' ? owner.demoId : '',
        false,
      );
      return { balanceMinor: balance.toString(), currency: DEMO_CURRENCY };
    },
  );

  app.post(
    `${PREFIX}/demo/refill`,
    {
      schema: {
        tags,
        summary: 'Refills the demo wallet to 1,000.00 fun units',
        response: ok(DemoWalletSchema),
      },
    },
    async (request, reply) => {
      const owner = demoOf(request, reply, true);
      const balance = await refillDemo(ctx.db, ctx.clock.now(), owner.kind === 'demo' ? owner.demoId : '');
      return { balanceMinor: balance.toString(), currency: DEMO_CURRENCY };
    },
  );
}
