import { parseCampaign } from '@parlay/domain/bonus/campaign.ts';
import { describe, expect, it } from 'vitest';
import {
  campaignOf,
  fieldOfPath,
  fromMinor,
  NEW_CAMPAIGN,
  problemIn,
  toMinor,
  valuesOf,
} from './BonusForm.tsx';

describe('the campaign form over the engine definition', () => {
  it('turns typed amounts into minor units and back; anything else goes as typed', () => {
    expect([toMinor('12'), toMinor('12.5'), toMinor('12,05'), toMinor(' 0 ')]).toEqual([
      '1200',
      '1250',
      '1205',
      '0',
    ]);
    expect([toMinor('lots'), toMinor('1.234'), toMinor('-5')]).toEqual(['lots', '1.234', '-5']);
    expect([fromMinor('1250'), fromMinor('1200'), fromMinor('5'), fromMinor(null)]).toEqual([
      '12.50',
      '12',
      '0.05',
      '',
    ]);
  });

  it('writes a definition the engine accepts, and reads it back to the same form', () => {
    const values = {
      ...NEW_CAMPAIGN,
      code: 'weekend-50',
      category: 'redeposit',
      trigger: 'nth_deposit',
      nth: '3',
      titleEn: 'Weekend',
      titleRu: 'Выходные',
      rewardKind: 'match',
      percent: '50',
      cap: '250.50',
      multiple: '5',
      basis: 'bonus_deposit',
      minOdds: '1.75',
      maxBet: '10',
      maxConversion: '0',
      expiryDays: '14',
      countries: 'DE, at',
      currencies: 'eur',
      products: 'sports, slots',
      minDeposit: '20',
      perPlayer: '2',
      budget: '10000',
      startsAt: '2026-12-05T10:00',
      endsAt: '2026-12-07T22:00',
    };
    const json = campaignOf(values);
    const parsed = parseCampaign(json);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.reward).toEqual({ kind: 'match', percentBp: 5000, capMinor: 25_050n });
    expect(parsed.value.wagering).toMatchObject({ multiple: 5, minOddsMilli: 1750, maxBetMinor: 1000n });
    expect(parsed.value.conditions).toMatchObject({ countries: ['de', 'at'], currencies: ['EUR'] });
    expect(parsed.value.limits.startsAt?.toISOString()).toBe('2026-12-05T10:00:00.000Z');
    const back = valuesOf(json);
    expect(back).toMatchObject({ ...values, countries: 'de, at', currencies: 'EUR' });
  });

  it("shows each engine problem under its field, in the form's units", () => {
    const bad = parseCampaign(campaignOf({ ...NEW_CAMPAIGN, code: 'Bad', percent: '0', cap: 'lots' }));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const shown = bad.problems.map((p) => [fieldOfPath(p.path), problemIn(fieldOfPath(p.path), p.problem)]);
    expect(shown).toEqual(
      expect.arrayContaining([
        ['code', { key: 'codeFormat' }],
        ['percent', { key: 'rangeNumber', values: { min: '0.01', max: '1000' } }],
        ['cap', { key: 'amount' }],
      ]),
    );
    expect(fieldOfPath('wagering.contributionBp.sports')).toBe(null);
    expect(fieldOfPath('schedule.daily.0')).toBe('daily');
  });
});
