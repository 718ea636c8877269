import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import office from '../server.tsx';
import { ActiveBonus, type BonusView, isBonusRoute, timeLeft, withPushed } from './BonusesSection.tsx';

const input = (url: string): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components: null,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/office/office-1.js', css: [], preload: [] },
});

const bonus = (over: Partial<BonusView> = {}): BonusView => ({
  id: '7',
  campaign: 'welcome',
  kind: 'money',
  status: 'active',
  currency: 'RUB',
  amountMinor: '50000',
  balanceMinor: '42000',
  requirementMinor: '250000',
  progressMinor: '100000',
  progressPercent: 40,
  maxBetMinor: '0',
  convertedMinor: null,
  forfeitedMinor: null,
  finishReason: null,
  spinsLeft: null,
  expiresAt: '2026-12-01T00:00:00.000Z',
  grantedAt: '2026-11-24T00:00:00.000Z',
  finishedAt: null,
  title: { en: 'Welcome bonus', ru: 'Приветственный бонус' },
  ...over,
});

function render(view: BonusView, lng: 'en' | 'ru' = 'en'): string {
  const translator = createTranslator(lng, dictionaries.pick(lng, ['office-bonus', 'errors']));
  return renderToString(
    <I18nProvider translator={translator}>
      <ActiveBonus bonus={view} lng={lng} onChanged={() => undefined} />
    </I18nProvider>,
  );
}

describe('office bonus pages', () => {
  it('are the four bonus routes', () => {
    expect(
      ['office-bonuses-deposit', 'office-bonuses-wager', 'office-promotion', 'office-rewards'].every(
        isBonusRoute,
      ),
    ).toBe(true);
    expect(isBonusRoute('office-support')).toBe(false);
  });

  it.each([
    ['/en/office/bonuses/wager', 'data-route="office-bonuses-wager"'],
    ['/ru/office/bonuses/deposit', 'data-route="office-bonuses-deposit"'],
    ['/en/office/promotion', 'Promo code'],
    ['/ru/office/promotion', 'Промокод'],
    ['/en/office/rewards', 'Rewards shop'],
  ])('%s renders its section, not the empty state', async (url, text) => {
    const { status, fragment } = await office.render(input(url));
    expect(status).toBe(200);
    const page = fragment.body.split('<script')[0] ?? '';
    expect(page).toContain(text);
    expect(page).not.toContain('This section opens soon');
  });

  it('an active bonus has a progress bar with its value text', () => {
    const html = render(bonus());
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('aria-valuetext="1,000.00 RUB of 2,500.00 RUB wagered (40 %)"');
    expect(html).toContain('Welcome bonus');
    expect(html).toContain('420.00 RUB');
  });

  it('clamps the bar to 0–100 and writes Russian money', () => {
    expect(render(bonus({ progressPercent: 140 }))).toContain('aria-valuenow="100"');
    expect(render(bonus({ progressPercent: -3 }))).toContain('aria-valuenow="0"');
    // Russian groups digits with a (narrow) no-break space.
    expect(render(bonus(), 'ru')).toMatch(/Отыграно 1\s000,00 RUB из 2\s500,00 RUB \(40 %\)/);
  });

  it('a bonus without wagering (a free bet) has no bar; free spins show the spins left', () => {
    expect(render(bonus({ kind: 'free_bet', requirementMinor: '0' }))).not.toContain('progressbar');
    expect(render(bonus({ kind: 'free_spins', spinsLeft: 12 }))).toContain('Spins left');
  });

  it('counts the time left in days, hours and minutes, never below zero', () => {
    const at = '2026-12-01T00:00:00.000Z';
    const now = Date.parse(at);
    expect(timeLeft(at, now - (2 * 1440 + 3 * 60 + 5) * 60_000)).toEqual({ days: 2, hours: 3, minutes: 5 });
    expect(timeLeft(at, now - 59_999)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(timeLeft(at, now + 1_000)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('a pushed progress above the loaded one wins; a lower, foreign or malformed one does not', () => {
    const push = (progressMinor: string, bonusId = '7', requirementMinor = '250000') => ({
      type: 'bonus' as const,
      bonusId,
      status: 'active',
      progressMinor,
      requirementMinor,
    });
    const merged = withPushed(bonus(), push('125000'));
    expect([merged.progressMinor, merged.progressPercent]).toEqual(['125000', 50]);
    expect(withPushed(bonus(), push('90000'))).toEqual(bonus());
    expect(withPushed(bonus(), push('125000', '8'))).toEqual(bonus());
    expect(withPushed(bonus(), push('12x'))).toEqual(bonus());
    expect(withPushed(bonus(), undefined)).toEqual(bonus());
    expect(withPushed(bonus(), push('999999')).progressPercent).toBe(100);
  });
});
