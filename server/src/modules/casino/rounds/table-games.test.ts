/**
 * Sic bo and baccarat through the server: a table of several bets is one round (one stake, one win
 * transfer), the payout is the replay's, the balance moves by exactly stake and payout, and the
 * ledger's invariants hold after every test. The lobby lists them in their sections.
 */
import { BACCARAT_GAME } from '@parlay/domain/casino/baccarat/game.ts';
import { SIC_BO_GAME } from '@parlay/domain/casino/sic-bo/game.ts';
import { describe, expect, it } from 'vitest';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from '../catalogue/catalogue-service.ts';
import { rebuildLobby } from '../catalogue/rebuild-lobby.ts';
import {
  balanceOf,
  CASINO_API,
  type CasinoTestApp,
  fundedPlayer,
  newKey,
  roundTransfers,
  setUpCasinoTestApp,
  storedSeeds,
} from '../test-support.ts';
import { replayRound } from './round-view.ts';

const SIC_BO_ID = 1021;
const BACCARAT_ID = 1022;
const ROUNDS = `${CASINO_API}/rounds`;

let t: CasinoTestApp;
setUpCasinoTestApp((app) => {
  t = app;
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;
const open = (p: Player, body: Record<string, unknown>) =>
  p.client.post(ROUNDS, { mode: 'real', ...body }, { 'idempotency-key': newKey() });

describe('table games through the rounds', () => {
  it('sic bo: rounds of a four-bet table each debit the whole table once and pay the replay’s payout', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const params = {
      bets: [
        { kind: 'small', amountMinor: '1000' },
        { kind: 'total', number: 9, amountMinor: '300' },
        { kind: 'single', number: 2, amountMinor: '500' },
        { kind: 'any-triple', amountMinor: '200' },
      ],
    };
    let expected = 1_000_000n;
    for (let i = 0; i < 12; i += 1) {
      const res = await open(p, { gameId: SIC_BO_ID, stakeMinor: '2000', params });
      expect(res.statusCode, res.body).toBe(200);
      const round = res.json();
      expect(round.status).toBe('finished');
      const seeds = await storedSeeds(t, round.roundId);
      const replay = replayRound(
        SIC_BO_GAME,
        { params: SIC_BO_GAME.parseParams(params), stakeMinor: 2000n, actions: [] },
        seeds,
      );
      expect(round.payoutMinor).toBe(replay.payoutMinor.toString());
      expect(round.view).toEqual(replay.view);
      const payout = BigInt(round.payoutMinor);
      expect(payout).toBeLessThanOrEqual(2000n * 31n);
      expect(await roundTransfers(t, round.roundId)).toEqual([
        `casino:${round.roundId}:stake casino_stake`,
        ...(payout > 0n ? [`casino:${round.roundId}:win casino_win`] : []),
      ]);
      expected += payout - 2000n;
    }
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(expected);
  });

  it('baccarat: player, banker and tie on one table; a push pays the stake back; banker wins round down', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const params = {
      bets: [
        { kind: 'player', amountMinor: '1001' },
        { kind: 'banker', amountMinor: '1001' },
        { kind: 'tie', amountMinor: '100' },
      ],
    };
    let expected = 1_000_000n;
    for (let i = 0; i < 12; i += 1) {
      const res = await open(p, { gameId: BACCARAT_ID, stakeMinor: '2102', params });
      expect(res.statusCode, res.body).toBe(200);
      const round = res.json();
      const view = round.view as { winner: string; bets: { kind: string; payoutMinor: string }[] };
      const paid = Object.fromEntries(view.bets.map((b) => [b.kind, b.payoutMinor]));
      if (view.winner === 'player') expect(paid).toEqual({ player: '2002', banker: '0', tie: '0' });
      if (view.winner === 'banker') expect(paid).toEqual({ player: '0', banker: '1951', tie: '0' }); // 1001 × 1.95 = 1951.95
      if (view.winner === 'tie') expect(paid).toEqual({ player: '1001', banker: '1001', tie: '900' });
      const seeds = await storedSeeds(t, round.roundId);
      const replay = replayRound(
        BACCARAT_GAME,
        { params: BACCARAT_GAME.parseParams(params), stakeMinor: 2102n, actions: [] },
        seeds,
      );
      expect(round.payoutMinor).toBe(replay.payoutMinor.toString());
      expected += BigInt(round.payoutMinor) - 2102n;
    }
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(expected);
  });

  it('refuses a table whose amounts do not add up to the stake, and moves nothing', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const res = await open(p, {
      gameId: BACCARAT_ID,
      stakeMinor: '1500',
      params: {
        bets: [
          { kind: 'player', amountMinor: '1000' },
          { kind: 'tie', amountMinor: '100' },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CASINO_RULE');
    expect(await balanceOf(t, p.userId, p.accountId)).toBe(10_000n);
  });
});

describe('the lobby sections', () => {
  const slugs = async (section: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${CASINO_API}/lobby?section=${section}&limit=100`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().games as { slug: string }[]).map((g) => g.slug);
  };

  it('asian-games lists sic bo and baccarat, card-games baccarat, poker video poker', async () => {
    expect(await slugs('asian-games')).toEqual(expect.arrayContaining(['sic-bo', 'baccarat']));
    expect(await slugs('card-games')).toEqual(
      expect.arrayContaining(['baccarat', 'blackjack', 'jacks-or-better']),
    );
    expect(await slugs('poker')).toContain('jacks-or-better');
  });

  it('the poker section also lists every game of the poker category (a provider’s table poker)', async () => {
    expect(await slugs('poker')).not.toContain('baccarat');
    // Baccarat stands in for a provider's poker table filed under the category only.
    await t.db
      .updateTable('casino_games')
      .set({ categories: ['table', 'cards', 'poker'] })
      .where('slug', '=', 'baccarat')
      .execute();
    await rebuildLobby(t.db);
    await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
    const poker = await slugs('poker');
    expect(poker).toEqual(expect.arrayContaining(['jacks-or-better', 'baccarat']));
    expect(new Set(poker).size).toBe(poker.length);
    await t.db
      .updateTable('casino_games')
      .set({ categories: ['table', 'cards'] })
      .where('slug', '=', 'baccarat')
      .execute();
    await rebuildLobby(t.db);
    await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
    expect(await slugs('poker')).not.toContain('baccarat');
  });
});
