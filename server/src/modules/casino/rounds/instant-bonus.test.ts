/**
 * Instant rounds of players with an active money bonus in the one-call path (issue 20 Speed,
 * docs/bonuses.md §4): the same seeded rounds played once through the one-call path and once forced
 * through the full transaction, each on its own fresh database, leave identical ledger transfers
 * (keys, reasons, amounts, accounts, metadata), bonus rows, wager rows, points, rounds and answers:
 * wins, losses, a round completing a bonus with a maximum conversion, a depleting round, a stake
 * partly paid by bonus money, a maximum-bet refusal, a replayed Idempotency-Key, parallel rounds of
 * one player. The ledger check is clean in both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../bonuses/test-support.ts';
import { answerOf, bonusPlayer, createCampaigns, dice, play, type World, world } from './test-support.ts';

/** The steps both worlds play, in order: answers (normalised) in a list. */
async function scenario(w: World) {
  const answers: unknown[] = [];
  const capped = await bonusPlayer(w, 'capped', 1);
  for (let i = 0; i < 7; i++) answers.push(answerOf(await play(w, capped.userId, dice(1000n, 5000))));
  const depleting = await bonusPlayer(w, 'depleting', 2);
  for (let i = 0; i < 6; i++) {
    answers.push(answerOf(await play(w, depleting.userId, dice(1000n, 2000))));
    // A settled bet adds progress behind the instant path's back: its next plan is stale, read again.
    if (i === 0)
      await w.t.ledger.transaction((trx) =>
        w.t.bonuses.betSettled(trx, {
          betId: 9_900_001n,
          userId: depleting.userId,
          currency: 'RUB',
          stakeMinor: 300n,
          coefMilli: 2000n,
        }),
      );
  }
  const maxBet = await bonusPlayer(w, 'maxBet', 3);
  answers.push(answerOf(await play(w, maxBet.userId, dice(5000n, 5000))));
  const key = newKey();
  const first = await play(w, maxBet.userId, dice(2000n, 7000), key);
  const replay = await play(w, maxBet.userId, dice(2000n, 7000), key);
  expect(replay).toEqual(first);
  answers.push(answerOf(first), answerOf(await play(w, maxBet.userId, dice(1000n, 7000), key)));
  const sequential = { fullPath: w.fullPath, planned: w.planned };
  const parallel = await bonusPlayer(w, 'parallel', 4);
  await Promise.all(Array.from({ length: 6 }, () => play(w, parallel.userId, dice(1000n, 5000))));
  return { answers, players: [capped, depleting, maxBet, parallel].map((p) => p.userId), sequential };
}

/** Everything the rounds wrote for the players, with ids replaced by what they stand for. */
async function outcome(w: World, players: bigint[]) {
  const { db } = w.t;
  const names = new Map<string, string>();
  const accountRole = new Map<string, string>();
  for (const [i, userId] of players.entries()) {
    const rounds = await db
      .selectFrom('casino_rounds')
      .select(['id', 'nonce'])
      .where('owner_key', '=', `u:${userId}`)
      .execute();
    for (const r of rounds) names.set(`r${r.id}`, `P${i}#${r.nonce}`);
    const bonuses = await db
      .selectFrom('bonus_player_bonuses')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    for (const b of bonuses) names.set(`b${b.id}`, `P${i}-bonus`);
    names.set(`u${userId}`, `P${i}`);
  }
  for (const a of await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'user_id', 'type', 'currency'])
    .execute())
    accountRole.set(
      `${a.id}`,
      a.user_id === null
        ? `${a.kind}:${a.currency}`
        : `${names.get(`u${a.user_id}`) ?? a.user_id}:${a.type ?? 0}`,
    );
  const name = (prefix: 'r' | 'b', id: string) => names.get(`${prefix}${id}`) ?? `?${prefix}${id}`;
  const normalKey = (key: string) =>
    key
      .replace(
        /^(casino|bonus:stake|bonus:win):(\d+)/,
        (_m, p: string, id: string) => `${p}:${name('r', id)}`,
      )
      .replace(
        /^(bonus:(?:convert|convert-rest|grant|forfeit)):(\d+)$/,
        (_m, p: string, id: string) => `${p}:${name('b', id)}`,
      )
      .replace(/^(instant-fund):(\d+)$/, (_m, p: string, id: string) => `${p}:${names.get(`u${id}`)}`);
  const normalMeta = (m: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...m };
    if (typeof out.roundId === 'string') out.roundId = name('r', out.roundId);
    if (typeof out.roundRef === 'string') out.roundRef = name('r', out.roundRef);
    if (typeof out.bonusId === 'string') out.bonusId = name('b', out.bonusId);
    return out;
  };
  const transfers = await db
    .selectFrom('ledger_transfers')
    .select(['id', 'idempotency_key', 'reason', 'user_id', 'metadata'])
    .where('user_id', 'in', players)
    .execute();
  const postings = await db
    .selectFrom('ledger_postings')
    .select(['transfer_id', 'account_id', 'amount', 'currency'])
    .where(
      'transfer_id',
      'in',
      transfers.map((t) => t.id),
    )
    .orderBy('transfer_id')
    .orderBy('leg')
    .execute();
  const ledger = transfers
    .map((t) => ({
      key: normalKey(t.idempotency_key),
      reason: t.reason,
      user: names.get(`u${t.user_id}`),
      metadata: normalMeta(t.metadata),
      postings: postings
        .filter((p) => p.transfer_id === t.id)
        .map((p) => `${accountRole.get(`${p.account_id}`)} ${p.amount} ${p.currency}`),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const bonusRows = (
    await db.selectFrom('bonus_player_bonuses').selectAll().where('user_id', 'in', players).execute()
  )
    .map(({ id, user_id, campaign_id: _c, account_id, real_account_id, grant_key: _g, ...rest }) => ({
      bonus: name('b', `${id}`),
      user: names.get(`u${user_id}`),
      account: accountRole.get(`${account_id}`),
      real: accountRole.get(`${real_account_id}`),
      ...rest,
    }))
    .sort((a, b) => a.bonus.localeCompare(b.bonus));
  const wagers = (
    await db
      .selectFrom('bonus_wagers')
      .innerJoin('bonus_player_bonuses as b', 'b.id', 'bonus_wagers.bonus_id')
      .select([
        'ref',
        'bonus_id',
        'product',
        'stake_minor',
        'covered_minor',
        'contribution_minor',
        'bonus_wagers.created_at',
      ])
      .where('b.user_id', 'in', players)
      .execute()
  )
    .map((r) => ({
      ...r,
      ref: r.ref.replace(/^\d+/, (id) => name('r', id)),
      bonus_id: name('b', `${r.bonus_id}`),
    }))
    .sort((a, b) => a.ref.localeCompare(b.ref));
  const points = (
    await db
      .selectFrom('bonus_points_entries')
      .select(['user_id', 'delta', 'reason', 'ref', 'created_at'])
      .where('user_id', 'in', players)
      .execute()
  )
    .map((r) => ({
      ...r,
      user_id: names.get(`u${r.user_id}`),
      ref: r.ref.replace(/\d+$/, (id) => name('r', id)),
    }))
    .sort((a, b) => a.ref.localeCompare(b.ref));
  const totals = (
    await db.selectFrom('bonus_points').selectAll().where('user_id', 'in', players).execute()
  ).map((r) => ({ ...r, user_id: names.get(`u${r.user_id}`) }));
  const rounds = (
    await db
      .selectFrom('casino_rounds')
      .select([
        'id',
        'nonce',
        'stake',
        'staked',
        'payout',
        'status',
        'balance_before',
        'balance_after',
        'view',
      ])
      .where('user_id', 'in', players)
      .execute()
  )
    .map(({ id, ...r }) => ({ round: name('r', `${id}`), ...r }))
    .sort((a, b) => a.round.localeCompare(b.round));
  const walletRows = (
    await db
      .selectFrom('casino_wallet_transactions')
      .select(['transaction_id', 'kind', 'amount', 'balance_after', 'request_hash', 'ledger_transfer_id'])
      .where('user_id', 'in', players)
      .execute()
  )
    .map(({ transaction_id, ledger_transfer_id, request_hash: _h, ...r }) => ({
      tx: transaction_id.replace(/^\d+/, (id) => name('r', id)),
      transfer: ledger_transfer_id !== null,
      ...r,
    }))
    .sort((a, b) => a.tx.localeCompare(b.tx));
  const balances = await Promise.all(
    players.map(async (userId) =>
      (await w.t.ledger.balances(userId)).map((a) => `${a.type}:${a.iso}:${a.moneyMinor}`).sort(),
    ),
  );
  return { ledger, bonusRows, wagers, points, totals, rounds, walletRows, balances };
}

describe('instant rounds with a bonus: the one-call path writes exactly what the full path writes', () => {
  let oneCall: World;
  let full: World;
  beforeAll(async () => {
    [oneCall, full] = await Promise.all([world(true), world(false)]);
    await Promise.all([createCampaigns(oneCall.t), createCampaigns(full.t)]);
  });
  afterAll(async () => {
    await Promise.all([oneCall?.t.close(), full?.t.close()]);
  });

  it('the same seeded rounds through both paths: identical transfers, bonus rows, wagers, points and answers', async () => {
    const a = await scenario(oneCall);
    const b = await scenario(full);
    // The one-call path played the sequential rounds (the maximum-bet refusal alone went the full
    // way, where it is refused); the forced world never planned one.
    expect(a.sequential.planned).toBeGreaterThanOrEqual(6);
    expect(a.sequential.fullPath).toBe(1);
    expect(full.planned).toBe(0);
    expect(oneCall.freshReads).toBeGreaterThanOrEqual(1);
    expect(b.sequential.fullPath).toBe(a.sequential.planned + 1);
    expect(a.answers).toEqual(b.answers);
    expect(a.answers).toContain('BONUS_MAX_BET');
    const oa = await outcome(oneCall, a.players);
    const ob = await outcome(full, b.players);
    expect(oa.ledger).toEqual(ob.ledger);
    expect(oa.bonusRows).toEqual(ob.bonusRows);
    expect(oa.wagers).toEqual(ob.wagers);
    expect(oa.points).toEqual(ob.points);
    expect(oa.totals).toEqual(ob.totals);
    expect(oa.walletRows).toEqual(ob.walletRows);
    expect(oa.balances).toEqual(ob.balances);
    // Rounds of the sequential players match one for one (the parallel player's balances before
    // and after depend on the order its rounds ran in).
    const sequentialRounds = (o: typeof oa) => o.rounds.filter((r) => !r.round.startsWith('P3'));
    expect(sequentialRounds(oa)).toEqual(sequentialRounds(ob));
    expect(oa.rounds.map(({ balance_before: _b, balance_after: _a, ...r }) => r)).toEqual(
      ob.rounds.map(({ balance_before: _b, balance_after: _a, ...r }) => r),
    );
    // The scenario did what it says: a conversion capped at its maximum, a depletion, a stake
    // partly paid by bonus money, wins and losses paid from bonus money.
    const rows = new Map(oa.bonusRows.map((r) => [r.bonus, r]));
    expect(rows.get('P0-bonus')).toMatchObject({
      status: 'completed',
      converted_minor: 300n,
      finish_reason: 'wagered',
    });
    expect(rows.get('P0-bonus')!.forfeited_minor).toBeGreaterThan(0n);
    expect(rows.get('P1-bonus')).toMatchObject({
      status: 'forfeited',
      finish_reason: 'depleted',
      balance_minor: 0n,
    });
    expect(oa.wagers.some((w) => w.covered_minor > 0n && w.covered_minor < w.stake_minor)).toBe(true);
    expect(oa.ledger.some((t) => t.reason === 'bonus_win')).toBe(true);
    expect(oa.ledger.some((t) => t.key.startsWith('bonus:convert-rest:'))).toBe(true);
    expect(oa.rounds.some((r) => r.payout === 0n)).toBe(true);
    for (const w of [oneCall, full]) expect((await w.t.ledger.check()).differences).toEqual([]);
  });
});
