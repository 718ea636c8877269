import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import { FreeSpins } from './FreeSpins.tsx';
import { afterFreeSpin, type FreeSpinOffer, parseFreeSpinRound, parseFreeSpins } from './free-spins.ts';

const offer = (over: Partial<FreeSpinOffer> = {}): FreeSpinOffer => ({
  bonusId: '7',
  spinsLeft: 3,
  stakeMinor: '1000',
  currency: 'RUB',
  expiresAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

const money = (minor: string | bigint, currency: string) => `${Number(minor) / 100} ${currency}`;

function render(
  lng: 'en' | 'ru',
  props: { offer: FreeSpinOffer | null; lastWin: { minor: string; currency: string } | null },
) {
  return renderToString(
    <I18nProvider translator={createTranslator(lng, dictionaries.pick(lng, ['casino']))}>
      <FreeSpins {...props} disabled={false} money={money} onPlay={() => undefined} />
    </I18nProvider>,
  );
}

describe('free spins on the game page', () => {
  it('reads the offers and a free spin round, and drops malformed ones', () => {
    expect(
      parseFreeSpins({ freeSpins: [offer(), { bonusId: 'x' }, offer({ bonusId: '8', spinsLeft: 0 })] }),
    ).toEqual([offer()]);
    expect(parseFreeSpins({})).toBeNull();
    const round = { roundId: '5', status: 'finished', payoutMinor: '250', stakeMinor: '1000' };
    expect(
      parseFreeSpinRound({ ...round, freeSpin: { bonusId: '7', spinsLeft: 2, winMinor: '250' } }),
    ).toMatchObject({
      round: { roundId: '5', payoutMinor: '250' },
      freeSpin: { bonusId: '7', spinsLeft: 2, winMinor: '250' },
    });
    // A paid round's answer is not a free spin's.
    expect(parseFreeSpinRound(round)).toBeNull();
  });

  it('the count falls after a spin and the offer goes with the last one', () => {
    const offers = [offer(), offer({ bonusId: '9', spinsLeft: 1 })];
    expect(
      afterFreeSpin(offers, { bonusId: '7', spinsLeft: 2, winMinor: '0' }).map((o) => o.spinsLeft),
    ).toEqual([2, 1]);
    expect(afterFreeSpin(offers, { bonusId: '9', spinsLeft: 0, winMinor: '50' })).toEqual([offer()]);
  });

  it('shows "N free spins at <stake>" with a labelled button, and the win as bonus money (en, ru)', () => {
    const en = render('en', { offer: offer(), lastWin: { minor: '250', currency: 'RUB' } });
    expect(en).toContain('3 free spins at 10 RUB');
    expect(en).toContain('Play a free spin');
    expect(en).toContain('aria-label="Free spins"');
    expect(en).toMatch(/<button[^>]*aria-describedby="[^"]+"/);
    expect(en).toContain('Free spin win: 2.5 RUB bonus money');
    expect(render('en', { offer: offer({ spinsLeft: 1 }), lastWin: null })).toContain(
      '1 free spin at 10 RUB',
    );
    const ru = render('ru', { offer: offer({ spinsLeft: 5 }), lastWin: null });
    expect(ru).toContain('5 бесплатных вращений по 10 RUB');
    expect(ru).toContain('Сыграть бесплатное вращение');
    // None left and none played: nothing is shown; after the last one only the win stays.
    expect(render('en', { offer: null, lastWin: null })).toBe('');
    const after = render('en', { offer: null, lastWin: { minor: '0', currency: 'RUB' } });
    expect(after).not.toContain('Play a free spin');
    expect(after).toContain('Free spin win');
  });
});
