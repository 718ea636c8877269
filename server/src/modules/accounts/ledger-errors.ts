/**
 * Maps the ledger's database refusals (raised by ledger_post() with SQLSTATE LD00x, or unique
 * violations) to catalogue errors. Anything else is passed through unchanged.
 */
import { AppError } from '../../platform/errors.ts';

interface DatabaseErrorLike {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

const BY_SQLSTATE = {
  LD001: 'INSUFFICIENT_FUNDS',
  LD002: 'ACCOUNT_FROZEN',
  LD003: 'ACCOUNT_NOT_FOUND',
  LD004: 'LEDGER_INVARIANT',
  LD005: 'IDEMPOTENCY_KEY_REUSED',
  LD006: 'CURRENCY_MISMATCH',
  LD009: 'LEDGER_INVARIANT',
} as const;

export function toLedgerError(err: unknown): unknown {
  if (err instanceof AppError || typeof err !== 'object' || err === null) return err;
  const e = err as DatabaseErrorLike;
  const code = e.code as keyof typeof BY_SQLSTATE | undefined;
  if (code && code in BY_SQLSTATE) {
    return new AppError(BY_SQLSTATE[code], undefined, e.detail ? { account: e.detail } : undefined);
  }
  if (
    e.code === '23505' &&
    `${e.constraint ?? ''} ${e.message ?? ''}`.includes('ledger_transfers_reverses_uq')
  ) {
    return new AppError('TRANSFER_ALREADY_REVERSED');
  }
  return err;
}

/** Runs work and rethrows database refusals as catalogue errors. */
export async function mapLedgerErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toLedgerError(err);
  }
}
