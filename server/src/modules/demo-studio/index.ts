/**
 * The development demo studio (docs/demo-studio.md): what an external game studio would run on its
 * own servers, run by Parlay itself under /dev/demo-studio/ when the development provider
 * `parlay-demo-studio` is enabled (NODE_ENV=development or DEV_TOOLS=on; never in production).
 *
 * The game page (/dev/demo-studio/play, shown in the casino's iframe) talks only to the studio's own
 * routes (/dev/demo-studio/api/…); those call Parlay's provider wallet API over real HTTP with the
 * studio's HMAC signature (parlay-client.ts), with the studio's own transaction and round ids and
 * its own randomness (games.ts). The studio keeps no state: the player's page holds the provider
 * session token (useless without the studio's key) and, for roulette, bet slips signed by the studio;
 * the round ids come from the Idempotency-Key, so several processes and retries agree.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { currency as currencyInfo } from '@parlay/domain/money/currencies.ts';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { serveToLocalClientsOnly } from '../../platform/dev-tools.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import {
  BET_KINDS,
  type RouletteBet,
  rouletteMultiplier,
  rouletteNumber,
  roundAt,
  roundBytes,
  SLOT_CODE,
  scheduleOf,
  slotMultiplier,
  slotStops,
  slotSymbols,
  validBet,
} from './games.ts';
import { HoldemStudio, holdemRoutes } from './holdem-routes.ts';
import { renderPlayPage, STUDIO_SCRIPT } from './page.ts';
import { type ParlayAnswer, ParlayClient, ParlayUnavailable } from './parlay-client.ts';
import { pokerLobby } from './poker-tables.ts';

export {
  DEMO_KOI_SLOT_ID,
  DEMO_POKER_LOBBY_ID,
  DEMO_ROULETTE_ID,
  DEMO_SLOT_ID,
  DEMO_STUDIO_CATALOGUE,
  importDemoStudioGames,
} from './catalogue.ts';

export const STUDIO_PREFIX = '/dev/demo-studio';

export interface DemoStudioOptions {
  deps: ModuleDeps;
  provider: string;
  secret: () => Promise<string>;
  /** Where Parlay's provider API is; the address this process listens on when not given. */
  parlayUrl?: string;
}

const Session = Type.String({ minLength: 16, maxLength: 200 });
const Amount = Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,8})?$' });
const IdemHeaders = Type.Object({ 'idempotency-key': Type.String({ minLength: 8, maxLength: 100 }) });
const PlayQuery = Type.Object({
  game: Type.String({ maxLength: 100 }),
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  lang: Type.Optional(Type.Union([Type.Literal('ru'), Type.Literal('en')])),
  token: Type.Optional(Type.String({ maxLength: 200 })),
  currency: Type.Optional(Type.String({ maxLength: 10 })),
  table: Type.Optional(Type.String({ maxLength: 40 })),
});
const Slip = Type.Object({
  round: Type.Integer({ minimum: 0 }),
  roundId: Type.String({ maxLength: 100 }),
  transactionId: Type.String({ maxLength: 120 }),
  kind: Type.Union(BET_KINDS.map((k) => Type.Literal(k))),
  number: Type.Optional(Type.Integer({ minimum: 0, maximum: 36 })),
  amount: Amount,
  currency: Type.String({ maxLength: 10 }),
  session: Type.String({ maxLength: 64 }),
  signature: Type.String({ maxLength: 64 }),
});
type Slip = Static<typeof Slip>;

function fail(reply: FastifyReply, status: number, code: string, message = code) {
  return reply.code(status).send({ error: { code, message } });
}

/** A Parlay refusal passed to the page (its status and code); an unexpected answer is a 502. */
function refused(reply: FastifyReply, answer: ParlayAnswer) {
  const code = answer.body.error?.code ?? 'PROVIDER_ERROR';
  return fail(reply, answer.status >= 400 && answer.status < 500 ? answer.status : 502, code);
}

function scaleOf(code: string): number {
  return currencyInfo(code).scale;
}

/** Decimal text → minor units, or null when it has more decimals than the currency. */
export function toMinor(amount: string, code: string): bigint | null {
  const scale = scaleOf(code);
  const [whole, fraction = ''] = amount.split('.');
  if (fraction.length > scale) return null;
  return BigInt(whole as string) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

export function toText(minor: bigint, code: string): string {
  const scale = scaleOf(code);
  if (scale === 0) return minor.toString();
  const unit = 10n ** BigInt(scale);
  return `${minor / unit}.${(minor % unit).toString().padStart(scale, '0')}`;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

export async function demoStudioModule(app: RoutesApp, options: DemoStudioOptions): Promise<void> {
  const { deps } = options;
  const parlay = new ParlayClient({
    provider: options.provider,
    secret: options.secret,
    nowMs: () => deps.clock.nowMs(),
    baseUrl: () => options.parlayUrl ?? listeningUrl(app) ?? deps.config.publicOrigin,
  });
  const slipSignature = async (slip: Omit<Slip, 'signature'>) =>
    createHmac('sha256', await options.secret())
      .update(
        `slip.${JSON.stringify([slip.round, slip.roundId, slip.transactionId, slip.kind, slip.number ?? null, slip.amount, slip.currency, slip.session])}`,
      )
      .digest('hex');

  // Like every development tool: only clients on this machine (others get the ordinary 404).
  serveToLocalClientsOnly(app);
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof ParlayUnavailable) {
      app.log.warn({ err: error }, 'demo studio: provider API unavailable');
      return fail(reply, 503, 'STUDIO_UNAVAILABLE', error.message);
    }
    throw error;
  });

  app.get(
    `${STUDIO_PREFIX}/play`,
    { schema: { hide: true, querystring: PlayQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.type('text/html; charset=utf-8').send(renderPlayPage(request.query, deps.clock.nowMs()));
    },
  );

  app.get(`${STUDIO_PREFIX}/studio.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(STUDIO_SCRIPT),
  );

  // authenticate(launch token) → the provider session the page keeps.
  app.post(
    `${STUDIO_PREFIX}/api/session`,
    { schema: { hide: true, body: Type.Object({ token: Type.String({ minLength: 16, maxLength: 200 }) }) } },
    async (request, reply) => {
      const auth = await parlay.call('authenticate', { launchToken: request.body.token });
      if (auth.status !== 200) return refused(reply, auth);
      return {
        session: auth.body.sessionToken,
        currency: auth.body.currency,
        balance: auth.body.balance,
        game: auth.body.gameId,
      };
    },
  );

  app.post(
    `${STUDIO_PREFIX}/api/balance`,
    { schema: { hide: true, body: Type.Object({ session: Session }) } },
    async (request, reply) => {
      const answer = await parlay.call('balance', { sessionToken: request.body.session });
      if (answer.status !== 200) return refused(reply, answer);
      return { balance: answer.body.balance, currency: answer.body.currency };
    },
  );

  // One slot spin: bet → (win) → end-round, ids from the Idempotency-Key (a retry replays).
  app.post(
    `${STUDIO_PREFIX}/api/slot/spin`,
    {
      schema: {
        hide: true,
        headers: IdemHeaders,
        body: Type.Object({
          session: Type.Optional(Session),
          currency: Type.String({ maxLength: 10 }),
          stake: Amount,
        }),
      },
    },
    async (request, reply) => {
      const { session, stake } = request.body;
      const key = request.headers['idempotency-key'];
      const code = request.body.currency;
      if (!/^[A-Z]{3,5}$/.test(code)) return fail(reply, 400, 'BAD_CURRENCY');
      const stakeMinor = toMinor(stake, code);
      if (stakeMinor === null || stakeMinor <= 0n) return fail(reply, 400, 'BAD_AMOUNT');
      const roundId = session ? `slot-${hash(`${session}:${key}`).slice(0, 32)}` : `demo-${randomUUID()}`;
      const symbols = slotSymbols(slotStops(roundBytes(await options.secret(), `${SLOT_CODE}:${roundId}`)));
      const winMinor = stakeMinor * slotMultiplier(symbols);
      const result = { roundId, symbols, stake, win: toText(winMinor, code) };
      if (!session) return { ...result, balance: null, replayed: false };
      const bet = await parlay.call('bet', {
        sessionToken: session,
        transactionId: `${roundId}:bet`,
        roundId,
        amount: toText(stakeMinor, code),
      });
      if (bet.status !== 200) return refused(reply, bet);
      if (winMinor > 0n) {
        const win = await parlay.call('win', {
          sessionToken: session,
          transactionId: `${roundId}:win`,
          roundId,
          amount: toText(winMinor, code),
        });
        if (win.status !== 200) return refused(reply, win);
      }
      const end = await parlay.call('end-round', { sessionToken: session, roundId });
      if (end.status !== 200) return refused(reply, end);
      return { ...result, balance: end.body.balance, replayed: bet.body.replayed === true };
    },
  );

  // Table play at the hold'em tables (holdem-routes.ts): seats, hands against the bots, the wallet.
  holdemRoutes(app, STUDIO_PREFIX, new HoldemStudio(deps.db.db, deps.clock, parlay));

  // The table-poker lobby's tables with the seats taken now (the lobby page polls it).
  app.get(`${STUDIO_PREFIX}/api/poker/tables`, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { tables: pokerLobby(deps.clock.nowMs()) };
  });

  app.get(`${STUDIO_PREFIX}/api/roulette/state`, { schema: { hide: true } }, async (_request, reply) => {
    const now = deps.clock.nowMs();
    const current = roundAt(now);
    const key = await options.secret();
    const history: { round: number; number: number }[] = [];
    // The current round's number is shown once its betting has closed.
    const lastSettled = now >= current.closesAt ? current.round : current.round - 1;
    for (let r = lastSettled; r > lastSettled - 12 && r >= 0; r--)
      history.push({ round: r, number: rouletteNumber(key, r) });
    reply.header('cache-control', 'no-store');
    return { now, ...current, history };
  });

  app.post(
    `${STUDIO_PREFIX}/api/roulette/bet`,
    {
      schema: {
        hide: true,
        headers: IdemHeaders,
        body: Type.Object({
          session: Type.Optional(Session),
          currency: Type.String({ maxLength: 10 }),
          round: Type.Integer({ minimum: 0 }),
          kind: Type.Union(BET_KINDS.map((k) => Type.Literal(k))),
          number: Type.Optional(Type.Integer({ minimum: 0, maximum: 36 })),
          amount: Amount,
        }),
      },
    },
    async (request, reply) => {
      const { session, round, kind, number, amount } = request.body;
      const code = request.body.currency;
      if (!/^[A-Z]{3,5}$/.test(code)) return fail(reply, 400, 'BAD_CURRENCY');
      const bet: RouletteBet = number === undefined ? { kind } : { kind, number };
      if (!validBet(bet)) return fail(reply, 400, 'BAD_BET');
      const minor = toMinor(amount, code);
      if (minor === null || minor <= 0n) return fail(reply, 400, 'BAD_AMOUNT');
      const schedule = scheduleOf(round);
      if (roundAt(deps.clock.nowMs()).round !== round || deps.clock.nowMs() >= schedule.closesAt) {
        return fail(reply, 409, 'BETTING_CLOSED');
      }
      const id = hash(`${session ?? 'demo'}:${request.headers['idempotency-key']}`).slice(0, 24);
      const roundId = `rl-${round}-${id}`;
      const unsigned = {
        round,
        roundId,
        transactionId: `${roundId}:bet`,
        kind,
        ...(number === undefined ? {} : { number }),
        amount: toText(minor, code),
        currency: code,
        session: session ? hash(session) : 'demo',
      };
      const slip: Slip = { ...unsigned, signature: await slipSignature(unsigned) };
      if (!session) return { slip, balance: null };
      const answer = await parlay.call('bet', {
        sessionToken: session,
        transactionId: slip.transactionId,
        roundId,
        amount: slip.amount,
      });
      if (answer.status !== 200) return refused(reply, answer);
      if (deps.clock.nowMs() >= schedule.closesAt) {
        // Taken after the wheel closed: this round is void for the bet, which is rolled back.
        const back = await voidBet(slip, session);
        if (back.status !== 200) return refused(reply, back);
        return fail(reply, 409, 'BETTING_CLOSED', 'the bet arrived after betting closed and was rolled back');
      }
      return { slip, balance: answer.body.balance };
    },
  );

  async function voidBet(slip: Slip, session: string) {
    const back = await parlay.call('rollback', {
      sessionToken: session,
      transactionId: `${slip.roundId}:void`,
      referenceTransactionId: slip.transactionId,
      roundId: slip.roundId,
    });
    if (back.status !== 200) return back;
    return parlay.call('end-round', { sessionToken: session, roundId: slip.roundId });
  }

  app.post(
    `${STUDIO_PREFIX}/api/roulette/settle`,
    { schema: { hide: true, body: Type.Object({ session: Type.Optional(Session), slip: Slip }) } },
    async (request, reply) => {
      const { session, slip } = request.body;
      const { signature, ...unsigned } = slip;
      const expected = Buffer.from(await slipSignature(unsigned), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return fail(reply, 400, 'BAD_SLIP');
      if ((session ? hash(session) : 'demo') !== slip.session) return fail(reply, 400, 'BAD_SLIP');
      const schedule = scheduleOf(slip.round);
      if (deps.clock.nowMs() < schedule.closesAt) return fail(reply, 409, 'ROUND_NOT_DRAWN');
      const number = rouletteNumber(await options.secret(), slip.round);
      const bet: RouletteBet =
        slip.number === undefined ? { kind: slip.kind } : { kind: slip.kind, number: slip.number };
      const stakeMinor = toMinor(slip.amount, slip.currency);
      if (stakeMinor === null || !validBet(bet)) return fail(reply, 400, 'BAD_SLIP');
      const winMinor = stakeMinor * rouletteMultiplier(bet, number);
      const result = { round: slip.round, number, win: toText(winMinor, slip.currency) };
      if (!session) return { ...result, balance: null };
      if (winMinor > 0n) {
        const win = await parlay.call('win', {
          sessionToken: session,
          transactionId: `${slip.roundId}:win`,
          roundId: slip.roundId,
          amount: result.win,
        });
        if (win.status !== 200) return refused(reply, win);
      }
      const end = await parlay.call('end-round', { sessionToken: session, roundId: slip.roundId });
      if (end.status !== 200) return refused(reply, end);
      return { ...result, balance: end.body.balance };
    },
  );
}

/** http://127.0.0.1:<port> of this process's own listening socket, or null before it listens. */
function listeningUrl(app: RoutesApp): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
