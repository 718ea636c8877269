import { describe, expect, it } from 'vitest';
import { parseLaunch } from '../api.ts';
import { isProviderGame } from './ProviderGame.tsx';

describe('provider game page', () => {
  it('treats a game without an engine, imported for a provider, as a provider game', () => {
    expect(isProviderGame({ engineId: null, tags: ['provider', 'parlay-demo-studio'] })).toBe(true);
    expect(isProviderGame({ engineId: 'dice', tags: ['provider'] })).toBe(false);
    expect(isProviderGame({ engineId: null, tags: [] })).toBe(false);
  });

  it('puts only a site path or an http(s) URL into the iframe', () => {
    expect(parseLaunch({ url: '/dev/demo-studio/play?game=x&mode=demo', mode: 'demo' })).toEqual({
      url: '/dev/demo-studio/play?game=x&mode=demo',
      mode: 'demo',
    });
    expect(parseLaunch({ url: 'https://games.acme.example/launch?game=x', mode: 'real' })?.url).toBe(
      'https://games.acme.example/launch?game=x',
    );
    for (const url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x', '']) {
      expect(parseLaunch({ url, mode: 'demo' })).toBeNull();
    }
    expect(parseLaunch({ url: '/x', mode: 'other' })).toBeNull();
    expect(parseLaunch(null)).toBeNull();
  });
});
