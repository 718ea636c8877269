/**
 * HTTP plumbing of the auth routes: what they read from a request for the use cases (the caller's
 * address, user agent, captcha answer, device fingerprint and referral cookies), and the checks
 * they run on every request (unknown body fields, the device-fingerprint header).
 */
import { referralValuesFrom } from '@parlay/domain/auth/referral.ts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { CAPTCHA_HEADER } from '../captcha/index.ts';
import type { Caller, Registrant } from './caller.ts';
import {
  FINGERPRINT_HEADER,
  type FingerprintProvider,
  type FingerprintReading,
} from './device-fingerprint.ts';

const firstOf = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** The caller of a request, as the use cases take it. */
export function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    captcha: firstOf(request.headers[CAPTCHA_HEADER]),
    fingerprint: fingerprintOf(request),
  };
}

/** The caller of a registration (or a social sign-in that may register): with its referral cookies. */
export function registrantOf(request: FastifyRequest): Registrant {
  return { ...callerOf(request), referral: referralValuesFrom(request.cookies ?? {}) };
}

const readings = new WeakMap<FastifyRequest, FingerprintReading>();

/**
 * Checks the request's fingerprint header once (a preHandler of the sign-in and registration
 * routes): throws 400 FINGERPRINT_INVALID for a token that does not verify, logs a missing one.
 */
export async function checkFingerprint(
  provider: FingerprintProvider,
  request: FastifyRequest,
  log: FastifyBaseLogger,
): Promise<FingerprintReading> {
  const known = readings.get(request);
  if (known) return known;
  const token = firstOf(request.headers[FINGERPRINT_HEADER])?.trim() ?? '';
  if (token === '') {
    log.info({ route: request.routeOptions.url }, 'sign-in without a device fingerprint');
    const reading: FingerprintReading = { status: 'missing', visitorId: null };
    readings.set(request, reading);
    return reading;
  }
  const visitorId = token.length <= 4096 ? await provider.verify(token) : null;
  if (!visitorId) {
    log.warn({ route: request.routeOptions.url, provider: provider.name }, 'incorrect device fingerprint');
    readings.set(request, { status: 'invalid', visitorId: null });
    throw new AppError('FINGERPRINT_INVALID');
  }
  const reading: FingerprintReading = { status: 'ok', visitorId };
  readings.set(request, reading);
  return reading;
}

/** What checkFingerprint found for the request ("missing" when it did not run). */
function fingerprintOf(request: FastifyRequest): FingerprintReading {
  return readings.get(request) ?? { status: 'missing', visitorId: null };
}

/**
 * Fastify's validator drops properties a schema does not list instead of refusing them; these
 * routes refuse them (400 VALIDATION_FAILED naming the field), so a typo never passes silently.
 */
export async function rejectUnknownFields(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.body as { properties?: Record<string, unknown> } | undefined;
  const body = request.body;
  if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((key) => !Object.hasOwn(schema.properties!, key));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      unknown.map((key) => `body/${key}: unknown field`).join('; '),
      unknown.map((key) => ({ field: `body/${key}`, message: 'unknown field' })),
    );
  }
}
