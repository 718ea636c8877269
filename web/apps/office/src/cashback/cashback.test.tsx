import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import office from '../server.tsx';
import { LevelCard, LevelsTable, PayoutHistory, PeriodCard, PremiumCard } from './CashbackSection.tsx';
import { type CashbackStatus, percentOf, progressPercent } from './cashback-view.ts';

const input = (url: string): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components: null,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/office/office-1.js', css: [], preload: [] },
});

const LEVELS = [
  { level: 1, name: 'Bronze', thresholdMinor: '0', rateBp: 500, capMinor: '500000' },
  { level: 2, name: 'Silver', thresholdMinor: '5000000', rateBp: 700, capMinor: '1500000' },
  { level: 3, name: 'Gold', thresholdMinor: '25000000', rateBp: 1000, capMinor: '5000000' },
];

const status = (over: Partial<CashbackStatus> = {}): CashbackStatus => ({
  currency: 'RUB',
  turnoverMinor: '2500000',
  level: LEVELS[0]!,
  nextLevel: LEVELS[1]!,
  progressBp: 5000,
  period: {
    start: '2026-11-23T00:00:00.000Z',
    end: '2026-11-30T00:00:00.000Z',
    turnoverMinor: '100000',
    netLossMinor: '60000',
    accrualMinor: '3000',
    tier: 'vip',
    rateBp: 500,
    capMinor: '500000',
  },
  premium: { member: false, eligible: false, rateBp: 2000, capMinor: '100000000', minLevel: 3 },
  levels: LEVELS,
  ...over,
});

function render(node: ReactNode, lng: 'en' | 'ru' = 'en'): string {
  const translator = createTranslator(lng, dictionaries.pick(lng, ['office-cashback', 'errors']));
  return renderToString(<I18nProvider translator={translator}>{node}</I18nProvider>);
}

describe('office cashback pages', () => {
  it.each([
    ['/en/office/casino/vipcashback', 'data-route="office-vipcashback"', 'VIP cashback'],
    ['/ru/office/casino/premiumcashback', 'data-route="office-premiumcashback"', 'Премиум-кешбэк'],
  ])('%s renders its section, not the empty state', async (url, route, heading) => {
    const { status: code, fragment } = await office.render(input(url));
    expect(code).toBe(200);
    const page = fragment.body.split('<script')[0] ?? '';
    expect(page).toContain(route);
    expect(page).toContain(heading);
    expect(page).not.toContain('This section opens soon');
  });

  it('the level card has a labelled progress bar and the turnover left to the next level', () => {
    const html = render(<LevelCard status={status()} lng="en" />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="50"');
    expect(html).toContain('aria-labelledby="cashback-progress-label"');
    expect(html).toContain('Level 1: Bronze');
    expect(html).toContain('25,000.00 RUB more turnover to Silver');
    const top = render(
      <LevelCard status={status({ level: LEVELS[2]!, nextLevel: null, progressBp: 10_000 })} lng="en" />,
    );
    expect(top).toContain('You have reached the top level');
    expect(top).toContain('aria-valuenow="100"');
  });

  it('the week shows the accrual, rate and cap, in Russian too, and a net win as a win', () => {
    const html = render(<PeriodCard status={status()} lng="en" timeZone={3} />);
    expect(html).toContain('30.00 RUB');
    expect(html).toContain('5 %');
    expect(html).toContain('Net loss');
    expect(render(<PeriodCard status={status()} lng="ru" timeZone={3} />, 'ru')).toMatch(
      /Начислено на сейчас/,
    );
    const won = status({ period: { ...status().period, netLossMinor: '-20000', accrualMinor: '0' } });
    const wonHtml = render(<PeriodCard status={won} lng="en" timeZone={3} />);
    expect(wonHtml).toContain('Net win');
    expect(wonHtml).toContain('200.00 RUB');
  });

  it('premium: locked below its level, a join button when eligible, a badge for a member', () => {
    const noop = () => undefined;
    expect(render(<PremiumCard status={status()} lng="en" onJoined={noop} />)).toContain(
      'Opens from the Gold level',
    );
    const eligible = status({ premium: { ...status().premium, eligible: true } });
    expect(render(<PremiumCard status={eligible} lng="en" onJoined={noop} />)).toMatch(
      /<button[^>]*>Join premium cashback/,
    );
    const member = status({ premium: { ...status().premium, eligible: true, member: true } });
    expect(render(<PremiumCard status={member} lng="ru" onJoined={noop} />, 'ru')).toContain(
      'Вы участник премиум-кешбэка',
    );
  });

  it('the level table marks the player’s level; the history shows each week and its state', () => {
    expect(render(<LevelsTable status={status()} lng="en" />)).toMatch(
      /<tr aria-current="true"><th scope="row">Bronze/,
    );
    const history = render(
      <PayoutHistory
        lng="en"
        timeZone={3}
        items={[
          {
            periodStart: '2026-11-16T00:00:00.000Z',
            periodEnd: '2026-11-23T00:00:00.000Z',
            currency: 'RUB',
            tier: 'premium',
            level: 3,
            rateBp: 2000,
            capMinor: '100000000',
            turnoverMinor: '1000000',
            netLossMinor: '1000000',
            amountMinor: '200000',
            status: 'paid',
            paidAt: '2026-11-23T00:06:00.000Z',
          },
        ]}
      />,
    );
    expect(history).toContain('2,000.00 RUB');
    expect(history).toContain('20 % · premium');
    expect(history).toContain('Paid');
    expect(render(<PayoutHistory items={[]} lng="ru" timeZone={3} />, 'ru')).toContain('Завершённых недель');
  });

  it('writes percentages and clamps the bar', () => {
    expect(percentOf(500, 'en')).toBe('5');
    expect(percentOf(1250, 'en')).toBe('12.5');
    expect(percentOf(1250, 'ru')).toBe('12,5');
    expect(progressPercent(-5)).toBe(0);
    expect(progressPercent(10_500)).toBe(100);
    expect(progressPercent(9_999)).toBe(99);
  });
});
