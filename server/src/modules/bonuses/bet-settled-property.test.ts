/**
 * What bet_settled campaigns can pay, for random campaigns and random settled bets (won, lost,
 * void, cashed out, resettled), processed by concurrent worker passes and replays: each grant is
 * for a bet that qualifies by the campaign's rules (checked here independently of the domain
 * function), once per bet, worth the rule's amount (a match: stake × percent up to its cap; a free
 * bet: its amount), never more grants per player than the limit nor more money than the budget, and
 * no qualifying bet left ungranted while the limits had room. The match converts at once, so each
 * player's real balance is exactly the sum of their match grants; the ledger check runs after.
 */
import { describe, expect, it } from 'vitest';
import { hookBonuses } from './index.ts';
import { type BonusTestApp, balanceOf, newPlayer, setUpBonusTestApp } from './test-support.ts';

let t: BonusTestApp;
setUpBonusTestApp((app) => {
  t = app;
});

/** mulberry32: the same seed, the same campaigns and bets. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { int, pick };
}

interface Bet {
  betId: bigint;
  userId: bigint;
  stakeMinor: bigint;
  payoutMinor: bigint;
  coefMilli: bigint;
  cashedOutStakeMinor: bigint;
}

interface Rules {
  kind: 'match' | 'free_bet';
  percentBp: number;
  capMinor: bigint;
  amountMinor: bigint;
  minStakeMinor: bigint;
  minOddsMilli: number;
  betResult: 'won' | 'lost' | null;
  perPlayer: number;
  budgetMinor: bigint | null;
}

const qualifies = (r: Rules, b: Bet) =>
  b.cashedOutStakeMinor === 0n &&
  b.payoutMinor !== b.stakeMinor &&
  b.coefMilli >= BigInt(r.minOddsMilli) &&
  b.stakeMinor >= r.minStakeMinor &&
  (r.betResult === null || (r.betResult === 'won') === b.payoutMinor > b.stakeMinor);

const worth = (r: Rules, b: Bet) => {
  if (r.kind === 'free_bet') return r.amountMinor;
  const share = (b.stakeMinor * BigInt(r.percentBp)) / 10_000n;
  return share < r.capMinor ? share : r.capMinor;
};

let nextBet = 90_000_000n;

describe('bet_settled grants, property', () => {
  it('pay only qualifying bets, once, at the rule amount, within the per-player limit and the budget', async () => {
    const betting = {
      settlementHooks: {
        recordSettlement: async (_trx: unknown, _o: unknown) => {},
        releaseStake: async () => {},
      },
    };
    hookBonuses(t.bonuses, { settlement: betting as never });
    const settle = (b: Bet) =>
      t.ledger.transaction((trx) =>
        betting.settlementHooks.recordSettlement(trx as never, { ...b, currency: 'RUB' } as never),
      );

    let grants = 0;
    for (let seed = 1; seed <= 10; seed += 1) {
      const rnd = random(seed * 7919);
      const rules: Rules = {
        kind: seed % 2 === 0 ? 'free_bet' : 'match',
        percentBp: rnd.int(10, 100) * 100,
        capMinor: BigInt(rnd.int(5, 300) * 100),
        amountMinor: BigInt(rnd.int(1, 50) * 1000),
        minStakeMinor: BigInt(rnd.pick([0, 1000, 5000])),
        minOddsMilli: rnd.pick([1000, 1500, 2000]),
        betResult: rnd.pick(['won', 'lost', null] as const),
        perPlayer: rnd.int(1, 5),
        budgetMinor: rnd.pick([null, BigInt(rnd.int(100, 2000) * 100)]),
      };
      const code = `prop-bet-${seed}-${process.pid}`;
      const campaign = await t.bonuses.createCampaign({
        code,
        category: 'bukmaker',
        trigger: 'bet_settled',
        title: { ru: code, en: code },
        conditions: {
          minStakeMinor: String(rules.minStakeMinor),
          ...(rules.betResult ? { betResult: rules.betResult } : {}),
        },
        reward:
          rules.kind === 'match'
            ? { kind: 'match', percentBp: rules.percentBp, capMinor: String(rules.capMinor) }
            : { kind: 'free_bet', amountMinor: String(rules.amountMinor) },
        wagering: { multiple: 0, minOddsMilli: rules.minOddsMilli },
        limits: {
          perPlayer: rules.perPlayer,
          ...(rules.budgetMinor === null ? {} : { budgetMinor: String(rules.budgetMinor) }),
        },
      });
      const players = [await newPlayer(t), await newPlayer(t), await newPlayer(t)].map((p) => p.userId);
      const bets: Bet[] = [];
      for (let n = 0; n < 20; n += 1) {
        const stakeMinor = BigInt(rnd.int(5, 500) * 100);
        const coefMilli = BigInt(rnd.int(1050, 5000));
        const result = rnd.pick(['won', 'lost', 'lost', 'void', 'cashed'] as const);
        const bet: Bet = {
          betId: nextBet++,
          userId: rnd.pick(players),
          stakeMinor,
          coefMilli,
          payoutMinor:
            result === 'won' ? (stakeMinor * coefMilli) / 1000n : result === 'void' ? stakeMinor : 0n,
          cashedOutStakeMinor: result === 'cashed' ? stakeMinor : 0n,
        };
        bets.push(bet);
        await settle(bet);
        // A resettlement with another result: the first record stands.
        if (rnd.int(0, 3) === 0)
          await settle({ ...bet, payoutMinor: bet.payoutMinor === 0n ? stakeMinor * 2n : 0n });
      }

      // Concurrent worker passes of random sizes, then replays.
      await Promise.all([
        t.bonuses.processBetEvents(rnd.int(1, 6)),
        t.bonuses.processBetEvents(rnd.int(1, 6)),
        t.bonuses.processBetEvents(rnd.int(1, 12)),
      ]);
      await Promise.all([t.bonuses.processBetEvents(), t.bonuses.processBetEvents()]);
      await t.bonuses.processBetEvents();

      const granted = await t.db
        .selectFrom('bonus_player_bonuses')
        .select(['user_id', 'grant_key', 'amount_minor', 'kind'])
        .where('campaign_id', '=', campaign.id)
        .execute();
      const byId = new Map(bets.map((b) => [`bet:${campaign.id}:${b.betId}`, b]));
      const context = JSON.stringify({ seed, rules }, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
      expect(new Set(granted.map((g) => g.grant_key)).size, context).toBe(granted.length);
      grants += granted.length;
      let total = 0n;
      for (const g of granted) {
        const bet = byId.get(g.grant_key);
        expect(bet, context).toBeDefined();
        expect(bet!.userId, context).toBe(g.user_id);
        expect(qualifies(rules, bet!), `${context} ${g.grant_key}`).toBe(true);
        expect(g.amount_minor, context).toBe(worth(rules, bet!));
        expect(g.kind, context).toBe(rules.kind === 'match' ? 'money' : 'free_bet');
        total += g.amount_minor;
      }
      if (rules.budgetMinor !== null) expect(total <= rules.budgetMinor, context).toBe(true);
      for (const userId of players) {
        const mine = granted.filter((g) => g.user_id === userId);
        expect(mine.length, context).toBeLessThanOrEqual(rules.perPlayer);
        // No qualifying bet left out while the player's limit and the budget had room for it.
        const missed = bets.filter(
          (b) => b.userId === userId && qualifies(rules, b) && !mine.some((g) => byId.get(g.grant_key) === b),
        );
        for (const b of missed) {
          const roomLeft = mine.length < rules.perPlayer;
          const budgetRoom = rules.budgetMinor === null || total + worth(rules, b) <= rules.budgetMinor;
          expect(roomLeft && budgetRoom, `${context} bet ${b.betId} missed`).toBe(false);
        }
        const matched = mine.filter((g) => g.kind === 'money').reduce((s, g) => s + g.amount_minor, 0n);
        expect(await balanceOf(t, userId, 0), context).toBe(matched);
      }
      const unprocessed = await t.db
        .selectFrom('bonus_bet_events')
        .select('bet_id')
        .where('processed_at', 'is', null)
        .execute();
      expect(unprocessed, context).toEqual([]);
      await t.bonuses.setStatus(code, 'paused');
    }
    // Not vacuous: the random campaigns granted something.
    expect(grants).toBeGreaterThan(5);
  }, 600_000);
});
