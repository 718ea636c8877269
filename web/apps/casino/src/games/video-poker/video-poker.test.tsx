import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { VIDEO_POKER_GAME } from '@parlay/domain/casino/video-poker/game.ts';
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../../dictionaries/en/casino-games.json' with { type: 'json' };
import type { GameUiProps, Json, RoundView } from '../game-ui.ts';
import { bestHoldHint } from './hint.ts';
import VideoPokerUi from './index.tsx';
import { drawAction, heldPositions, pokerHand, toggleHold } from './poker-view.ts';

function round(view: Json, status: 'open' | 'finished', payoutMinor = '0'): RoundView {
  return {
    roundId: '51',
    gameId: 2002,
    engineId: 'video-poker',
    mode: 'demo',
    status,
    stakeMinor: '100',
    stakedMinor: '100',
    payoutMinor,
    allowed: status === 'open' ? ['draw'] : [],
    view,
    params: {},
    currency: 'FUN',
    balanceBeforeMinor: '1000',
    balanceAfterMinor: '900',
    nonce: 1,
    commitment: 'c'.repeat(64),
    clientSeed: 'seed',
    createdAt: '2026-11-26T22:00:00.000Z',
    finishedAt: null,
  };
}

function render(props: Partial<GameUiProps>) {
  const translator = createTranslator('en', { 'casino-games': en } as never);
  const all: GameUiProps = {
    engineId: 'video-poker',
    lng: 'en',
    mode: 'demo',
    signedIn: false,
    round: null,
    busy: false,
    stakeMinor: 100n,
    limits: { currency: 'FUN', minStakeMinor: '10', maxStakeMinor: '10000', stepMinor: '1' },
    turbo: false,
    play: async () => {
      throw new Error('not in this test');
    },
    act: async () => {
      throw new Error('not in this test');
    },
    money: (minor) => `${(Number(minor) / 100).toFixed(2)} FUN`,
    ...props,
  };
  return renderToStaticMarkup(
    <I18nProvider translator={translator}>
      <VideoPokerUi {...all} />
    </I18nProvider>,
  );
}

describe('poker view', () => {
  it('reads held positions from indices or booleans', () => {
    expect(heldPositions([true, false, true, false, false])).toEqual([0, 2]);
    expect(heldPositions([4, 1, 9])).toEqual([4, 1]);
    expect(heldPositions(null)).toEqual([]);
  });

  it('toggles holds in order and sends the kept positions', () => {
    expect(toggleHold([3], 1)).toEqual([1, 3]);
    expect(toggleHold([1, 3], 3)).toEqual([1]);
    expect(drawAction([0, 4])).toEqual({ type: 'hold', hold: [true, false, false, false, true] });
  });

  it('reads the dealt hand while open and the final one when drawn', () => {
    const open = pokerHand(round({ hand: ['AS', 'AD', '7C', '2H', 'TS'] }, 'open'))!;
    expect(open.cards.length).toBe(5);
    expect(open.open).toBe(true);
    const done = pokerHand(
      round(
        {
          hand: ['AS', 'AD', '7C', '2H', 'TS'],
          final: ['AS', 'AD', 'AC', '2H', '3S'],
          held: [0, 1],
          rank: 'three-of-a-kind',
        },
        'finished',
      ),
    )!;
    expect(done.cards.map((card) => (card.hidden ? '' : card.rank))).toEqual(['A', 'A', 'A', '2', '3']);
    expect(done.rank).toBe('three-of-a-kind');
    expect(done.held).toEqual([0, 1]);
  });
});

describe('VideoPokerUi', () => {
  it('renders the paytable and a deal button before the first round', () => {
    const html = render({});
    expect(html).toContain('Royal flush');
    expect(html).toContain('Jacks or better');
    expect(html).toContain('data-action="deal"');
  });

  it('renders an open hand as five hold toggles with keys 1–5', () => {
    const html = render({ round: round({ hand: ['AS', 'AD', '7C', '2H', 'TS'] }, 'open') });
    expect(html.match(/aria-pressed="false"/g)?.length).toBe(5);
    expect(html).toContain('aria-keyshortcuts="5"');
    expect(html).toContain('data-action="draw"');
  });

  it('lights the winning row once drawn', () => {
    const html = render({
      round: round(
        { final: ['AS', 'AD', 'AC', '2H', '3S'], held: [0, 1], rank: 'three-of-a-kind' },
        'finished',
        '300',
      ),
    });
    expect(html).toMatch(/aria-current="true"><th scope="row">Three of a kind/);
    expect(html.match(/aria-current="true"/g)?.length).toBe(1);
    expect(html).toContain('Three of a kind — paid 3.00 FUN');
  });
});

describe('video poker screen over the domain game', () => {
  const play = (nonce: number, actions: Json[]) =>
    VIDEO_POKER_GAME.play(
      {},
      100n,
      actions as never,
      new FairRandom(new FairByteStream({ serverSeed: 'cd'.repeat(32), clientSeed: 'poker-test', nonce })),
    );

  it('deals, draws with the best hold and reads the hand the domain made', () => {
    let paid = 0;
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const open = play(nonce, []);
      const dealt = pokerHand(round(open.view, 'open'))!;
      expect(dealt.cards.length).toBe(5);
      const hold = bestHoldHint(dealt.cards)!;
      expect(hold).not.toBeNull();
      const done = play(nonce, [drawAction(hold)]);
      expect(done.finished).toBe(true);
      const drawn = pokerHand(round(done.view, 'finished', done.payoutMinor.toString()))!;
      expect(drawn.held).toEqual(hold);
      const view = done.view as { result: string | null; pays: number };
      expect(drawn.rank).toBe(view.result);
      // held cards stay where they were
      for (const position of hold) expect(drawn.cards[position]).toEqual(dealt.cards[position]);
      if (done.payoutMinor > 0n) paid += 1;
    }
    expect(paid).toBeGreaterThan(0);
  }, 120_000);
});
