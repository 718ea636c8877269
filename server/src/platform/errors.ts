/**
 * The one catalogue of errors: a stable code, its HTTP status and the dictionary key the browser
 * shows. Services throw AppError with a code from here; the HTTP layer renders
 * { error: { code, message, key, details? } } and never a stack.
 */

export const ERRORS = {
  NOT_FOUND: { status: 404, key: 'errors.not_found', message: 'This page could not be found' },
  ROUTE_NOT_FOUND: { status: 404, key: 'errors.route_not_found', message: 'No such API route' },
  MALFORMED_JSON: {
    status: 400,
    key: 'errors.malformed_json',
    message: 'The request body is not valid JSON',
  },
  VALIDATION_FAILED: { status: 400, key: 'errors.validation_failed', message: 'The request is not valid' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    key: 'errors.unsupported_media_type',
    message: 'Unsupported content type',
  },
  BODY_TOO_LARGE: { status: 413, key: 'errors.body_too_large', message: 'The request body is too large' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'errors.method_not_allowed', message: 'Method not allowed' },
  UNKNOWN_LANGUAGE: { status: 400, key: 'errors.unknown_language', message: 'Unknown language' },
  UNKNOWN_APP: { status: 404, key: 'errors.unknown_app', message: 'No such micro-app' },
  MF_VERSION_UNSUPPORTED: {
    status: 400,
    key: 'errors.mf_version_unsupported',
    message: 'Unsupported micro-app protocol version',
  },
  FRAGMENT_INVALID: {
    status: 502,
    key: 'errors.fragment_invalid',
    message: 'A micro-app answered with an invalid fragment',
  },
  FRAGMENT_TIMEOUT: {
    status: 504,
    key: 'errors.fragment_timeout',
    message: 'A micro-app did not answer in time',
  },
  GAME_NOT_FOUND: { status: 404, key: 'errors.game_not_found', message: 'No such game' },
  NOT_READY: { status: 503, key: 'errors.not_ready', message: 'The service is not ready' },
  RATE_LIMITED: { status: 429, key: 'errors.rate_limited', message: 'Too many requests' },
  INTERNAL: { status: 500, key: 'errors.internal', message: 'Something went wrong on our side' },
} as const satisfies Record<string, { status: number; key: string; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; key: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: string;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    const entry = ERRORS[code];
    super(message ?? entry.message);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.key = entry.key;
    this.details = details;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message, key: this.key } };
    if (this.details !== undefined) body.error.details = this.details;
    return body;
  }
}
