/**
 * Route types come from the route schemas: a plugin that takes a RoutesApp gets request.body, query
 * and params typed as each route's TypeBox schemas say, so no handler restates them in a cast.
 * Validation itself stays with Fastify's Ajv.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** A Fastify instance whose routes are typed by their TypeBox schemas. */
export type RoutesApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
