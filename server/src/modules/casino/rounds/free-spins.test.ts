/**
 * Free spins played in the casino (issue 20) over the whole app (PGlite, ManualClock, the bonus
 * engine wired into the casino as in app.ts): POST /rounds with freeSpinBonusId plays a spin of the
 * player's free spins at the campaign's stake without touching the player's money, pays its win as
 * bonus money exactly once (replays, duplicates), refuses a wrong game, a wrong stake, another
 * player's bonus, spins used up, an expired or forfeited bonus with nothing moved; GET /free-spins
 * lists the spins on a game. A fast-check property drives random sequences of all of these. The
 * ledger check runs after every test.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  BONUS_API,
  type BonusTestApp,
  balanceOf,
  newKey,
  newPlayer,
  setUpBonusTestApp,
} from '../../bonuses/test-support.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

const CASINO = '/web-api/casino/v1';
const SLOT_ID = 1007; // lucky-sevens, engine slot-classic (instant)
const OTHER_SLOT_ID = 1008; // fruit-storm, not named by the campaigns below
const BLACKJACK_ID = 1010; // a decisions game
const SPIN_STAKE = '1000';
const MIN_ROUND_MS = 2500;

let nextCampaign = 1;

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A free spins campaign on lucky-sevens (and blackjack, to test decisions games) opted in by a new player. */
async function spinsPlayer(count = 3, games: string[] = ['lucky-sevens', 'blackjack']) {
  const code = `fs-${process.pid}-${nextCampaign++}`;
  await t.bonuses.createCampaign({
    code,
    category: 'casino',
    trigger: 'opt_in',
    title: { ru: `Вращения ${code}`, en: `Spins ${code}` },
    terms: { ru: 'Условия', en: 'Terms' },
    reward: { kind: 'free_spins', count, games, stakeMinor: SPIN_STAKE },
    wagering: { multiple: 3, basis: 'bonus', expiryDays: 1 },
  });
  const p = await newPlayer(t);
  const opted = await p.client.post(
    `${BONUS_API}/offers/${code}/opt-in`,
    {},
    { 'idempotency-key': newKey() },
  );
  expect(opted.statusCode).toBe(200);
  return { ...p, bonusId: opted.json().bonus.id as string };
}

function spin(
  p: Player,
  bonusId: string,
  key = newKey(),
  over: { gameId?: number; stakeMinor?: string; mode?: string } = {},
) {
  // lucky-sevens' jurisdiction setting: a round at most every 2.5 s.
  t.clock.advance(MIN_ROUND_MS);
  return p.client.post(
    `${CASINO}/rounds`,
    {
      gameId: over.gameId ?? SLOT_ID,
      mode: over.mode ?? 'real',
      stakeMinor: over.stakeMinor ?? SPIN_STAKE,
      freeSpinBonusId: bonusId,
    },
    { 'idempotency-key': key },
  );
}

/** What the bonus account received for a bonus's free spins (ledger, by key). */
async function spinWinsPaid(bonusId: string): Promise<bigint> {
  const row = await sql<{ total: string | null }>`
    select sum(p.amount)::text as total from ledger_transfers tr
    join ledger_postings p on p.transfer_id = tr.id and p.amount > 0
    where tr.idempotency_key like ${`bonus:spin:${bonusId}:%`}`.execute(t.db);
  return BigInt(row.rows[0]?.total ?? '0');
}

async function playerRounds(userId: bigint) {
  return t.db
    .selectFrom('casino_rounds')
    .select(['id', 'payout', 'stake', 'status'])
    .where('user_id', '=', userId)
    .execute();
}

/** The bonus's expiry passes (the session stays: the clock does not move); the workers have not run yet. */
async function expire(bonusId: string) {
  await t.db
    .updateTable('bonus_player_bonuses')
    .set({ expires_at: new Date(t.clock.nowMs() - 1) })
    .where('id', '=', BigInt(bonusId))
    .execute();
}

async function bonusRow(bonusId: string) {
  return t.db
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('id', '=', BigInt(bonusId))
    .executeTakeFirstOrThrow();
}

describe('free spins in the casino', () => {
  it('lists the spins on a named game, plays them at the spin stake and pays wins as bonus money once', async () => {
    const p = await spinsPlayer(3);
    const real = await balanceOf(t, p.userId, 0);
    const listed = await p.client.get(`${CASINO}/free-spins?gameId=${SLOT_ID}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().freeSpins).toEqual([
      expect.objectContaining({ bonusId: p.bonusId, spinsLeft: 3, stakeMinor: SPIN_STAKE, currency: 'RUB' }),
    ]);
    expect((await p.client.get(`${CASINO}/free-spins?gameId=${OTHER_SLOT_ID}`)).json().freeSpins).toEqual([]);
    // Blackjack is named but has decisions: not offered.
    expect((await p.client.get(`${CASINO}/free-spins?gameId=${BLACKJACK_ID}`)).json().freeSpins).toEqual([]);

    const key = newKey();
    const first = await spin(p, p.bonusId, key);
    expect(first.statusCode).toBe(200);
    const round = first.json();
    expect(round).toMatchObject({
      status: 'finished',
      mode: 'real',
      stakeMinor: SPIN_STAKE,
      // The player's balance did not move.
      balanceBeforeMinor: real.toString(),
      balanceAfterMinor: real.toString(),
      freeSpin: { bonusId: p.bonusId, spinsLeft: 2, winMinor: round.payoutMinor },
    });
    // A replay of the same request answers the same round and pays nothing more.
    const again = await spin(p, p.bonusId, key);
    expect(again.json()).toEqual(round);
    expect(await spinWinsPaid(p.bonusId)).toBe(BigInt(round.payoutMinor));
    expect(await balanceOf(t, p.userId, 0)).toBe(real);
    expect(await balanceOf(t, p.userId, 4)).toBe(BigInt(round.payoutMinor));
    expect((await p.client.get(`${CASINO}/free-spins?gameId=${SLOT_ID}`)).json().freeSpins[0].spinsLeft).toBe(
      2,
    );

    const secondRes = await spin(p, p.bonusId);
    expect(secondRes.statusCode, secondRes.body).toBe(200);
    const second = secondRes.json();
    const third = (await spin(p, p.bonusId)).json();
    expect([second.freeSpin.spinsLeft, third.freeSpin.spinsLeft]).toEqual([1, 0]);
    const won = [round, second, third].reduce((s, r) => s + BigInt(r.payoutMinor), 0n);
    expect(await spinWinsPaid(p.bonusId)).toBe(won);
    expect(await balanceOf(t, p.userId, 4)).toBe(won);
    expect(await balanceOf(t, p.userId, 0)).toBe(real);
    // None left: the offer is gone and a fourth spin is refused.
    expect((await p.client.get(`${CASINO}/free-spins?gameId=${SLOT_ID}`)).json().freeSpins).toEqual([]);
    const fourth = await spin(p, p.bonusId);
    expect([fourth.statusCode, fourth.json().error]).toEqual([
      409,
      expect.objectContaining({ code: 'BONUS_NOT_ACTIVE', details: { reason: 'no_spins' } }),
    ]);
    const row = await bonusRow(p.bonusId);
    // The winnings became a money bonus with their own wagering (win × 3), or the spins ended as used.
    if (won > 0n) expect(row).toMatchObject({ kind: 'money', status: 'active', requirement_minor: won * 3n });
    else expect(row).toMatchObject({ status: 'used' });
    expect(await playerRounds(p.userId)).toHaveLength(3);
  });

  it('refuses a wrong game, a wrong stake, another player, demo mode and a guest, with nothing moved', async () => {
    const p = await spinsPlayer(2);
    const other = await newPlayer(t);
    const real = await balanceOf(t, p.userId, 0);
    const cases: [Awaited<ReturnType<typeof spin>>, number, string][] = [
      [await spin(p, p.bonusId, newKey(), { gameId: OTHER_SLOT_ID }), 422, 'CASINO_FREE_SPIN_GAME_MISMATCH'],
      [await spin(p, p.bonusId, newKey(), { gameId: BLACKJACK_ID }), 422, 'CASINO_FREE_SPIN_GAME_MISMATCH'],
      [await spin(p, p.bonusId, newKey(), { stakeMinor: '2000' }), 422, 'CASINO_FREE_SPIN_STAKE_MISMATCH'],
      [await spin(other, p.bonusId), 404, 'BONUS_NOT_FOUND'],
      [await spin(p, '999999999'), 404, 'BONUS_NOT_FOUND'],
      [await spin(p, p.bonusId, newKey(), { mode: 'demo' }), 400, 'VALIDATION_FAILED'],
    ];
    for (const [res, status, code] of cases)
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    expect(await playerRounds(p.userId)).toEqual([]);
    expect(await playerRounds(other.userId)).toEqual([]);
    expect(await spinWinsPaid(p.bonusId)).toBe(0n);
    expect(await balanceOf(t, p.userId, 0)).toBe(real);
    expect((await bonusRow(p.bonusId)).spins_left).toBe(2);
    // Another player cannot even see them; a guest is asked to sign in.
    expect((await other.client.get(`${CASINO}/free-spins?gameId=${SLOT_ID}`)).json().freeSpins).toEqual([]);
    const guest = await t.app.inject({ method: 'GET', url: `${CASINO}/free-spins?gameId=${SLOT_ID}` });
    expect([guest.statusCode, guest.json().error.code]).toEqual([401, 'NOT_AUTHENTICATED']);
  });

  it('an expired or forfeited bonus plays no spin', async () => {
    const expiring = await spinsPlayer(2);
    const forfeited = await spinsPlayer(2);
    expect(
      (
        await forfeited.client.post(
          `${BONUS_API}/my/${forfeited.bonusId}/forfeit`,
          {},
          { 'idempotency-key': newKey() },
        )
      ).statusCode,
    ).toBe(200);
    const gone = await spin(forfeited, forfeited.bonusId);
    expect([gone.statusCode, gone.json().error]).toEqual([
      409,
      expect.objectContaining({ code: 'BONUS_NOT_ACTIVE', details: { reason: 'forfeited' } }),
    ]);
    await expire(expiring.bonusId);
    // Past its expiry, before the workers' job ended it.
    const late = await spin(expiring, expiring.bonusId);
    expect([late.statusCode, late.json().error]).toEqual([
      409,
      expect.objectContaining({ code: 'BONUS_NOT_ACTIVE', details: { reason: 'expired' } }),
    ]);
    expect((await expiring.client.get(`${CASINO}/free-spins?gameId=${SLOT_ID}`)).json().freeSpins).toEqual(
      [],
    );
    await t.bonuses.runJobs();
    expect((await bonusRow(expiring.bonusId)).status).toBe('expired');
    expect(await playerRounds(expiring.userId)).toEqual([]);
    expect(await playerRounds(forfeited.userId)).toEqual([]);
  });

  it('two requests at once for the last spin: one plays it, the other is refused', async () => {
    const p = await spinsPlayer(1);
    const [a, b] = await Promise.all([spin(p, p.bonusId), spin(p, p.bonusId)]);
    const codes = [a, b].map((r) => (r.statusCode === 200 ? 'ok' : r.json().error.code)).sort();
    expect(codes).toEqual(['BONUS_NOT_ACTIVE', 'ok']);
    const won = BigInt((a.statusCode === 200 ? a : b).json().payoutMinor);
    expect(await spinWinsPaid(p.bonusId)).toBe(won);
    expect(await playerRounds(p.userId)).toHaveLength(1);
  });
});

type Step =
  | { kind: 'spin'; key: number }
  | { kind: 'duplicate'; key: number }
  | { kind: 'wrongGame' }
  | { kind: 'forfeit' }
  | { kind: 'expire' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('spin' as const), key: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), key: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrongGame' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'forfeit' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
);

describe('property: free spins pay exactly the wins of distinct played spins', () => {
  it('for any sequence of spins, replays, concurrent duplicates, wrong games, forfeit and expiry', async () => {
    let spinsPlayed = 0;
    let wonTotal = 0n;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(stepArb, { maxLength: 8 }),
        async (count, steps) => {
          const p = await spinsPlayer(count);
          const real = await balanceOf(t, p.userId, 0);
          const keys = Array.from({ length: 6 }, () => newKey());
          const played = new Map<string, bigint>();
          const codes = new Set<string>();
          const record = (res: Awaited<ReturnType<typeof spin>>) => {
            if (res.statusCode !== 200) {
              codes.add(res.json().error.code);
              return;
            }
            const round = res.json();
            expect(round.stakeMinor).toBe(SPIN_STAKE);
            const known = played.get(round.roundId);
            if (known !== undefined) expect(BigInt(round.payoutMinor)).toBe(known);
            played.set(round.roundId, BigInt(round.payoutMinor));
          };
          for (const step of steps) {
            if (step.kind === 'spin') record(await spin(p, p.bonusId, keys[step.key]));
            else if (step.kind === 'duplicate') {
              const key = keys[step.key];
              const both = await Promise.all([spin(p, p.bonusId, key), spin(p, p.bonusId, key)]);
              both.forEach(record);
              if (both[0].statusCode === 200 && both[1].statusCode === 200)
                expect(both[0].json().roundId).toBe(both[1].json().roundId);
            } else if (step.kind === 'wrongGame') {
              record(await spin(p, p.bonusId, newKey(), { gameId: OTHER_SLOT_ID }));
            } else if (step.kind === 'forfeit') {
              await p.client.post(
                `${BONUS_API}/my/${p.bonusId}/forfeit`,
                {},
                { 'idempotency-key': newKey() },
              );
            } else {
              await expire(p.bonusId);
              await t.bonuses.runJobs();
            }
          }
          // Only the refusals of a spin that may not be played (never an unexpected error).
          for (const code of codes)
            expect(['BONUS_NOT_ACTIVE', 'CASINO_FREE_SPIN_GAME_MISMATCH']).toContain(code);
          spinsPlayed += played.size;
          const wins = [...played.values()].reduce((s, w) => s + w, 0n);
          wonTotal += wins;
          const rounds = await playerRounds(p.userId);
          expect(rounds.map((r) => `${r.id}`).sort()).toEqual([...played.keys()].sort());
          expect(rounds.length).toBeLessThanOrEqual(count);
          expect(rounds.reduce((s, r) => s + r.payout, 0n)).toBe(wins);
          expect(await spinWinsPaid(p.bonusId)).toBe(wins);
          expect(await balanceOf(t, p.userId, 0)).toBe(real);
          expect((await t.ledger.check()).differences).toEqual([]);
        },
      ),
      { numRuns: 20, seed: 20_2611, endOnFailure: true },
    );
    // The sequences did play spins (not only refusals).
    expect(spinsPlayed).toBeGreaterThan(10);
    expect(wonTotal).toBeGreaterThan(0n);
  });
});
