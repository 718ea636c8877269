/**
 * Payment state machines. A deposit is credited only on the provider's confirmation (success); one
 * never paid before its expiry becomes expired; a withdrawal is reserved at request, cancellable by
 * the player until it is sent to the provider, approved automatically or by an operator, and paid
 * through the provider. End states never move, so a late or repeated notification changes nothing.
 * Expired is the one exception: money the provider confirms after all is credited (never lost).
 */

export type PaymentDirection = 'deposit' | 'withdrawal';
export type PaymentState =
  | 'created'
  | 'pending'
  | 'requested'
  | 'approved'
  | 'processing'
  | 'success'
  | 'failed'
  | 'cancelled'
  | 'rejected'
  | 'expired';

const DEPOSIT_MOVES: Record<string, readonly PaymentState[]> = {
  created: ['pending', 'success', 'failed', 'cancelled', 'expired'],
  pending: ['success', 'failed', 'cancelled', 'expired'],
  expired: ['success'],
};

const WITHDRAWAL_MOVES: Record<string, readonly PaymentState[]> = {
  requested: ['approved', 'cancelled', 'rejected'],
  approved: ['processing', 'cancelled'],
  processing: ['success', 'failed'],
};

export const END_STATES: readonly PaymentState[] = ['success', 'failed', 'cancelled', 'rejected'];

/** Whether a payment in state `from` may move to `to`. @example canMove('deposit', 'success', 'pending') === false */
export function canMove(direction: PaymentDirection, from: PaymentState, to: PaymentState): boolean {
  const moves = direction === 'deposit' ? DEPOSIT_MOVES : WITHDRAWAL_MOVES;
  return moves[from]?.includes(to) ?? false;
}

export function isEndState(state: PaymentState): boolean {
  return END_STATES.includes(state);
}

/** The player may cancel a withdrawal until it has been sent to the provider. */
export function isCancellable(direction: PaymentDirection, state: PaymentState): boolean {
  return direction === 'withdrawal' && canMove(direction, state, 'cancelled');
}

/** The payment-return page of site-shell §2 for a state: /{lng}/onpay/[withdraw/]success|fail|pending|cancel. */
export function returnPath(lng: string, direction: PaymentDirection, state: PaymentState): string {
  const outcome =
    state === 'success'
      ? 'success'
      : state === 'failed' || state === 'rejected' || state === 'expired'
        ? 'fail'
        : state === 'cancelled'
          ? 'cancel'
          : 'pending';
  return `/${lng}/onpay/${direction === 'withdrawal' ? 'withdraw/' : ''}${outcome}`;
}
