import { describe, expect, it } from 'vitest';
import { type BetTriggerRefusal, betTriggerRefusal, type SettledBetFacts } from './bet-trigger.ts';
import { type CampaignDefinition, parseCampaign } from './campaign.ts';

const CREATED = Date.parse('2026-06-01T12:00:00Z');

function campaign(conditions: Record<string, unknown> = {}, limits: Record<string, unknown> = {}) {
  const parsed = parseCampaign({
    code: 'bet-trigger',
    category: 'bukmaker',
    trigger: 'bet_settled',
    title: { en: 'Bet and get' },
    conditions,
    reward: { kind: 'free_bet', amountMinor: '50000' },
    wagering: { multiple: 0, minOddsMilli: 2000 },
    limits,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

const BET: SettledBetFacts = {
  stakeMinor: 100_00n,
  payoutMinor: 0n,
  coefMilli: 2500,
  cashedOutStakeMinor: 0n,
  settledAtMs: CREATED + 60_000,
};

describe('a settled bet and a bet_settled campaign', () => {
  it.each<[string, CampaignDefinition, Partial<SettledBetFacts>, BetTriggerRefusal | null]>([
    ['a lost bet at 2.50', campaign(), {}, null],
    ['a won bet at 2.50', campaign(), { payoutMinor: 250_00n }, null],
    ['exactly the minimum odds', campaign(), { coefMilli: 2000 }, null],
    ['below the minimum odds', campaign(), { coefMilli: 1999 }, 'odds'],
    ['odds unknown', campaign(), { coefMilli: null }, 'odds'],
    ['a void bet (paid its stake back)', campaign(), { payoutMinor: 100_00n }, 'void'],
    ['cashed out in part', campaign(), { cashedOutStakeMinor: 1n, payoutMinor: 50_00n }, 'cashed_out'],
    ['below the minimum stake', campaign({ minStakeMinor: '10001' }), {}, 'stake'],
    ['at the minimum stake', campaign({ minStakeMinor: '10000' }), {}, null],
    ['lost-only and the bet won', campaign({ betResult: 'lost' }), { payoutMinor: 250_00n }, 'result'],
    ['lost-only and a system paid back less', campaign({ betResult: 'lost' }), { payoutMinor: 40_00n }, null],
    ['won-only and the bet lost', campaign({ betResult: 'won' }), {}, 'result'],
    ['settled before the campaign existed', campaign(), { settledAtMs: CREATED - 1 }, 'window'],
    [
      'settled before startsAt',
      campaign({}, { startsAt: '2026-06-02T00:00:00Z' }),
      { settledAtMs: Date.parse('2026-06-01T23:59:59Z') },
      'window',
    ],
    ['settled at endsAt', campaign({}, { endsAt: '2026-06-01T12:01:00Z' }), {}, 'window'],
  ])('%s', (_name, d, bet, expected) => {
    expect(betTriggerRefusal(d, { ...BET, ...bet }, CREATED)).toBe(expected);
  });

  it('betResult is checked when parsed', () => {
    const bad = parseCampaign({
      code: 'bad-result',
      category: 'bukmaker',
      trigger: 'bet_settled',
      title: { en: 'x' },
      conditions: { betResult: 'draw' },
      reward: { kind: 'fixed', amountMinor: '1' },
    });
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(['conditions.betResult']);
    expect(campaign().conditions).toMatchObject({ betResult: 'any', minStakeMinor: 0n });
  });
});
