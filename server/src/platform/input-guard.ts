/**
 * Input no route may receive, whatever its schema says: strings with NUL characters (PostgreSQL
 * refuses them in text, so they failed as 500s deep in a query), numbers that are not finite (a
 * query's "1e309" coerces to Infinity, which Ajv's range keywords skip) and integers past 2^53
 * (JSON numbers that already lost their digits, such as an id 9223372036854775808). Checked on the
 * parsed input before validation and again on the coerced input after it; 400 VALIDATION_FAILED
 * naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Why `value` may not enter the server, or null when it may. */
function problemOf(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? 'must not contain NUL characters' : null;
  if (typeof value !== 'number') return null;
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return `must be between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
  }
  return null;
}

/** The first bad value in `input` (walked without recursion: a body may nest thousands deep). */
export function findBadInput(input: unknown, part: string): { field: string; message: string } | null {
  const pending: [unknown, string][] = [[input, part]];
  while (pending.length > 0) {
    const [value, field] = pending.pop()!;
    const problem = problemOf(value);
    if (problem) return { field, message: problem };
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return { field, message: 'names must not contain NUL characters' };
      pending.push([item, `${field}/${key}`]);
    }
  }
  return null;
}

async function rejectBadInput(request: FastifyRequest): Promise<void> {
  for (const [part, input] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const bad = findBadInput(input, part);
    if (bad) throw new AppError('VALIDATION_FAILED', `${bad.field}: ${bad.message}`, [bad]);
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', rejectBadInput);
  app.addHook('preHandler', rejectBadInput);
}
