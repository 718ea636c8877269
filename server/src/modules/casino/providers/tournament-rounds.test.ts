/**
 * Tournaments score game providers' rounds (the demo studio's and any studio's over the seamless
 * wallet), as the app wires it: a round counts once it is closed — by the provider's signed
 * end-round call, or by the workers' sweep of rounds left open — with its stakes and payout; a
 * repeated end-round counts nothing again; a round without a stake counts nothing; an in-house round
 * of the same number is another round (keys in-house:<id> and provider:<provider>:<ref>).
 */
import { describe, expect, it } from 'vitest';
import {
  createTournament,
  createTournamentsContext,
  scoreRound,
  type TournamentsContext,
} from '../../tournaments/index.ts';
import type { FinishedRound } from '../index.ts';
import { sweepOpenRounds } from './sweep.ts';
import {
  type ProviderTestApp,
  playerSession,
  SLOT_ID,
  setUpProviderTestApp,
  signedCall,
} from './test-support.ts';

let t: ProviderTestApp;
let ctx: TournamentsContext;
setUpProviderTestApp((app) => {
  t = app;
  ctx = createTournamentsContext(t.deps, { ledger: t.ledger });
});

let tx = 1;
const txId = () => `tour-tx-${process.pid}-${tx++}`;

async function scores(tournamentId: string) {
  return t.db
    .selectFrom('tournament_scores')
    .select(['user_id', 'score', 'rounds'])
    .where('tournament_id', '=', BigInt(tournamentId))
    .orderBy('user_id')
    .execute();
}

describe('tournaments and provider rounds', () => {
  it('counts a provider round once when its end-round call closes it, and a swept round too', async () => {
    const tournament = await createTournament(ctx, {
      nameRu: 'Слоты студий',
      nameEn: 'Studio slots',
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.nowMs() + 2 * 3_600_000),
      gameIds: [SLOT_ID],
      scoring: 'wagered',
      currency: 'RUB',
      prizesMinor: [10_000n],
      optInRequired: false,
    });
    const s = await playerSession(t, 100_000n);
    const call = (action: string, body: Record<string, unknown>) =>
      signedCall(t, action, { sessionToken: s.sessionToken, ...body });

    // Round 1: two bets and a win, then the end-round (twice).
    expect((await call('bet', { transactionId: txId(), roundId: 'r1', amount: '10.00' })).status).toBe(200);
    expect((await call('bet', { transactionId: txId(), roundId: 'r1', amount: '5.00' })).status).toBe(200);
    expect((await call('win', { transactionId: txId(), roundId: 'r1', amount: '30.00' })).status).toBe(200);
    expect(await scores(tournament.id)).toEqual([]);
    expect((await call('end-round', { roundId: 'r1' })).status).toBe(200);
    expect((await call('end-round', { roundId: 'r1' })).status).toBe(200);
    expect(await scores(tournament.id)).toEqual([{ user_id: s.userId, score: 1_500n, rounds: 1 }]);

    // A round closed with no stake (only an end-round) counts nothing.
    expect((await call('end-round', { roundId: 'r-empty' })).status).toBe(200);
    expect(await scores(tournament.id)).toEqual([{ user_id: s.userId, score: 1_500n, rounds: 1 }]);

    // Round 2 is left open: the sweep closes it after the timeout and it counts then, once.
    expect((await call('bet', { transactionId: txId(), roundId: 'r2', amount: '20.00' })).status).toBe(200);
    t.clock.advance(61 * 60_000);
    const told: FinishedRound[] = [];
    const sweepDeps = {
      ledger: t.ledger,
      clock: t.clock,
      limits: t.limits,
      wallet: t.seamless,
      finished: async (round: FinishedRound) => {
        told.push(round);
        await scoreRound(ctx, round);
      },
    };
    expect(await sweepOpenRounds(sweepDeps)).toBe(1);
    expect(await sweepOpenRounds(sweepDeps)).toBe(0);
    expect(told).toEqual([
      expect.objectContaining({
        roundKey: 'provider:acme-studio:r2',
        gameId: SLOT_ID,
        stakedMinor: 2_000n,
        payoutMinor: 0n,
      }),
    ]);
    expect(await scores(tournament.id)).toEqual([{ user_id: s.userId, score: 3_500n, rounds: 2 }]);

    // An in-house round of the same number is another round.
    await scoreRound(ctx, { ...told[0]!, roundKey: 'in-house:2', stakedMinor: 100n });
    await scoreRound(ctx, { ...told[0]!, roundKey: 'in-house:2', stakedMinor: 100n });
    expect(await scores(tournament.id)).toEqual([{ user_id: s.userId, score: 3_600n, rounds: 3 }]);
  });
});
