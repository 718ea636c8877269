/**
 * What a wagering player's instant round costs (issue 20 Speed, docs/bonuses.md §4): the statements
 * of a round are counted — the one call of any instant round played on from the process's memory
 * (migration 0350) while its own bonus state is right — and a player with limits takes the full path each round without a stale call before it.
 */
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../accounts/index.ts';
import { createBonusService } from '../../bonuses/index.ts';
import { newKey } from '../../bonuses/test-support.ts';
import { createCasinoCatalogue } from '../catalogue/catalogue-service.ts';
import { createRoundsContext, playerOwner } from './context.ts';
import { startRound } from './start-round.ts';
import { bonusPlayer, dice, play, setUpOneCallWorld } from './test-support.ts';

describe('instant rounds with a bonus: what a round costs', () => {
  const oneCallWorld = setUpOneCallWorld();

  it('a wagering player playing on in one process costs the one call of any instant round', async () => {
    const w = oneCallWorld();
    // The rounds and the bonus engine over one database handle whose statements are counted.
    let statements = 0;
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        statements += 1;
        return args.result;
      },
    };
    const db = w.t.db.withPlugin(plugin);
    const ledger = new Ledger(db, w.t.clock);
    const bonuses = createBonusService(
      { db: { ...w.t.deps.db, db }, clock: w.t.clock, bus: w.t.deps.bus },
      { ledger, siteConfig: w.t.siteConfig, checks: w.t.limits },
    );
    const ctx = createRoundsContext({
      db,
      clock: w.t.clock,
      ledger,
      limits: w.t.limits,
      siteConfig: w.t.siteConfig,
      games: createCasinoCatalogue(w.t.deps).games,
      bonus: bonuses.casinoWallet,
    });
    const p = await bonusPlayer(w, 'parallel', 5);
    const owner = playerOwner(p.userId);
    // The first round reads the bonus (and warms the ledger's system accounts and the campaign).
    await startRound(ctx, owner, newKey(), dice(1000n, 5000));
    const before = statements;
    const round = await startRound(ctx, owner, newKey(), dice(1000n, 5000));
    const counted = statements - before;
    // casino_round_instant alone: the pair, account and round id are the ones this process's last
    // round left, and the bonus state is the one this process wrote.
    expect(counted).toBe(1);
    const wager = await w.t.db
      .selectFrom('bonus_wagers')
      .selectAll()
      .where('source', '=', 'casino')
      .where('ref', '=', `${round.roundId}:stake`)
      .executeTakeFirstOrThrow();
    expect(wager.covered_minor).toBe(1000n);
    // Changed behind its back (a settled bet): the call answers stale, the round and the bonus state
    // are read again (two statements) and the call made again.
    await w.t.ledger.transaction((trx) =>
      w.t.bonuses.betSettled(trx, {
        betId: 9_900_002n,
        userId: p.userId,
        currency: 'RUB',
        stakeMinor: 500n,
        coefMilli: 2000n,
      }),
    );
    const beforeStale = statements;
    const again = await startRound(ctx, owner, newKey(), dice(1000n, 5000));
    expect(statements - beforeStale).toBe(4);
    const row = await w.t.db
      .selectFrom('bonus_player_bonuses')
      .select(['progress_minor'])
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    // 3 rounds of 1000 and the bet's 500, each counted once.
    expect(row.progress_minor).toBe(3500n);
    expect(again.status).toBe('finished');
    expect((await w.t.ledger.check()).differences).toEqual([]);
  });

  it('a wagering player with limits plays the full path each round, without a stale call before it', async () => {
    const w = oneCallWorld();
    const p = await bonusPlayer(w, 'parallel', 6);
    // A 24 h loss limit (type 10) of 5,000.00: the instant call answers 'limits', the full path decides.
    expect(
      (
        await p.client.post('/limit-service-api/api/external/web/v3/limit', {
          limitType: 10,
          limitValue: 5000,
        })
      ).statusCode,
    ).toBe(200);
    const [fullBefore, freshBefore, plannedBefore] = [w.fullPath, w.freshReads, w.planned];
    for (let i = 0; i < 3; i++)
      expect(await play(w, p.userId, dice(1000n, 5000))).toMatchObject({ status: 'finished' });
    expect(w.fullPath - fullBefore).toBe(3);
    expect(w.planned - plannedBefore).toBe(0);
    // The full path's coverStake made the process forget its state: no round planned on a stale one.
    expect(w.freshReads - freshBefore).toBe(0);
    const wagers = await w.t.db
      .selectFrom('bonus_wagers as bw')
      .innerJoin('bonus_player_bonuses as b', 'b.id', 'bw.bonus_id')
      .select(['bw.covered_minor'])
      .where('b.user_id', '=', p.userId)
      .execute();
    expect(wagers.map((x) => x.covered_minor)).toEqual([1000n, 1000n, 1000n]);
  });
});
