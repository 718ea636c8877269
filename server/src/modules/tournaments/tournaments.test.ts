/**
 * Casino tournaments end to end over the app: created by the operator command, listed, opted into,
 * scored from real dice rounds played through the casino routes (a replayed round counts once, a
 * player who did not opt in is not scored), announced on the tournament's topic, refused after
 * the end, and at the end paid once per place through the ledger (ties: the earlier score wins).
 */
import { expect, it, vi } from 'vitest';
import {
  CASINO_API,
  type CasinoTestApp,
  DICE_ID,
  fundedPlayer,
  newKey,
  setUpCasinoTestApp,
} from '../casino/test-support.ts';
import { createTournamentsContext, type TournamentsContext, tournamentTopic } from './context.ts';
import { runTournamentsDue } from './pay-prizes.ts';
import { TOURNAMENTS_PREFIX } from './routes.ts';
import { scoreRound } from './score.ts';
import { runTournamentsCommand } from './tournaments-command.ts';

let t: CasinoTestApp;
let ctx: TournamentsContext;
setUpCasinoTestApp((app) => {
  t = app;
  ctx = createTournamentsContext(t.deps, { ledger: t.ledger });
});

const API = `${TOURNAMENTS_PREFIX}/tournaments`;
type Player = Awaited<ReturnType<typeof fundedPlayer>>;

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { out: { log: (s: string) => lines.push(s), error: (s: string) => errors.push(s) }, lines, errors };
}

async function create(args: string[]): Promise<string> {
  const c = capture();
  expect(await runTournamentsCommand(ctx, ['create', ...args], c.out)).toBe(0);
  return /tournament (\d+) created/.exec(c.lines[0]!)![1]!;
}

const playDice = async (p: Player, stakeMinor: string, key = newKey()) => {
  t.clock.advance(10_000);
  const res = await p.client.post(
    `${CASINO_API}/rounds`,
    { mode: 'real', gameId: DICE_ID, stakeMinor, params: { direction: 'under', target: 5000 } },
    { 'idempotency-key': key },
  );
  expect([res.statusCode, res.json().error]).toEqual([200, undefined]);
  return res.json();
};

it('scores opted-in players from casino rounds, announces the board and pays each place once', async () => {
  const start = t.clock.now();
  const end = new Date(t.clock.nowMs() + 5 * 60 * 1000);
  const id = await create([
    '--name-ru',
    'Турнир',
    '--name-en',
    'Dice race',
    '--start',
    start.toISOString(),
    '--end',
    end.toISOString(),
    '--scoring',
    'wagered',
    '--currency',
    'RUB',
    '--prizes',
    '50000,20000',
    '--games',
    String(DICE_ID),
    '--terms-en',
    'Wager the most',
    '--terms-ru',
    'Ставьте больше всех',
  ]);
  const a = await fundedPlayer(t, 1_000_000n);
  const b = await fundedPlayer(t, 1_000_000n);
  const outsider = await fundedPlayer(t, 1_000_000n);

  const list = (await a.client.get(API)).json();
  const listed = list.tournaments.find((x: { id: string }) => x.id === id);
  expect(listed).toMatchObject({
    status: 'running',
    scoring: 'wagered',
    prizePoolMinor: '70000',
    entered: false,
  });

  const messages: unknown[] = [];
  const stop = t.deps.bus.subscribe(tournamentTopic(id), (m) => void messages.push(m));
  for (const p of [a, b]) expect((await p.client.post(`${API}/${id}/entry`, {})).statusCode).toBe(200);
  expect((await a.client.post(`${API}/${id}/entry`, {})).statusCode).toBe(200); // again: no change

  const key = newKey();
  await playDice(a, '1000', key);
  await playDice(a, '1000', key); // the same request replayed: counted once
  await playDice(a, '2000');
  await playDice(b, '1500');
  await playDice(outsider, '9000');
  await expect.poll(() => messages.length).toBeGreaterThan(0);
  expect(messages[0]).toEqual({ type: 'tournament.tick', tournamentId: id });
  stop();

  const board = (await b.client.get(`${API}/${id}?top=10`)).json();
  expect(board.tournament.entered).toBe(true);
  expect(
    board.leaderboard.map((r: { score: string; you: boolean; place: number }) => [r.place, r.score, r.you]),
  ).toEqual([
    [1, '3000', false],
    [2, '1500', true],
  ]);
  expect(board.own).toMatchObject({ place: 2, score: '1500', prizeMinor: '20000', you: true });
  const top1 = (await b.client.get(`${API}/${id}?top=1`)).json();
  expect(top1.leaderboard).toHaveLength(1);
  expect(top1.own).toMatchObject({ place: 2, you: true });

  expect((await a.client.get(`${API}/999999`)).json().error.code).toBe('TOURNAMENT_NOT_FOUND');

  // The end: opt-in refused, places fixed and paid once however often the pass runs.
  t.clock.advance(6 * 60 * 1000);
  const late = await outsider.client.post(`${API}/${id}/entry`, {});
  expect([late.statusCode, late.json().error.code]).toEqual([409, 'TOURNAMENT_NOT_RUNNING']);
  const before = [
    await t.ledger.account(a.userId, a.accountId),
    await t.ledger.account(b.userId, b.accountId),
  ];
  await Promise.all([runTournamentsDue(ctx), runTournamentsDue(ctx)]);
  await runTournamentsDue(ctx);
  const afterA = await t.ledger.account(a.userId, a.accountId);
  const afterB = await t.ledger.account(b.userId, b.accountId);
  expect(afterA.moneyMinor - before[0]!.moneyMinor).toBe(50_000n);
  expect(afterB.moneyMinor - before[1]!.moneyMinor).toBe(20_000n);
  const prizes = await t.db
    .selectFrom('tournament_prizes')
    .select(['place', 'user_id', 'status'])
    .where('tournament_id', '=', BigInt(id))
    .orderBy('place')
    .execute();
  expect(prizes).toEqual([
    { place: 1, user_id: a.userId, status: 'paid' },
    { place: 2, user_id: b.userId, status: 'paid' },
  ]);
  const transfers = await t.db
    .selectFrom('ledger_transfers')
    .select('idempotency_key')
    .where('reason', '=', 'tournament_prize')
    .where('idempotency_key', 'like', `tournament:${id}:%`)
    .orderBy('idempotency_key')
    .execute();
  expect(transfers.map((r) => r.idempotency_key)).toEqual([
    `tournament:${id}:place:1`,
    `tournament:${id}:place:2`,
  ]);
  expect((await a.client.get(`${API}/${id}`)).json().tournament.status).toBe('paid');

  const c = capture();
  expect(await runTournamentsCommand(ctx, ['list'], c.out)).toBe(0);
  expect(c.lines.some((l) => l.startsWith(`${id}\tpaid`))).toBe(true);
});

it('ranks equal scores by the earlier score time (biggest win, open to all)', async () => {
  const id = await create([
    '--name-ru',
    'Большой выигрыш',
    '--name-en',
    'Big win',
    '--start',
    t.clock.now().toISOString(),
    '--end',
    new Date(t.clock.nowMs() + 60_000).toISOString(),
    '--scoring',
    'biggest_win',
    '--currency',
    'RUB',
    '--prizes',
    '300,200,100',
    '--no-opt-in',
  ]);
  const players = [await fundedPlayer(t, 0n), await fundedPlayer(t, 0n), await fundedPlayer(t, 0n)];
  const round = (p: Player, n: number, payout: bigint) =>
    scoreRound(ctx, {
      userId: p.userId,
      accountId: p.accountId,
      roundKey: `in-house:${9_000_000 + n}`,
      gameId: DICE_ID,
      currency: 'RUB',
      stakedMinor: 100n,
      payoutMinor: payout,
    });
  await round(players[1]!, 1, 500n);
  t.clock.advance(1000);
  await round(players[0]!, 2, 500n);
  t.clock.advance(1000);
  await round(players[2]!, 3, 400n);
  await round(players[1]!, 4, 300n); // smaller: keeps 500 and its time
  const board = (await players[0]!.client.get(`${API}/${id}`)).json();
  expect(board.leaderboard.map((r: { player: string }) => r.player)).toEqual(
    [1, 0, 2].map((k) => `#…${players[k]!.userId.toString().slice(-4).padStart(4, '0')}`),
  );
  // Ended, but the catch-up's cursor trails the clock by its margin: the places wait for it.
  t.clock.advance(60_000);
  const early = capture();
  expect(await runTournamentsCommand(ctx, ['finish', id], early.out)).toBe(0);
  expect(early.lines[0]).toBe(`tournament ${id}: not due or already finished, prizes paid 0`);
  t.clock.advance(ctx.catchUpMarginMs);
  const c = capture();
  expect(await runTournamentsCommand(ctx, ['finish', id], c.out)).toBe(0);
  expect(c.lines[0]).toBe(`tournament ${id}: finished, prizes paid 3`);
  for (const [k, prize] of [
    [1, 300n],
    [0, 200n],
    [2, 100n],
  ] as const) {
    const p = players[k]!;
    expect((await t.ledger.account(p.userId, p.accountId)).moneyMinor).toBe(prize);
  }
});

it('skips rounds while no tournament is open, and scores a skipped one later for a tournament another process created before it', async () => {
  const p = await fundedPlayer(t, 0n);
  let n = 0;
  const round = () =>
    scoreRound(ctx, {
      userId: p.userId,
      accountId: p.accountId,
      roundKey: `in-house:${9_100_000 + ++n}`,
      gameId: DICE_ID,
      currency: 'RUB',
      stakedMinor: 100n,
      payoutMinor: 250n,
    });
  expect(await round()).toBe(0); // before the tournament existed: never counts
  t.clock.advance(1000);
  // As the CLI of another process does it: no word to this process's cache.
  const created = await ctx.db
    .insertInto('tournaments')
    .values({
      name_ru: 'Снаружи',
      name_en: 'Elsewhere',
      terms_ru: '',
      terms_en: '',
      starts_at: new Date(t.clock.nowMs() - 60_000),
      ends_at: new Date(t.clock.nowMs() + 60_000),
      game_ids: null,
      scoring: 'biggest_win',
      currency: 'RUB',
      prizes_minor: [100n],
      opt_in_required: false,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  t.clock.advance(1000);
  expect(await round()).toBe(0); // skipped: the cache does not know the tournament yet
  const scores = () =>
    ctx.db
      .selectFrom('tournament_scores')
      .select(['score', 'rounds'])
      .where('tournament_id', '=', created.id)
      .execute();
  await vi.waitFor(async () => expect(await scores()).toEqual([{ score: 250n, rounds: 1 }]), {
    timeout: 10_000,
    interval: 100,
  });
  const counted = await ctx.db
    .selectFrom('tournament_rounds')
    .select('round_key')
    .where('tournament_id', '=', created.id)
    .execute();
  expect(counted).toEqual([{ round_key: 'in-house:9100002' }]);
});
