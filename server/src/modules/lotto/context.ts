/** What the lotto use cases work with: the database, the clock, the ledger and the limits service. */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import type { LimitsService } from '../limits/index.ts';

export interface LottoContext {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  limits: LimitsService;
  /** Winners paid per ledger round trip (pay-prizes.ts). */
  payBatch: number;
}

export function createLottoContext(
  deps: Pick<ModuleDeps, 'db' | 'clock'>,
  services: { ledger: Ledger; limits: LimitsService; payBatch?: number },
): LottoContext {
  return {
    db: deps.db.db,
    clock: deps.clock,
    ledger: services.ledger,
    limits: services.limits,
    payBatch: services.payBatch ?? 500,
  };
}
