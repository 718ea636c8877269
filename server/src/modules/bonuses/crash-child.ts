/**
 * Child process of the bonuses crash test, on the database the parent names (BONUSES_DATA_DIR or
 * BONUSES_DATABASE_URL) with a manual clock at BONUSES_NOW_MS. Modes:
 *   - "grant": one pass of the deposit-bonus job; the first three grants commit ("granted 1" …
 *     "granted 3"), the fourth prints "gate grant" right before its commit and waits for the SIGKILL;
 *   - "resume": one pass of the deposit-bonus job; prints "resumed <deposits processed>".
 * With BONUSES_JOB=bets the pass is the bet_settled job's (recorded settled bets) instead.
 */
import { ManualClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { Ledger } from '../accounts/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { BonusService } from './bonus-service.ts';

const never = () => new Promise<void>(() => {});
const quietBus = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.BONUSES_DATABASE_URL ?? null,
    dataDir: env.BONUSES_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.BONUSES_NOW_MS));
  let grants = 0;
  const bonuses = new BonusService({
    db: handle.db,
    clock,
    ledger: new Ledger(handle.db, clock),
    bus: quietBus,
    siteConfig: new SiteConfigService(handle.db, quietBus, clock),
    checks: { isSelfExcluded: async () => false, marketingAllowed: async () => true },
    ...(env.BONUSES_MODE === 'grant'
      ? {
          async beforeGrantCommit() {
            grants += 1;
            if (grants === 4) {
              console.log('gate grant');
              await never();
            }
            // Printed before the commit: the parent counts what committed, not these lines.
            console.log(`granted ${grants}`);
          },
        }
      : {}),
  });
  const processed =
    env.BONUSES_JOB === 'bets' ? await bonuses.processBetEvents(100) : await bonuses.processDeposits(100);
  console.log(`resumed ${processed}`);
  await handle.close();
}

await main();
