import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import {
  bonusesFromDetails,
  bonusName,
  type ForfeitBonus,
  WithdrawalForfeitWarning,
} from './WithdrawalBonusForfeit.tsx';

const welcome: ForfeitBonus = {
  id: '7',
  campaign: 'welcome-100',
  kind: 'money',
  currency: 'RUB',
  balanceMinor: '123456',
  title: { en: 'Welcome bonus', ru: 'Приветственный бонус' },
};

function render(bonuses: ForfeitBonus[], lng: 'en' | 'ru'): string {
  const translator = createTranslator(lng, dictionaries.pick(lng, ['office-money', 'errors']));
  return renderToString(
    <I18nProvider translator={translator}>
      <WithdrawalForfeitWarning bonuses={bonuses} confirmed={false} onConfirm={() => undefined} lng={lng} />
    </I18nProvider>,
  );
}

describe('the withdrawal form’s bonus forfeit warning', () => {
  it('lists each bonus with its name and bonus balance and asks for a required confirmation', () => {
    const en = render(
      [welcome, { ...welcome, id: '8', campaign: 'spins', title: {}, balanceMinor: '0' }],
      'en',
    );
    expect(en).toContain('Your active bonuses will be forfeited');
    expect(en).toMatch(/Welcome bonus: 1,234\.56.*bonus money/);
    expect(en).toContain('spins:');
    expect(en).toMatch(/<input[^>]*type="checkbox"[^>]*required/);
    expect(en).toContain('I understand that these bonuses will be forfeited');
    const ru = render([welcome], 'ru');
    expect(ru).toContain('Приветственный бонус');
    expect(ru).toContain('Я понимаю, что эти бонусы будут аннулированы');
    expect(ru).not.toContain('deduce.');
  });

  it('shows nothing without bonuses', () => {
    expect(render([], 'en')).toBe('');
  });

  it('reads the bonuses of a refusal and names them', () => {
    expect(bonusesFromDetails({ bonuses: [welcome, { id: 1 }] })).toEqual([welcome]);
    expect(bonusesFromDetails(undefined)).toEqual([]);
    expect(bonusName(welcome, 'ru')).toBe('Приветственный бонус');
    expect(bonusName({ ...welcome, title: undefined }, 'en')).toBe('welcome-100');
  });
});
