/**
 * The provider API's own error body, `{ error: { code, message } }`, with the stable codes a studio
 * programs against (docs/casino-providers.md §Errors). Never a 5xx: a provider retries a 5xx blindly,
 * and every refusal here is an answer it must act on. The platform's AppError codes the wallet and
 * the limits throw are translated by providerErrorOf.
 */
import { AppError } from '../../../platform/errors.ts';

export const PROVIDER_ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request does not match the documented body' },
  BAD_AMOUNT: {
    status: 400,
    message: "The amount is not a non-negative decimal string within the currency's precision",
  },
  INVALID_SIGNATURE: { status: 401, message: 'The signature is missing or does not match the body' },
  CLOCK_SKEW: { status: 401, message: 'The timestamp is outside the allowed window' },
  UNKNOWN_PROVIDER: { status: 404, message: 'No such provider is connected' },
  UNKNOWN_TOKEN: { status: 401, message: 'No such launch or session token' },
  TOKEN_EXPIRED: { status: 401, message: 'The launch or session token has expired' },
  PLAYER_BLOCKED: {
    status: 403,
    message: 'The player may not play now (self-exclusion, time-out or frozen account)',
  },
  LIMIT_EXCEEDED: { status: 403, message: "The bet exceeds the player's wagering or loss limit" },
  INSUFFICIENT_FUNDS: { status: 409, message: 'The balance does not cover the bet' },
  DUPLICATE_TRANSACTION_MISMATCH: {
    status: 409,
    message: 'This transaction id was used before with another body',
  },
  TRANSACTION_ROLLED_BACK: {
    status: 409,
    message: 'This transaction id was rolled back before the bet arrived',
  },
  REFERENCE_MISMATCH: {
    status: 409,
    message: "The referenced transaction is not a bet or win of this player's round",
  },
  ROUND_CLOSED: { status: 409, message: 'The round is closed' },
  ROUND_MISMATCH: { status: 409, message: 'The round belongs to another player or game' },
  RETRY_LATER: { status: 409, message: 'The call could not be completed now; repeat it unchanged' },
} as const;

export type ProviderErrorCode = keyof typeof PROVIDER_ERRORS;
export const PROVIDER_ERROR_CODES = Object.keys(PROVIDER_ERRORS) as ProviderErrorCode[];

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  constructor(code: ProviderErrorCode, message?: string) {
    super(message ?? PROVIDER_ERRORS[code].message);
    this.code = code;
  }
  get status(): number {
    return PROVIDER_ERRORS[this.code].status;
  }
  toBody() {
    return { error: { code: this.code, message: this.message } };
  }
}

const FROM_APP: Partial<Record<string, ProviderErrorCode>> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  CASINO_IDEMPOTENCY_MISMATCH: 'DUPLICATE_TRANSACTION_MISMATCH',
  ACCOUNT_FROZEN: 'PLAYER_BLOCKED',
  LIMIT_SELF_EXCLUDED: 'PLAYER_BLOCKED',
  LIMIT_TIME_OUT: 'PLAYER_BLOCKED',
  LIMIT_SESSION_ENDED: 'PLAYER_BLOCKED',
  LIMIT_WAGER_EXCEEDED: 'LIMIT_EXCEEDED',
  LIMIT_LOSS_EXCEEDED: 'LIMIT_EXCEEDED',
  LIMIT_FX_RATE_MISSING: 'LIMIT_EXCEEDED',
  ACCOUNT_NOT_FOUND: 'UNKNOWN_TOKEN',
  VALIDATION_FAILED: 'BAD_REQUEST',
  MALFORMED_JSON: 'BAD_REQUEST',
  MALFORMED_BODY: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_REQUEST',
  BODY_TOO_LARGE: 'BAD_REQUEST',
};

/** Anything thrown while answering a provider, as a provider error (unknown failures: RETRY_LATER). */
export function providerErrorOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const fastify = error as { validation?: unknown; statusCode?: number; code?: string };
  if (fastify?.validation) return new ProviderError('BAD_REQUEST', (error as Error).message);
  if (error instanceof AppError) {
    const code = FROM_APP[error.code];
    if (code) return new ProviderError(code);
  }
  if (typeof fastify?.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    return new ProviderError('BAD_REQUEST');
  }
  return new ProviderError('RETRY_LATER');
}
