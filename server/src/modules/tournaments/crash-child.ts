/**
 * Child process of the tournaments crash tests, on the database the parent names (TOURNAMENTS_DATA_DIR
 * or TOURNAMENTS_DATABASE_URL) with a manual clock at TOURNAMENTS_NOW_MS. Modes:
 *   - "pay": catches up and fixes the places of the ended tournament ("finished"), then pays one prize per pass;
 *     the first three commit ("paid 1" … "paid 3"), the fourth prints "gate pay" right before its
 *     commit and waits for the SIGKILL.
 *   - "play": plays one provider round per session token of TOURNAMENTS_TOKENS (comma-separated;
 *     player k bets (k + 1) × 10.00 on round r<k> and ends it) through the casino's provider wallet,
 *     whose observer scores the round live ("scored <roundKey>") — except the last round's: its
 *     observer prints "gate score <roundKey>" after the round's commit, before any scoring, and
 *     waits for the SIGKILL.
 *   - "resume": one worker pass; prints "resumed <caughtUp> <finished> <paid> <completed>" when
 *     TOURNAMENTS_CAUGHT_UP is set, else "resumed <finished> <paid> <completed>".
 */
import { ManualClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { Ledger } from '../accounts/index.ts';
import { type FinishedRound, ProviderWallet, SeamlessWallet } from '../casino/index.ts';
import { LimitsService } from '../limits/index.ts';
import { catchUp } from './catch-up.ts';
import { createTournamentsContext, type TournamentsContext } from './context.ts';
import { finishOne, payDue, runTournamentsDue } from './pay-prizes.ts';
import { scoreRound } from './score.ts';

const never = () => new Promise<void>(() => {});
const quietBus = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };
const CRASH_PROVIDER = 'crash-studio';

async function play(
  ctx: TournamentsContext,
  ledger: Ledger,
  clock: ManualClock,
  tokens: string[],
): Promise<void> {
  let told = 0;
  const wallet = new ProviderWallet({
    db: ctx.db,
    clock,
    ledger,
    limits: new LimitsService(ctx.db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 }),
    wallet: new SeamlessWallet(ledger, clock),
    finished: async (round: FinishedRound) => {
      told += 1;
      if (told === tokens.length) {
        console.log(`gate score ${round.roundKey}`);
        await never();
      }
      await scoreRound(ctx, round);
      console.log(`scored ${round.roundKey}`);
    },
  });
  for (const [k, sessionToken] of tokens.entries()) {
    clock.advance(1_000);
    const roundId = `r${k}`;
    await wallet.bet(CRASH_PROVIDER, {
      sessionToken,
      transactionId: `crash-bet-${k}`,
      roundId,
      amount: `${(k + 1) * 10}.00`,
    });
    await wallet.endRound(CRASH_PROVIDER, { sessionToken, roundId });
  }
}

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.TOURNAMENTS_DATABASE_URL ?? null,
    dataDir: env.TOURNAMENTS_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.TOURNAMENTS_NOW_MS));
  const ledger = new Ledger(handle.db, clock);
  const ctx = createTournamentsContext({ db: handle, clock, bus: quietBus }, { ledger, payBatch: 1 });
  if (env.TOURNAMENTS_MODE === 'pay') {
    await catchUp(ctx);
    await finishOne(ctx);
    console.log('finished');
    for (let n = 1; n <= 3; n += 1) {
      await payDue(ctx);
      console.log(`paid ${n}`);
    }
    await payDue(ctx, {
      async beforeCommit() {
        console.log('gate pay');
        await never();
      },
    });
    return;
  }
  if (env.TOURNAMENTS_MODE === 'play') {
    await play(ctx, ledger, clock, (env.TOURNAMENTS_TOKENS ?? '').split(','));
    return;
  }
  const s = await runTournamentsDue({ ...ctx, payBatch: 500 });
  console.log(
    env.TOURNAMENTS_CAUGHT_UP
      ? `resumed ${s.caughtUp} ${s.finished} ${s.paid} ${s.completed}`
      : `resumed ${s.finished} ${s.paid} ${s.completed}`,
  );
  await handle.close();
}

await main();
