import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import office from '../server.tsx';
import { ReferralPanel } from './ReferralSection.tsx';
import type { ReferralView } from './referral-view.ts';

const input = (url: string): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components: null,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/office/office-1.js', css: [], preload: [] },
});

const view = (over: Partial<ReferralView> = {}): ReferralView => ({
  code: 'ABCD2345',
  linkPath: '/en/registration?bf_id=ABCD2345',
  rule: {
    currency: 'RUB',
    depositMinMinor: '100000',
    wagerMinMinor: '50000',
    rewardMinor: '20000',
    capMinor: '1000000',
    isEnabled: true,
  },
  friends: [
    {
      name: 'A*******a',
      status: 'rewarded',
      voidReason: null,
      rewardMinor: '20000',
      rewardCurrency: 'RUB',
      registeredAt: '2026-11-20T12:00:00.000Z',
    },
    {
      name: 'B**s',
      status: 'void',
      voidReason: 'same_device',
      rewardMinor: null,
      rewardCurrency: null,
      registeredAt: '2026-11-21T12:00:00.000Z',
    },
  ],
  friendsTotal: 2,
  rewards: [{ currency: 'RUB', totalMinor: '20000' }],
  mayJoin: true,
  ...over,
});

function render(v: ReferralView, lng: 'en' | 'ru' = 'en'): string {
  const translator = createTranslator(lng, dictionaries.pick(lng, ['office-referral', 'errors']));
  return renderToString(
    <I18nProvider translator={translator}>
      <ReferralPanel view={v} lng={lng} onChanged={() => undefined} />
    </I18nProvider>,
  );
}

describe('office bring-a-friend', () => {
  it('the route renders its section, not the empty state', async () => {
    const { status, fragment } = await office.render(input('/en/office/bringfriend'));
    expect(status).toBe(200);
    const page = fragment.body.split('<script')[0] ?? '';
    expect(page).toContain('data-route="office-bringfriend"');
    expect(page).not.toContain('This section opens soon');
  });

  it('shows the code and link with labelled copy buttons, the rule, rewards and friends', () => {
    const html = render(view());
    expect(html).toContain('value="ABCD2345"');
    expect(html).toContain('value="/en/registration?bf_id=ABCD2345"');
    expect(html).toMatch(/<label for="[^"]+">Your invitation link<\/label>/);
    expect(html).toContain('Copy link');
    expect(html).toContain('Copy code');
    expect(html).toContain('role="status"');
    expect(html).toContain('you get 200.00 RUB (up to 10,000.00 RUB in total)');
    expect(html).toContain('Rewards received');
    expect(html).toContain('2 friends');
    expect(html).toContain('A*******a');
    expect(html).toContain('Void (same device as yours)');
    expect(html).toContain('data-status="rewarded"');
    expect(html).toContain('Friend&#x27;s code');
  });

  it('writes Russian plurals and money; no join form once referred; paused rule', () => {
    const ru = render(view({ friendsTotal: 5 }), 'ru');
    expect(ru).toContain('5 друзей');
    expect(ru).toMatch(/200,00\sRUB/);
    expect(render(view({ friendsTotal: 1 }), 'ru')).toContain('1 друг');
    expect(render(view({ friendsTotal: 3 }), 'ru')).toContain('3 друга');
    const joined = render(view({ mayJoin: false }));
    expect(joined).not.toContain('Apply code');
    const paused = render(
      view({ rule: { ...view().rule!, isEnabled: false }, friends: [], friendsTotal: 0 }),
    );
    expect(paused).toContain('paused');
    expect(paused).toContain('No friends have registered by your link yet.');
  });

  it('has every text in both languages', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const en = keys(dictionaries.pick('en', ['office-referral'])['office-referral'] ?? {});
    const ru = keys(dictionaries.pick('ru', ['office-referral'])['office-referral'] ?? {});
    const plural = /_(one|few|many|other)$/;
    expect(new Set(ru.map((k) => k.replace(plural, '')))).toEqual(
      new Set(en.map((k) => k.replace(plural, ''))),
    );
    expect(en.length).toBeGreaterThan(30);
  });
});
