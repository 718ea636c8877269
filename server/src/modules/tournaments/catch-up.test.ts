/**
 * The catch-up (catch-up.ts) over the real casino: a provider round closed through the casino's
 * provider wallet with no observer (committed, never told) is counted by the worker's pass once,
 * however often the pass runs; dice rounds told live are not counted again; the places wait until
 * the catch-up covered the whole window; and scores rebuilt by the catch-up from the rounds alone
 * equal the live scores (score, rounds and scored_at) for each scoring.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { ProviderWallet, SeamlessWallet } from '../casino/index.ts';
import {
  CASINO_API,
  type CasinoTestApp,
  DICE_ID,
  fundedPlayer,
  newKey,
  setUpCasinoTestApp,
} from '../casino/test-support.ts';
import { catchUp } from './catch-up.ts';
import { createTournamentsContext, type TournamentsContext } from './context.ts';
import { createTournament } from './manage.ts';
import { runTournamentsDue } from './pay-prizes.ts';
import type { TournamentScoring } from './tables.ts';

let t: CasinoTestApp;
let ctx: TournamentsContext;
setUpCasinoTestApp((app) => {
  t = app;
  ctx = createTournamentsContext(t.deps, { ledger: t.ledger });
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;
const STUDIO = 'catch-studio';
let sessions = 0;
let moves = 0;

/** The casino's provider wallet without an observer: its rounds commit and are never told. */
const untold = () =>
  new ProviderWallet({
    db: t.db,
    clock: t.clock,
    ledger: t.ledger,
    limits: t.limits,
    wallet: new SeamlessWallet(t.ledger, t.clock),
  });

async function session(p: Player): Promise<string> {
  const token = `catch-up-session-${process.pid}-${++sessions}`;
  await t.db
    .insertInto('casino_provider_sessions')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      provider: STUDIO,
      user_id: p.userId,
      account_id: p.accountId,
      currency: 'RUB',
      game_id: DICE_ID,
      created_at: t.clock.now(),
      expires_at: new Date(t.clock.nowMs() + 24 * 3_600_000),
    })
    .execute();
  return token;
}

/** A provider round: a bet and a win, then its end-round; answers its key. */
async function providerRound(p: Player, bet: string, win: string | null): Promise<string> {
  const sessionToken = await session(p);
  const wallet = untold();
  const roundId = `catch-round-${++moves}`;
  await wallet.bet(STUDIO, { sessionToken, transactionId: `catch-tx-${++moves}`, roundId, amount: bet });
  if (win)
    await wallet.win(STUDIO, { sessionToken, transactionId: `catch-tx-${++moves}`, roundId, amount: win });
  await wallet.endRound(STUDIO, { sessionToken, roundId });
  return `provider:${STUDIO}:${roundId}`;
}

const playDice = async (p: Player, stakeMinor: string, target = 5000) => {
  t.clock.advance(10_000);
  const res = await p.client.post(
    `${CASINO_API}/rounds`,
    { mode: 'real', gameId: DICE_ID, stakeMinor, params: { direction: 'under', target } },
    { 'idempotency-key': newKey() },
  );
  expect([res.statusCode, res.json().error]).toEqual([200, undefined]);
  return res.json() as { roundId: string };
};

const scores = (id: bigint) =>
  t.db
    .selectFrom('tournament_scores')
    .select(['user_id', 'score', 'rounds', 'scored_at'])
    .where('tournament_id', '=', id)
    .orderBy('user_id')
    .execute();

const counted = async (id: bigint) =>
  (
    await t.db
      .selectFrom('tournament_rounds')
      .select('round_key')
      .where('tournament_id', '=', id)
      .orderBy('round_key')
      .execute()
  ).map((r) => r.round_key);

it('counts a round committed but never told once, not the rounds told live again, and fixes the places after it', async () => {
  const start = t.clock.now();
  const ends = new Date(start.getTime() + 10 * 60_000);
  const tournament = await createTournament(ctx, {
    nameRu: 'Догон',
    nameEn: 'Catch-up',
    startsAt: start,
    endsAt: ends,
    gameIds: null,
    scoring: 'wagered',
    currency: 'RUB',
    prizesMinor: [7_000n, 3_000n],
    optInRequired: true,
  });
  const id = BigInt(tournament.id);
  const a = await fundedPlayer(t, 1_000_000n);
  const b = await fundedPlayer(t, 1_000_000n);
  for (const p of [a, b]) {
    const res = await p.client.post(`/web-api/tournaments/v1/tournaments/${id}/entry`, {});
    expect(res.statusCode).toBe(200);
  }

  // Told live: a's dice rounds.
  const dice = [await playDice(a, '1500'), await playDice(a, '1000')];
  expect(await scores(id)).toEqual([
    expect.objectContaining({ user_id: a.userId, score: 2_500n, rounds: 2 }),
  ]);
  // Never told: b's provider round (committed: closed, stake taken).
  t.clock.advance(1_000);
  const lost = await providerRound(b, '12.00', '4.00');
  // Never told either, and closed one second before the end: it decides the first place.
  t.clock.advance(ends.getTime() - 1_000 - t.clock.nowMs());
  const last = await providerRound(b, '15.00', null);
  expect(await scores(id)).toHaveLength(1);

  // One second after the end: the catch-up stays its margin behind the clock; nothing is fixed yet.
  t.clock.advance(ends.getTime() + 1_000 - t.clock.nowMs());
  const early = await runTournamentsDue(ctx);
  expect(early).toMatchObject({ caughtUp: 1, finished: 0, paid: 0 });
  expect((await scores(id)).map((s) => [s.user_id, s.score, s.rounds])).toEqual([
    [a.userId, 2_500n, 2],
    [b.userId, 1_200n, 1],
  ]);
  const row = await t.db
    .selectFrom('tournaments')
    .select(['status', 'scored_through'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('scheduled');
  expect(row.scored_through!.getTime()).toBe(ends.getTime() + 1_000 - ctx.catchUpMarginMs);

  // Past the margin: the last round counts, then the places are fixed and paid, once.
  t.clock.advance(ctx.catchUpMarginMs);
  const before = (await t.ledger.account(b.userId, b.accountId)).moneyMinor;
  expect(await runTournamentsDue(ctx)).toMatchObject({ caughtUp: 1, finished: 1, paid: 2, completed: 1 });
  expect(await runTournamentsDue(ctx)).toEqual({ caughtUp: 0, finished: 0, paid: 0, completed: 0 });
  expect(await catchUp(ctx, id)).toBe(0);
  expect((await scores(id)).map((s) => [s.user_id, s.score, s.rounds])).toEqual([
    [a.userId, 2_500n, 2],
    [b.userId, 2_700n, 2],
  ]);
  expect(await counted(id)).toEqual([...dice.map((d) => `in-house:${d.roundId}`), lost, last].sort());
  const prizes = await t.db
    .selectFrom('tournament_prizes')
    .select(['place', 'user_id', 'status'])
    .where('tournament_id', '=', id)
    .orderBy('place')
    .execute();
  expect(prizes).toEqual([
    { place: 1, user_id: b.userId, status: 'paid' },
    { place: 2, user_id: a.userId, status: 'paid' },
  ]);
  expect((await t.ledger.account(b.userId, b.accountId)).moneyMinor - before).toBe(7_000n);
});

it.each<TournamentScoring>(['wagered', 'biggest_win', 'biggest_multiplier'])(
  'rebuilds the live %s scores exactly from the rounds alone',
  async (scoring) => {
    const start = t.clock.now();
    const tournament = await createTournament(ctx, {
      nameRu: 'Сверка',
      nameEn: 'Same scores',
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * 60_000),
      gameIds: [DICE_ID],
      scoring,
      currency: 'RUB',
      prizesMinor: [100n],
      optInRequired: false,
    });
    const id = BigInt(tournament.id);
    const players = [await fundedPlayer(t, 1_000_000n), await fundedPlayer(t, 1_000_000n)];
    // Equal stakes and targets: equal wins and multipliers, told at different times.
    for (let n = 0; n < 6; n += 1)
      await playDice(players[n % 2]!, n < 4 ? '1000' : '1400', 3000 + (n % 3) * 2000);
    const live = await scores(id);
    expect(live).toHaveLength(2);
    expect(live.every((s) => s.rounds === 3)).toBe(true);

    // Forget everything the live scoring did; the catch-up rebuilds it from the rounds' rows.
    await t.db.deleteFrom('tournament_rounds').where('tournament_id', '=', id).execute();
    await t.db.deleteFrom('tournament_scores').where('tournament_id', '=', id).execute();
    await t.db.updateTable('tournaments').set({ scored_through: null }).where('id', '=', id).execute();
    // The cursor stops at now − margin, before it: the last round (at the clock) needs one more ms.
    t.clock.advance(ctx.catchUpMarginMs + 1);
    await catchUp(ctx, id);
    expect(await scores(id)).toEqual(live);
  },
);
