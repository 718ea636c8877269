/**
 * HTTP routes of the limits service (site-shell §7): list, set, cancel, approve or reject, ping,
 * player statistics, and the reality-check answer. Every route needs a signed-in player.
 */
import { DEPOSIT_NO_LIMIT, isLockLimit, NO_LIMIT } from '@parlay/domain/limits/index.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { forgetSessionUser, requireUser, SESSION_COOKIE, signOut } from '../auth/index.ts';
import type { LimitsService } from './limits-service.ts';
import { LimitViewSchema } from './views.ts';

/** The last moment of year 9999: later dates are no moment PostgreSQL or ISO 8601 writes plainly. */
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const BASE = '/limit-service-api/api/external/web/v3';
const tags = ['limits'];
const LimitType = Type.Integer({ minimum: 1, maximum: 33, description: 'Limit type code (site-shell §3)' });
const ChangeAnswer = Type.Object({
  status: Type.Union([Type.Literal('applied'), Type.Literal('pending'), Type.Literal('unchanged')]),
  title: Type.String(),
  data: LimitViewSchema,
});
const PeriodSchema = Type.Object({
  sessionSeconds: Type.Integer(),
  netMinor: Type.String(),
  depositsMinor: Type.String(),
});

const TITLES = {
  applied: 'The limit is set',
  pending: 'The change applies after the waiting time',
  unchanged: 'The limit is unchanged',
} as const;

export async function limitsRoutes(app: RoutesApp, options: { limits: LimitsService }): Promise<void> {
  const { limits } = options;

  app.get(
    `${BASE}/limits`,
    {
      schema: {
        tags,
        summary: "The player's limits",
        description:
          'Every limit type with its value in force, state, pending change, approval need and what is left.',
        response: { 200: Type.Object({ data: Type.Array(LimitViewSchema) }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      // The shell reads the limits every minute: that counts session time too, and ends a used-up session.
      await countSession(limits, BigInt(user.userId), reply);
      return { data: await limits.list(BigInt(user.userId), user.currency) };
    },
  );

  app.post(
    `${BASE}/limit`,
    {
      schema: {
        tags,
        summary: 'Set or change a limit',
        description:
          'A tighter limit applies at once; a looser one or a removal (limitValue -1) is pending for the approval delay (deposit limits then wait for approval). Self-exclusion (30) and time-out (33) end every session at once, cannot be changed while they run, and set the parlay_marketing_off cookie (end, seconds) that stops marketing in the browser.',
        body: Type.Object({
          limitType: LimitType,
          limitValue: Type.Integer({ minimum: -1, maximum: 999_999_999 }),
        }),
        response: { 200: ChangeAnswer },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { limitType, limitValue } = request.body;
      // The deposit "no limit" value of the spec is a removal.
      const value = limitValue === DEPOSIT_NO_LIMIT ? NO_LIMIT : limitValue;
      const result = await limits.change(BigInt(user.userId), user.currency, limitType, value);
      if (isLockLimit(limitType)) {
        if (result.status === 'applied') {
          forgetSessionUser(request);
          markMarketingOff(reply, result.limit.endsAt);
        }
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return { status: result.status, title: TITLES[result.status], data: result.limit };
    },
  );

  app.delete(
    `${BASE}/limit`,
    {
      schema: {
        tags,
        summary: 'Cancel a pending change, or ask to remove a limit',
        description:
          'With a pending change of the type: drops it (the reject path). Otherwise: asks to remove the limit, pending like any loosening.',
        querystring: Type.Object({ limitType: LimitType }),
        response: { 200: ChangeAnswer },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { limitType } = request.query;
      const result = await limits.cancel(BigInt(user.userId), user.currency, limitType);
      return { status: result.status, title: 'The change is cancelled', data: result.limit };
    },
  );

  app.post(
    `${BASE}/limitaction`,
    {
      schema: {
        tags,
        summary: 'Approve or reject a due deposit limit',
        description:
          'approve applies the pending deposit limits whose approval time came; reject drops them. limitType narrows it to one.',
        querystring: Type.Object({
          action: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
          limitType: Type.Optional(LimitType),
        }),
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            title: Type.String(),
            limitTypes: Type.Array(Type.Integer()),
          }),
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { action, limitType } = request.query;
      const changed = await limits.action(BigInt(user.userId), action, limitType);
      const title =
        action === 'approve' ? 'The new deposit limit applies' : 'The deposit limit stays as it was';
      return { status: 'ok' as const, title, limitTypes: changed };
    },
  );

  app.post(
    `${BASE}/ping`,
    {
      schema: {
        tags,
        summary: 'Session ping',
        description:
          'Sent every 30 s while the player has a session limit; counts session time (GET …/limits, read every minute, counts it too). When the time is used up every session ends and the answer is 403 LIMIT_SESSION_ENDED.',
        response: {
          200: Type.Object({
            result: Type.Boolean(),
            sessionSecondsLeft: Type.Union([Type.Integer(), Type.Null()]),
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { sessionSecondsLeft } = await countSession(limits, BigInt(user.userId), reply);
      return { result: true, sessionSecondsLeft };
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      schema: {
        tags,
        summary: 'Session time and net position',
        description: "Today, this week (from Monday) and this month in the site's time zone (UTC+3).",
        response: {
          200: Type.Object({
            currency: Type.String(),
            today: PeriodSchema,
            week: PeriodSchema,
            month: PeriodSchema,
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return limits.stats(BigInt(user.userId), user.currency);
    },
  );

  app.post(
    '/web-api/api/web/user/v1/reality-check',
    {
      schema: {
        tags,
        summary: 'Reality-check answer',
        description: "The player's answer to the reality-check modal; log_out also ends the session.",
        body: Type.Object({
          data: Type.Object({
            attributes: Type.Object({
              action: Type.Union([
                Type.Literal('continue'),
                Type.Literal('log_out'),
                Type.Literal('nothing'),
              ]),
              do_not_show_again: Type.Boolean({ default: false }),
              popup_show_at: Type.Optional(
                Type.Union([
                  Type.Integer({ minimum: 0, maximum: LATEST_MS, description: 'ms, or s when below 1e11' }),
                  Type.String({ maxLength: 40 }),
                  Type.Null(),
                ]),
              ),
            }),
          }),
        }),
        response: { 200: Type.Object({ result: Type.Boolean() }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, { allowUnconfirmedTerms: true });
      const { attributes } = request.body.data;
      await limits.recordRealityCheck(BigInt(user.userId), {
        action: attributes.action,
        doNotShowAgain: attributes.do_not_show_again,
        popupShowAtMs: showAtMs(attributes.popup_show_at),
      });
      if (attributes.action === 'log_out') await signOut(request, reply);
      return { result: true };
    },
  );
}

/**
 * The browser stops marketing (analytics and advertising counters, promotional offers) until a
 * self-exclusion or time-out ends: the player is signed out, so the shell learns it from this
 * cookie (seconds since epoch; not personal, so not httpOnly) and web/shell/src/limits/marketing.ts
 * reads it. Server-side senders ask limits.marketingAllowed(userId).
 */
export const MARKETING_OFF_COOKIE = 'parlay_marketing_off';

function markMarketingOff(reply: FastifyReply, endsAtSec: number | null): void {
  if (endsAtSec === null) return;
  reply.setCookie(MARKETING_OFF_COOKIE, String(endsAtSec), {
    path: '/',
    sameSite: 'lax',
    expires: new Date(endsAtSec * 1000),
  });
}

/** Counts session time; when the session limit is used up the cookie goes with the sessions. */
async function countSession(limits: LimitsService, userId: bigint, reply: FastifyReply) {
  try {
    return await limits.ping(userId);
  } catch (err) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw err;
  }
}

/** popup_show_at as milliseconds: a number (ms, or s when small) or a date string. */
function showAtMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = typeof value === 'number' ? (value < 1e11 ? value * 1000 : value) : Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  if (ms < 0 || ms > LATEST_MS) {
    throw new AppError('VALIDATION_FAILED', 'body/data/attributes/popup_show_at: a moment from 1970 to 9999');
  }
  return ms;
}
