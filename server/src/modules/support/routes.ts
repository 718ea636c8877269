/**
 * HTTP routes of support requests (/web-api/support/v1): topics, the player's requests, one thread,
 * a new request, a message, close, rating and an attachment's bytes. Every route but the topics
 * needs a signed-in player; a banned player may still write (the office support route allows it).
 */
import { Type } from '@sinclair/typebox';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../auth/index.ts';
import { SUPPORT_ATTACHMENT_MAX_BYTES } from './attachments.ts';
import { IDEAS_PER_DAY } from './ideas.ts';
import { SUPPORT_APPEAL_TOPIC, SUPPORT_TOPICS, type SupportService } from './support-service.ts';

const BASE = '/web-api/support/v1';
const tags = ['support'];

const Status = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]);
const RequestSchema = Type.Object({
  id: Type.String(),
  topic: Type.String(),
  subject: Type.String(),
  status: Status,
  rating: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
});
const MessageSchema = Type.Object({
  id: Type.String(),
  author: Type.Union([Type.Literal('player'), Type.Literal('operator')]),
  text: Type.String(),
  createdAt: Type.String(),
  attachment: Type.Union([
    Type.Object({ name: Type.String(), type: Type.String(), size: Type.Integer(), url: Type.String() }),
    Type.Null(),
  ]),
});
const ThreadSchema = Type.Composite([RequestSchema, Type.Object({ messages: Type.Array(MessageSchema) })]);
// The text's own limit (4000) answers SUPPORT_MESSAGE_TOO_LONG; the schema only bounds the body.
const Text = Type.String({ maxLength: 20_000 });
const Attachment = Type.Object({
  name: Type.String({ maxLength: 255 }),
  data: Type.String({ minLength: 1, maxLength: Math.ceil((SUPPORT_ATTACHMENT_MAX_BYTES * 4) / 3) + 4096 }),
});
const BODY_LIMIT = Math.ceil((SUPPORT_ATTACHMENT_MAX_BYTES * 4) / 3) + 128 * 1024;
const Params = Type.Object({ id: IdString() });
const Ok = Type.Object({ ok: Type.Boolean() });

export async function supportRoutes(app: RoutesApp, options: { support: SupportService }): Promise<void> {
  const { support } = options;

  app.get(
    `${BASE}/topics`,
    {
      schema: {
        tags,
        summary: 'Topics of a support request',
        response: { 200: Type.Object({ topics: Type.Array(Type.String()) }) },
      },
    },
    async () => ({ topics: [...SUPPORT_TOPICS] }),
  );

  app.get(
    `${BASE}/requests`,
    {
      schema: {
        tags,
        summary: "The player's support requests, newest activity first",
        description: `topic=${SUPPORT_APPEAL_TOPIC}: only the ban appeals (the block-appeal-history page).`,
        querystring: Type.Object({
          topic: Type.Optional(
            Type.Union([...SUPPORT_TOPICS, SUPPORT_APPEAL_TOPIC].map((topic) => Type.Literal(topic))),
          ),
        }),
        response: { 200: Type.Object({ requests: Type.Array(RequestSchema) }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return { requests: await support.list(BigInt(user.userId), request.query.topic ?? null) };
    },
  );

  app.post(
    `${BASE}/requests`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Open a support request',
        description:
          'SUPPORT_TOPIC_UNKNOWN, SUPPORT_MESSAGE_TOO_LONG, SUPPORT_ATTACHMENT_TOO_LARGE, SUPPORT_ATTACHMENT_TYPE, SUPPORT_TOO_MANY_OPEN, RATE_LIMITED (429, Retry-After).',
        body: Type.Object({
          topic: Type.String({ maxLength: 40 }),
          subject: Type.String({ minLength: 1, maxLength: 200 }),
          text: Text,
          attachment: Type.Optional(Attachment),
        }),
        response: { 200: Type.Object({ request: ThreadSchema }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { request: await support.open(BigInt(user.userId), request.body) };
    },
  );

  app.get(
    `${BASE}/requests/:id`,
    {
      schema: {
        tags,
        summary: 'One support request with its messages',
        params: Params,
        response: { 200: Type.Object({ request: ThreadSchema }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return { request: await support.thread(BigInt(request.params.id), BigInt(user.userId)) };
    },
  );

  app.post(
    `${BASE}/requests/:id/messages`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Write a message in a support request',
        description:
          'SUPPORT_REQUEST_CLOSED (409), RATE_LIMITED (429, Retry-After) and the attachment codes.',
        params: Params,
        body: Type.Object({ text: Text, attachment: Type.Optional(Attachment) }),
        response: { 200: Type.Object({ message: MessageSchema }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        message: await support.write(BigInt(user.userId), BigInt(request.params.id), request.body),
      };
    },
  );

  app.post(
    `${BASE}/requests/:id/close`,
    {
      schema: { tags, summary: 'Close a support request', params: Params, response: { 200: Ok } },
    },
    async (request) => {
      const user = await requireUser(request);
      await support.close(BigInt(request.params.id), BigInt(user.userId));
      return { ok: true };
    },
  );

  app.post(
    `${BASE}/requests/:id/rating`,
    {
      schema: {
        tags,
        summary: 'Rate a closed support request (once)',
        params: Params,
        body: Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }) }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await support.rate(BigInt(user.userId), BigInt(request.params.id), request.body.rating);
      return { ok: true };
    },
  );

  app.get(
    `${BASE}/attachments/:id`,
    { schema: { tags, summary: "An attachment of the player's own support message", params: Params } },
    async (request, reply) => {
      const user = await requireUser(request);
      const file = await support.attachment(BigInt(request.params.id), BigInt(user.userId));
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(file.type)
        .send(file.bytes);
    },
  );

  const Idea = Type.Object({
    id: Type.String(),
    title: Type.String(),
    text: Type.String(),
    votes: Type.Integer(),
    votedByMe: Type.Boolean(),
    mine: Type.Boolean(),
    answer: Type.Union([Type.String(), Type.Null()]),
    answeredAt: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
  });

  app.get(
    `${BASE}/ideas`,
    {
      schema: {
        tags,
        summary: 'Shared ideas, most votes first',
        response: { 200: Type.Object({ ideas: Type.Array(Idea) }) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request);
      reply.header('cache-control', 'no-store');
      return { ideas: await support.ideas.list(user ? BigInt(user.userId) : null) };
    },
  );

  app.post(
    `${BASE}/ideas`,
    {
      schema: {
        tags,
        summary: 'Share an idea',
        description: `At most ${IDEAS_PER_DAY} a day (429 RATE_LIMITED with Retry-After).`,
        body: Type.Object({
          title: Type.String({ minLength: 1, maxLength: 120 }),
          text: Type.String({ maxLength: 2000 }),
        }),
        response: { 200: Type.Object({ id: Type.String() }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { id: await support.ideas.post(BigInt(user.userId), request.body.title, request.body.text) };
    },
  );

  app.post(
    `${BASE}/ideas/:id/vote`,
    {
      schema: {
        tags,
        summary: 'Vote for an idea (once)',
        description: 'Voting again changes nothing. 404 IDEA_NOT_FOUND, 409 IDEA_OWN_VOTE.',
        params: Params,
        response: { 200: Type.Object({ votes: Type.Integer() }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { votes: await support.ideas.vote(BigInt(user.userId), BigInt(request.params.id)) };
    },
  );
}
