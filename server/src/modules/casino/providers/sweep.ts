/**
 * Workers role: closes provider rounds left open. A round no call touched for ROUND_TIMEOUT_MS is
 * closed by the sweep with what was received: the bets taken stay taken, the wins paid stay paid,
 * nothing more moves; its settlement (staked − paid) is recorded for the loss limits and the seamless
 * wallet's round is ended. A win arriving later is refused with ROUND_CLOSED (a provider must send
 * a round's result within the timeout); a rollback is still taken.
 *
 * Exactly once with several processes: each batch locks its rounds with FOR UPDATE SKIP LOCKED and
 * closes only those still open, in one transaction; a provider's end-round of the same round waits
 * on the row lock and then answers it closed. After the commit each closed round with a stake is
 * told to the tournaments' observer (deps.finished).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { closeRound, type ProviderWalletDeps } from './provider-wallet.ts';

export const ROUND_TIMEOUT_MS = 60 * 60_000;
export const SWEEP_INTERVAL_MS = 60_000;
const BATCH = 100;

export interface SweepLog {
  info(details: object, message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

/** Closes one batch of timed-out rounds; answers how many it closed. */
export async function sweepOpenRounds(
  deps: Pick<ProviderWalletDeps, 'ledger' | 'clock' | 'limits' | 'wallet' | 'finished'>,
  timeoutMs = ROUND_TIMEOUT_MS,
): Promise<number> {
  const before = new Date(deps.clock.nowMs() - timeoutMs);
  const closed = await deps.ledger.transaction(async (t: Kysely<Database>) => {
    const rounds = await t
      .selectFrom('casino_provider_rounds')
      .selectAll()
      .where('closed_at', 'is', null)
      .where('touched_at', '<', before)
      .orderBy('touched_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const round of rounds) {
      await closeRound(t, deps, round, 'sweep');
      await deps.wallet.endRound(
        { provider: round.provider, roundRef: round.round_ref, userId: round.user_id },
        t,
      );
    }
    return rounds;
  });
  // Closed rounds with a stake count for the tournaments, as a provider's end-round does.
  for (const round of closed) {
    if (round.staked > 0n)
      await deps.finished?.({
        userId: round.user_id,
        accountId: round.account_id,
        roundKey: `provider:${round.provider}:${round.round_ref}`,
        gameId: round.game_id,
        currency: round.currency,
        stakedMinor: round.staked,
        payoutMinor: round.paid,
      });
  }
  return closed.length;
}

export function startProviderSweep(
  deps: Pick<ProviderWalletDeps, 'ledger' | 'clock' | 'limits' | 'wallet' | 'finished'>,
  log: SweepLog,
  intervalMs = SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        let closed = 0;
        for (let n = BATCH; n === BATCH; closed += n) n = await sweepOpenRounds(deps);
        if (closed > 0) log.info({ closed }, 'open provider rounds closed by the sweep');
      })
      .catch((err: unknown) => log.warn({ err }, 'provider round sweep failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
