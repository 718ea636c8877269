/**
 * HTTP routes of the providers (docs/casino-providers.md):
 *   POST /web-api/casino/v1/providers/:provider/launch     the player opens a provider's game
 *   POST /provider-api/v1/:provider/authenticate           launch token → player, session, balance
 *   POST /provider-api/v1/:provider/balance                session → balance
 *   POST /provider-api/v1/:provider/bet                    takes a bet (idempotent on transactionId)
 *   POST /provider-api/v1/:provider/win                    pays a win (idempotent on transactionId)
 *   POST /provider-api/v1/:provider/rollback               undoes a bet or win (also one never seen)
 *   POST /provider-api/v1/:provider/end-round              closes the round
 * Every provider call is signed (signature.ts), checked before its body is validated; every
 * refusal is `{ error: { code, message } }` with a code of provider-errors.ts, never a 5xx.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RoutesApp } from '../../../platform/typed-routes.ts';
import { getSessionUser } from '../../auth/index.ts';
import { type LaunchDeps, launchGame } from './launch.ts';
import { PROVIDER_ERROR_CODES, ProviderError, providerErrorOf } from './provider-errors.ts';
import type { ProviderWallet } from './provider-wallet.ts';
import { checkSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signature.ts';

export const PROVIDER_API = '/provider-api/v1';
const LAUNCH_PREFIX = '/web-api/casino/v1/providers';

const ProviderName = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$', examples: ['parlay-demo-studio'] });
const TransactionId = Type.String({
  pattern: '^[\\x21-\\x7e]{1,100}$',
  description: "The provider's transaction id: 1 to 100 printable ASCII characters, unique per provider",
  examples: ['tx-7f3a-0001'],
});
const RoundId = Type.String({
  pattern: '^[\\x21-\\x7e]{1,100}$',
  description: "The provider's round id",
  examples: ['round-42'],
});
const SessionToken = Type.String({ minLength: 1, maxLength: 200, description: 'From authenticate' });
const Amount = Type.Unknown({
  description:
    'Decimal string of major units with at most the currency\'s decimals ("12.50"); JSON numbers, negative amounts and extra decimals are BAD_AMOUNT',
  examples: ['12.50'],
});
const Money = {
  balance: Type.String({ description: 'Decimal string of major units', examples: ['987.50'] }),
  currency: Type.String({ examples: ['RUB'] }),
};
const ProviderErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(PROVIDER_ERROR_CODES.map((c) => Type.Literal(c))),
      message: Type.String(),
    }),
  },
  { examples: [{ error: { code: 'INSUFFICIENT_FUNDS', message: 'The balance does not cover the bet' } }] },
);
const SignedHeaders = Type.Object({
  [SIGNATURE_HEADER]: Type.String({
    description: 'hex HMAC-SHA256(secret, <timestamp> + "." + <canonical JSON of the body>)',
  }),
  [TIMESTAMP_HEADER]: Type.String({ description: 'Unix seconds; within ±60 s of Parlay' }),
});
const ProviderParams = Type.Object({ provider: ProviderName });
const MoveAnswer = Type.Object(
  {
    transactionId: Type.String(),
    status: Type.Union([Type.Literal('done'), Type.Literal('rolled_back')]),
    replayed: Type.Boolean({ description: 'true: this id was seen before; the first answer is repeated' }),
    ...Money,
  },
  {
    examples: [
      { transactionId: 'tx-7f3a-0001', status: 'done', replayed: false, balance: '987.50', currency: 'RUB' },
    ],
  },
);

const errors = {
  400: ProviderErrorBody,
  401: ProviderErrorBody,
  403: ProviderErrorBody,
  404: ProviderErrorBody,
  409: ProviderErrorBody,
};
const answers = (schema: TSchema) => ({ 200: schema, ...errors });
const tags = ['casino-provider-api'];

export interface ProviderRoutesOptions {
  launch: LaunchDeps;
  wallet: ProviderWallet;
}

/** The launch route, in the casino's player API. */
export async function providerLaunchRoutes(app: RoutesApp, options: ProviderRoutesOptions): Promise<void> {
  app.post(
    `${LAUNCH_PREFIX}/:provider/launch`,
    {
      schema: {
        tags: ['casino'],
        summary: "Opens a provider's game: the iframe URL (with a launch token for real money)",
        params: ProviderParams,
        body: Type.Object(
          {
            gameId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
            mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
            lang: Type.Optional(Type.Union([Type.Literal('ru'), Type.Literal('en')])),
          },
          { examples: [{ gameId: 7001, mode: 'real', lang: 'en' }] },
        ),
        response: {
          200: Type.Object(
            {
              url: Type.String(),
              mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
              token: Type.Union([Type.String(), Type.Null()]),
              expiresAt: Type.Union([Type.String(), Type.Null()]),
            },
            {
              examples: [
                {
                  url: 'https://games.example/launch?game=neon-reels&mode=real&lang=en&token=…&currency=RUB',
                  mode: 'real',
                  token: 'q8…',
                  expiresAt: '2026-06-01T12:10:00.000Z',
                },
              ],
            },
          ),
        },
      },
    },
    async (request) => {
      const user = await getSessionUser(request);
      return launchGame(options.launch, {
        provider: request.params.provider,
        gameId: request.body.gameId,
        mode: request.body.mode,
        userId: user ? BigInt(user.userId) : null,
        lang: request.body.lang ?? 'ru',
      });
    },
  );
}

/** The wallet API studios call; its own error handler and signature check (this plugin's scope). */
export async function providerApiRoutes(app: RoutesApp, options: ProviderRoutesOptions): Promise<void> {
  const { wallet } = options;
  const registry = options.launch.registry;
  const clock = options.launch.clock;

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = providerErrorOf(error);
    if (refusal.code === 'RETRY_LATER') request.log.error({ err: error }, 'provider call failed');
    else request.log.info({ code: refusal.code }, refusal.message);
    return reply.status(refusal.status).type('application/json; charset=utf-8').send(refusal.toBody());
  });

  app.addHook('preValidation', async (request) => {
    const name = (request.params as { provider?: string }).provider ?? '';
    const provider = registry.get(name);
    if (!provider) throw new ProviderError('UNKNOWN_PROVIDER');
    const check = checkSignature(
      await provider.secret(),
      { signature: request.headers[SIGNATURE_HEADER], timestamp: request.headers[TIMESTAMP_HEADER] },
      request.body ?? null,
      clock.nowMs(),
    );
    if (check !== 'ok') throw new ProviderError(check);
  });

  const route = <B extends TSchema, R extends TSchema>(
    action: string,
    summary: string,
    body: B,
    response: R,
    handler: (provider: string, body: import('@sinclair/typebox').Static<B>) => Promise<unknown>,
  ) =>
    app.post(
      `${PROVIDER_API}/:provider/${action}`,
      {
        schema: {
          tags,
          summary,
          params: ProviderParams,
          headers: SignedHeaders,
          body,
          response: answers(response),
        },
      },
      async (request) =>
        handler(request.params.provider, request.body as import('@sinclair/typebox').Static<B>),
    );

  route(
    'authenticate',
    'Exchanges a launch token for the player, a session token, the currency and the balance',
    Type.Object(
      { launchToken: Type.String({ minLength: 1, maxLength: 200 }) },
      { examples: [{ launchToken: 'q8…' }] },
    ),
    Type.Object(
      {
        playerId: Type.String(),
        sessionToken: Type.String(),
        gameId: Type.Integer(),
        country: Type.Union([Type.String(), Type.Null()]),
        ...Money,
      },
      {
        examples: [
          {
            playerId: '17',
            sessionToken: '9c…',
            gameId: 7001,
            country: 'RU',
            balance: '1000.00',
            currency: 'RUB',
          },
        ],
      },
    ),
    (provider, body) => wallet.authenticate(provider, body.launchToken),
  );

  route(
    'balance',
    "The player's balance",
    Type.Object({ sessionToken: SessionToken }, { examples: [{ sessionToken: '9c…' }] }),
    Type.Object(Money, { examples: [{ balance: '1000.00', currency: 'RUB' }] }),
    (provider, body) => wallet.balance(provider, body.sessionToken),
  );

  const MoveBody = Type.Object(
    { sessionToken: SessionToken, transactionId: TransactionId, roundId: RoundId, amount: Amount },
    {
      examples: [
        { sessionToken: '9c…', transactionId: 'tx-7f3a-0001', roundId: 'round-42', amount: '12.50' },
      ],
    },
  );
  route(
    'bet',
    'Takes a bet from the player (idempotent on transactionId)',
    MoveBody,
    MoveAnswer,
    (provider, body) => wallet.bet(provider, body),
  );
  route(
    'win',
    'Pays a win to the player (idempotent on transactionId; refused for a closed round)',
    MoveBody,
    MoveAnswer,
    (provider, body) => wallet.win(provider, body),
  );
  route(
    'rollback',
    'Undoes a bet or win; a rollback of a transaction never seen is recorded, and that bet is refused later',
    Type.Object(
      {
        sessionToken: SessionToken,
        transactionId: TransactionId,
        referenceTransactionId: TransactionId,
        roundId: RoundId,
      },
      {
        examples: [
          {
            sessionToken: '9c…',
            transactionId: 'rb-7f3a-0002',
            referenceTransactionId: 'tx-7f3a-0001',
            roundId: 'round-42',
          },
        ],
      },
    ),
    MoveAnswer,
    (provider, body) => wallet.rollback(provider, body),
  );
  route(
    'end-round',
    'Closes the round (a repeat answers the same); no bet or win is taken for it afterwards',
    Type.Object(
      { sessionToken: SessionToken, roundId: RoundId },
      { examples: [{ sessionToken: '9c…', roundId: 'round-42' }] },
    ),
    Type.Object(Money, { examples: [{ balance: '1000.00', currency: 'RUB' }] }),
    (provider, body) => wallet.endRound(provider, body),
  );
}
