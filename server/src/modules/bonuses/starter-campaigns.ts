/**
 * The campaigns `parlay seed` creates on a fresh install, so the promotions hub is not empty: a
 * 100 % first-deposit match behind the promo code WELCOME100 (chosen at registration, in the deposit
 * form or by the code), 20 free spins on the in-house slot Fruit Storm (opt-in), a 500.00 sports
 * free bet (opt-in) and a 50 % reload on the second deposit. Re-seeding creates only the missing
 * ones and changes none (an operator may have paused or edited them since).
 */
import type { BonusService } from './bonus-service.ts';

const WAGERING = { basis: 'bonus', maxConversionMinor: '0' } as const;

export const STARTER_CAMPAIGNS: readonly {
  campaign: Record<string, unknown>;
  promoCodes: { code: string }[];
}[] = [
  {
    campaign: {
      code: 'welcome-100',
      category: 'first_deposit',
      trigger: 'first_deposit',
      title: { ru: '100 % на первый депозит', en: '100 % first deposit bonus' },
      terms: {
        ru: 'Удвоим первый депозит от 100 ₽ до 10 000 ₽ с промокодом WELCOME100. Отыграйте бонус 10 раз за 30 дней, ставка не больше 500 ₽.',
        en: 'We double your first deposit of 100 to 10,000 with the promo code WELCOME100. Wager the bonus 10 times within 30 days, at most 500 a bet.',
      },
      conditions: { minDepositMinor: '10000' },
      reward: { kind: 'match', percentBp: 10_000, capMinor: '1000000' },
      wagering: { ...WAGERING, multiple: 10, maxBetMinor: '50000', expiryDays: 30 },
      limits: { perPlayer: 1 },
    },
    promoCodes: [{ code: 'WELCOME100' }],
  },
  {
    campaign: {
      code: 'fruit-storm-spins',
      category: 'casino',
      trigger: 'opt_in',
      title: { ru: '20 фриспинов в Fruit Storm', en: '20 free spins on Fruit Storm' },
      terms: {
        ru: '20 бесплатных вращений по 10 ₽ в слоте Fruit Storm. Выигрыш становится бонусом с отыгрышем ×10 за 7 дней.',
        en: '20 free spins at 10.00 on the Fruit Storm slot. Winnings become bonus money to wager 10 times within 7 days.',
      },
      conditions: { products: ['slots'] },
      reward: { kind: 'free_spins', count: 20, games: ['fruit-storm'], stakeMinor: '1000' },
      wagering: { ...WAGERING, multiple: 10, maxBetMinor: '10000', expiryDays: 7 },
      limits: { perPlayer: 1 },
    },
    promoCodes: [],
  },
  {
    campaign: {
      code: 'sports-free-bet',
      category: 'bukmaker',
      trigger: 'opt_in',
      title: { ru: 'Фрибет 500 ₽ на спорт', en: 'A 500.00 sports free bet' },
      terms: {
        ru: 'Бесплатная ставка 500 ₽ на любое событие с коэффициентом от 1.50. При выигрыше ставка не возвращается. Действует 7 дней.',
        en: 'A free 500.00 bet on any event at odds of 1.50 or more. A win pays without the stake. Valid for 7 days.',
      },
      conditions: { products: ['sports'] },
      reward: { kind: 'free_bet', amountMinor: '50000' },
      wagering: { ...WAGERING, multiple: 0, maxBetMinor: '0', expiryDays: 7 },
      limits: { perPlayer: 1 },
    },
    promoCodes: [],
  },
  {
    campaign: {
      code: 'reload-50',
      category: 'redeposit',
      trigger: 'nth_deposit',
      nth: 2,
      title: { ru: '50 % на второй депозит', en: '50 % reload on your second deposit' },
      terms: {
        ru: '50 % ко второму депозиту от 500 ₽, до 5 000 ₽. Отыграйте бонус 10 раз за 14 дней.',
        en: '50 % on your second deposit of 500 or more, up to 5,000. Wager the bonus 10 times within 14 days.',
      },
      conditions: { minDepositMinor: '50000' },
      reward: { kind: 'match', percentBp: 5_000, capMinor: '500000' },
      wagering: { ...WAGERING, multiple: 10, maxBetMinor: '50000', expiryDays: 14 },
      limits: { perPlayer: 1 },
    },
    promoCodes: [],
  },
];

/** Creates the starter campaigns that do not exist yet; answers how many it created. */
export async function seedStarterCampaigns(bonuses: BonusService): Promise<number> {
  const existing = new Set((await bonuses.listCampaigns()).map((c) => c.definition.code));
  let created = 0;
  for (const { campaign, promoCodes } of STARTER_CAMPAIGNS) {
    if (existing.has(String(campaign.code))) continue;
    try {
      await bonuses.createCampaign(campaign, promoCodes);
      created++;
    } catch (error) {
      // Another seed process created it in between: the same state.
      if ((error as { code?: string }).code !== 'BONUS_CAMPAIGN_EXISTS') throw error;
    }
  }
  return created;
}
