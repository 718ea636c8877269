import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginHref } from '../login-link.ts';
import { renderScreen, testProps } from '../slot-shared/test-support.tsx';
import CrashUi from './index.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('crash screen for a guest', () => {
  it('asks a guest to sign in, returning to this game, instead of offering a bet', () => {
    vi.stubGlobal('location', { pathname: '/en/crash-games/game/1013/crash', search: '' });
    const html = renderScreen(CrashUi, testProps({ engineId: 'crash', signedIn: false }));
    expect(html).toContain('data-testid="crash-sign-in"');
    expect(html).toContain('href="/en/user/login?return-url=%2Fen%2Fcrash-games%2Fgame%2F1013%2Fcrash"');
    expect(html).not.toContain('data-action="bet"');
    expect(html).not.toContain('inputMode="decimal"');
  });

  it('offers the bet controls to a signed-in player', () => {
    const html = renderScreen(CrashUi, testProps({ engineId: 'crash', signedIn: true, mode: 'real' }));
    expect(html).toContain('data-action="bet"');
    expect(html).not.toContain('data-testid="crash-sign-in"');
  });
});

describe('login link', () => {
  it.each([
    [
      '/en/slots/game/1008/fruit-storm',
      '/en/user/login?return-url=%2Fen%2Fslots%2Fgame%2F1008%2Ffruit-storm',
    ],
    [
      '/ru/casino/game/1001/dice?x=1',
      '/ru/user/login?return-url=%2Fru%2Fcasino%2Fgame%2F1001%2Fdice%3Fx%3D1',
    ],
    ['//evil.example/', '/ru/user/login'],
    ['https://evil.example/', '/ru/user/login'],
    [null, '/ru/user/login'],
  ])('%s → %s', (path, href) => {
    const lng = href.slice(1, 3);
    expect(loginHref(lng, path)).toBe(href);
  });
});
