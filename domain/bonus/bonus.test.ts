import { describe, expect, it } from 'vitest';
import { SimulationSource } from '../casino/fair/fast-source.ts';
import { type CampaignDefinition, campaignJson, parseCampaign, type Reward } from './campaign.ts';
import { DEFAULT_JURISDICTION, type PlayerFacts, refusalOf } from './eligibility.ts';
import {
  addProgress,
  bonusShareMinor,
  contributionMinor,
  conversionMinor,
  effectiveMultiple,
  isAboveMaxBet,
  isMixedProduct,
  productOfEngine,
  requirementMinor,
  rewardMinor,
} from './wagering.ts';

const WELCOME = {
  code: 'welcome-100',
  category: 'first_deposit',
  trigger: 'first_deposit',
  title: { ru: 'Бонус 100 %', en: '100 % bonus' },
  conditions: { currencies: ['RUB'], minDepositMinor: '10000' },
  reward: { kind: 'match', percentBp: 10000, capMinor: '1000000' },
  wagering: { multiple: 35, basis: 'bonus', maxBetMinor: '50000', maxConversionMinor: '2000000' },
};

function welcome(): CampaignDefinition {
  const parsed = parseCampaign(WELCOME);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

const PLAYER: PlayerFacts = {
  country: 'ru',
  currency: 'RUB',
  segments: [],
  selfExcluded: false,
  marketingAllowed: true,
  depositMinor: 50_000n,
  claimed: 0,
  explicit: false,
};

describe('campaign definitions', () => {
  it('parses a campaign with defaults and round-trips through JSON', () => {
    const d = welcome();
    expect(d.nth).toBe(1);
    expect(d.wagering.minOddsMilli).toBe(1500);
    expect(d.wagering.contributionBp).toEqual({ sports: 10000, slots: 10000, table: 1000, instant: 10000 });
    expect(d.limits).toEqual({ perPlayer: 1, budgetMinor: null, startsAt: null, endsAt: null });
    const again = parseCampaign(campaignJson(d));
    expect(again).toEqual({ ok: true, value: d });
  });

  it.each([
    [{ ...WELCOME, code: 'X' }, 'code'],
    [{ ...WELCOME, trigger: 'birthday' }, 'trigger'],
    [{ ...WELCOME, category: 'all_bonuses' }, 'category'],
    [{ ...WELCOME, reward: { kind: 'match', percentBp: 0, capMinor: '1' } }, 'reward.percentBp'],
    [{ ...WELCOME, reward: { kind: 'fixed', amountMinor: '-5' } }, 'reward.amountMinor'],
    [{ ...WELCOME, reward: { kind: 'free_spins', count: 10, games: [], stakeMinor: '100' } }, 'reward.games'],
    [{ ...WELCOME, wagering: { multiple: 101 } }, 'wagering.multiple'],
    [{ ...WELCOME, wagering: { contributionBp: { poker: 5 } } }, 'wagering.contributionBp.poker'],
    [{ ...WELCOME, limits: { startsAt: '2026-02-01', endsAt: '2026-01-01' } }, 'limits.endsAt'],
    [{ ...WELCOME, conditions: { products: ['lotto'] } }, 'conditions.products'],
  ])('refuses %j at %s', (input, path) => {
    const parsed = parseCampaign(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.map((p) => p.path)).toContain(path);
  });
});

describe('reward, requirement, contribution, conversion', () => {
  it.each([
    [{ kind: 'match', percentBp: 10000, capMinor: 1_000_000n }, 50_000n, 50_000n],
    [{ kind: 'match', percentBp: 10000, capMinor: 1_000_000n }, 5_000_000n, 1_000_000n],
    [{ kind: 'match', percentBp: 5000, capMinor: 1_000_000n }, 333n, 166n],
    [{ kind: 'fixed', amountMinor: 500n }, 0n, 500n],
    [{ kind: 'free_spins', count: 3, games: ['slot-classic'], stakeMinor: 10n }, 0n, 0n],
  ] as [Reward, bigint, bigint][])('reward case %#', (reward, deposit, expected) => {
    expect(rewardMinor(reward, deposit)).toBe(expected);
  });

  it('requirement is multiple × basis, capped by the jurisdiction maximum', () => {
    expect(requirementMinor({ multiple: 35, basis: 'bonus' }, 1000n, 500n, 0)).toBe(35_000n);
    expect(requirementMinor({ multiple: 35, basis: 'bonus_deposit' }, 1000n, 500n, 0)).toBe(52_500n);
    expect(requirementMinor({ multiple: 35, basis: 'bonus' }, 1000n, 500n, 10)).toBe(10_000n);
    expect(requirementMinor({ multiple: 5, basis: 'bonus' }, 1000n, 500n, 10)).toBe(5_000n);
    expect(effectiveMultiple({ multiple: 40 }, 10)).toBe(10);
  });

  it('contribution by product, sports only at the minimum odds', () => {
    const w = welcome().wagering;
    expect(contributionMinor(w, 'slots', 1000n, null)).toBe(1000n);
    expect(contributionMinor(w, 'table', 1000n, null)).toBe(100n);
    expect(contributionMinor(w, 'sports', 1000n, 1500)).toBe(1000n);
    expect(contributionMinor(w, 'sports', 1000n, 1499)).toBe(0n);
    expect(contributionMinor(w, 'sports', 1000n, null)).toBe(0n);
    expect(contributionMinor(w, 'slots', -5n, null)).toBe(0n);
    expect(contributionMinor({ ...w, contributionBp: {} }, 'slots', 1000n, null)).toBe(0n);
  });

  it('conversion, max bet, bonus share, products', () => {
    expect(conversionMinor(5000n, 0n)).toBe(5000n);
    expect(conversionMinor(5000n, 2000n)).toBe(2000n);
    expect(conversionMinor(-1n, 2000n)).toBe(0n);
    expect(isAboveMaxBet(501n, 500n)).toBe(true);
    expect(isAboveMaxBet(500n, 500n)).toBe(false);
    expect(isAboveMaxBet(10n ** 12n, 0n)).toBe(false);
    expect(bonusShareMinor(3000n, 500n, 1000n)).toBe(1500n);
    expect(bonusShareMinor(3000n, 5000n, 1000n)).toBe(3000n);
    expect(bonusShareMinor(0n, 500n, 1000n)).toBe(0n);
    expect(productOfEngine('slot-fruits')).toBe('slots');
    expect(productOfEngine('blackjack')).toBe('table');
    expect(productOfEngine('roulette')).toBe('table');
    expect(productOfEngine('dice')).toBe('instant');
    expect(isMixedProduct(['sports', 'slots'])).toBe(true);
    expect(isMixedProduct(['slots', 'table'])).toBe(false);
  });
});

describe('eligibility', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it.each([
    [{}, {}, {}, null],
    [{}, { country: 'de' }, {}, null],
    [{ conditions: { countries: ['ru'] } }, { country: 'de' }, {}, 'country'],
    [{}, { currency: 'USD' }, {}, 'currency'],
    [{}, { depositMinor: 9_999n }, {}, 'min_deposit'],
    [{}, { claimed: 1 }, {}, 'already_claimed'],
    [{ limits: { budgetMinor: '59999' } }, {}, {}, 'budget'],
    [{ limits: { endsAt: '2026-05-01T00:00:00Z' } }, {}, {}, 'ended'],
    [{ limits: { startsAt: '2026-07-01T00:00:00Z' } }, {}, {}, 'not_started'],
    [{}, { selfExcluded: true }, {}, 'self_excluded'],
    [{}, { marketingAllowed: false }, {}, null],
    [{}, { marketingAllowed: false }, { noBonusesWithoutMarketing: true }, 'marketing'],
    [{}, {}, { optInRequired: true }, 'opt_in_required'],
    [{}, { explicit: true }, { optInRequired: true }, null],
    [{ conditions: { products: ['sports', 'slots'] } }, {}, { noMixedProducts: true }, 'mixed_products'],
    [{ conditions: { segments: ['vip'] } }, {}, {}, 'segment'],
  ] as const)('eligibility case %#', (over, player, jur, expected) => {
    const parsed = parseCampaign({
      ...WELCOME,
      ...over,
      conditions: { ...WELCOME.conditions, ...((over as { conditions?: object }).conditions ?? {}) },
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const facts = { ...PLAYER, ...player };
    const amount = rewardMinor(parsed.value.reward, facts.depositMinor ?? 0n);
    expect(
      refusalOf(parsed.value, 'active', 10_000n, amount, facts, { ...DEFAULT_JURISDICTION, ...jur }, now),
    ).toBe(expected);
  });

  it('a paused campaign is refused', () => {
    expect(refusalOf(welcome(), 'paused', 0n, 1n, PLAYER, DEFAULT_JURISDICTION, 0)).toBe('paused');
  });
});

describe('properties over generated inputs (seeded)', () => {
  const rnd = new SimulationSource(20_2026);
  const big = (max: number) => BigInt(rnd.nextUint32() % max);

  it('progress never exceeds the requirement; conversion is at most the balance and the maximum', () => {
    for (let i = 0; i < 2000; i++) {
      const multiple = rnd.nextUint32() % 60;
      const jMax = rnd.nextUint32() % 3 === 0 ? 10 : 0;
      const bonus = big(1_000_000);
      const deposit = big(1_000_000);
      const basis = rnd.nextUint32() % 2 === 0 ? 'bonus' : 'bonus_deposit';
      const requirement = requirementMinor({ multiple, basis }, bonus, deposit, jMax);
      if (jMax > 0) expect(requirement).toBeLessThanOrEqual((bonus + deposit) * 10n);
      let progress = 0n;
      const w = welcome().wagering;
      for (let s = 0; s < 20; s++) {
        const products = ['sports', 'slots', 'table', 'instant'] as const;
        const product = products[rnd.nextUint32() % 4]!;
        const add = contributionMinor(w, product, big(200_000) - 1000n, 1000 + (rnd.nextUint32() % 3000));
        const next = addProgress(progress, add, requirement);
        expect(next).toBeGreaterThanOrEqual(progress);
        expect(next).toBeLessThanOrEqual(requirement);
        progress = next;
      }
      const balance = big(3_000_000) - 1_000_000n;
      const max = big(2_000_000);
      const paid = conversionMinor(balance, max);
      expect(paid).toBeGreaterThanOrEqual(0n);
      expect(paid <= (balance > 0n ? balance : 0n)).toBe(true);
      if (max > 0n) expect(paid).toBeLessThanOrEqual(max);
      const staked = big(100_000);
      const covered = big(100_000);
      const payout = big(10_000_000);
      const share = bonusShareMinor(payout, covered, staked);
      expect(share >= 0n && share <= payout).toBe(true);
    }
  });
});
