/** Renders a game screen to HTML with the real dictionaries, for the screens' unit tests. */
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import en from '../../../dictionaries/en/casino-games.json' with { type: 'json' };
import ru from '../../../dictionaries/ru/casino-games.json' with { type: 'json' };
import type { GameUiProps, Json, RoundView } from '../game-ui.ts';

export const DICTIONARIES = { en, ru } as const;

/** A finished (or open) round of a game with this view. */
export function testRound(view: Json, overrides: Partial<RoundView> = {}): RoundView {
  return {
    roundId: 'r-1',
    gameId: 1001,
    engineId: 'test',
    mode: 'demo',
    status: 'finished',
    stakeMinor: '1000',
    stakedMinor: '1000',
    payoutMinor: '0',
    allowed: [],
    view,
    params: null,
    currency: 'RUB',
    balanceBeforeMinor: '100000',
    balanceAfterMinor: '99000',
    nonce: 1,
    commitment: 'c'.repeat(64),
    clientSeed: 'seed',
    createdAt: '2026-11-26T22:00:00.000Z',
    finishedAt: '2026-11-26T22:00:00.000Z',
    ...overrides,
  };
}

/** Props with a recorder of what the screen asked the frame for. */
export function testProps(overrides: Partial<GameUiProps> = {}): GameUiProps & { calls: Json[] } {
  const calls: Json[] = [];
  return {
    engineId: 'test',
    lng: 'en',
    mode: 'demo',
    signedIn: false,
    round: null,
    busy: false,
    stakeMinor: 1000n,
    limits: { currency: 'RUB', minStakeMinor: '10', maxStakeMinor: '1000000', stepMinor: '1' },
    turbo: false,
    play: async (params) => {
      calls.push(params);
      throw new Error('not in this test');
    },
    act: async (action) => {
      calls.push(action);
      throw new Error('not in this test');
    },
    money: (minor) => `${(Number(minor) / 100).toFixed(2)} RUB`,
    calls,
    ...overrides,
  };
}

export function renderScreen(
  Screen: ComponentType<GameUiProps>,
  props: GameUiProps,
  lng: 'en' | 'ru' = 'en',
): string {
  const translator = createTranslator(lng, { 'casino-games': DICTIONARIES[lng] } as never);
  return renderToString(
    <I18nProvider translator={translator}>
      <Screen {...props} lng={lng} />
    </I18nProvider>,
  );
}

/** Every key path of a dictionary ("dice.title"), to compare the languages. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key));
}
