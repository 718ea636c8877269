import { BLACKJACK_GAME } from '@parlay/domain/casino/blackjack/game.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../../dictionaries/en/casino-games.json' with { type: 'json' };
import ru from '../../../dictionaries/ru/casino-games.json' with { type: 'json' };
import type { GameUiProps, Json, RoundView } from '../game-ui.ts';
import { blackjackTable, decision, orderedDecisions } from './blackjack-view.ts';
import { strategyHint } from './hint.ts';
import BlackjackUi from './index.tsx';

function round(view: Json, status: 'open' | 'finished', allowed: string[] = []): RoundView {
  return {
    roundId: '41',
    gameId: 2001,
    engineId: 'blackjack',
    mode: 'demo',
    status,
    stakeMinor: '1000',
    stakedMinor: '2000',
    payoutMinor: status === 'finished' ? '4000' : '0',
    allowed,
    view,
    params: {},
    currency: 'FUN',
    balanceBeforeMinor: '100000',
    balanceAfterMinor: '98000',
    nonce: 3,
    commitment: 'c'.repeat(64),
    clientSeed: 'seed',
    createdAt: '2026-11-26T22:00:00.000Z',
    finishedAt: null,
  };
}

const splitOpen = round(
  {
    dealer: { cards: ['9h'] },
    hands: [
      { cards: ['8s', '3d', 'Kc'], stakeMinor: '1000' },
      { cards: ['8c', 'As'], stakeMinor: '1000' },
    ],
    active: 1,
  },
  'open',
  ['stand', 'hit', 'double'],
);

function render(props: Partial<GameUiProps>, lng: 'en' | 'ru' = 'en') {
  const translator = createTranslator(lng, { 'casino-games': lng === 'en' ? en : ru } as never);
  const all: GameUiProps = {
    engineId: 'blackjack',
    lng,
    mode: 'demo',
    signedIn: false,
    round: null,
    busy: false,
    stakeMinor: 1000n,
    limits: { currency: 'FUN', minStakeMinor: '100', maxStakeMinor: '100000', stepMinor: '1' },
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
      <BlackjackUi {...all} />
    </I18nProvider>,
  );
}

describe('blackjackTable', () => {
  it('draws the hole card face down while the round is open and marks the active split hand', () => {
    const table = blackjackTable(splitOpen)!;
    expect(table.dealer).toEqual([{ hidden: false, rank: '9', suit: 'h' }, { hidden: true }]);
    expect(table.dealerTotal).toBe(9);
    expect(table.hands.map((hand) => hand.total)).toEqual([21, 19]);
    expect(table.hands[1]!.soft).toBe(true);
    expect(table.active).toBe(1);
  });

  it('shows every dealer card and each hand result once finished', () => {
    const table = blackjackTable(
      round(
        {
          dealer: { cards: ['9h', '8d'], total: 17 },
          hands: [
            { cards: ['8s', '3d', 'Kc'], result: 'win', payoutMinor: '2000' },
            { cards: ['8c', 'As'], result: 'won' },
          ],
        },
        'finished',
      ),
    )!;
    expect(table.dealer.every((card) => !card.hidden)).toBe(true);
    expect(table.dealerTotal).toBe(17);
    expect(table.hands.map((hand) => hand.result)).toEqual(['win', 'win']);
    expect(table.active).toBeNull();
  });

  it('orders the allowed decisions as the buttons stand and sends { type }', () => {
    expect(orderedDecisions(['split', 'stand', 'hit', 'surrender', 'double'])).toEqual([
      'hit',
      'stand',
      'double',
      'split',
      'surrender',
    ]);
    expect(decision('hit')).toEqual({ type: 'hit' });
  });
});

describe('BlackjackUi', () => {
  it('renders the deal button before the first round', () => {
    const html = render({});
    expect(html).toContain('data-action="deal"');
    expect(html).toContain('Deal · 10.00 FUN');
  });

  it('renders a resumed split round: hole card hidden, both hands, active one marked, allowed buttons only', () => {
    const html = render({ round: splitOpen });
    expect(html).toContain('aria-label="Face-down card"');
    expect(html).toContain('aria-label="Nine of hearts"');
    expect(html).toContain('aria-label="Hand 1"');
    expect(html).toContain('aria-label="Hand 2"');
    expect(html.match(/aria-current="true"/g)?.length).toBe(1);
    expect(html).toMatch(/aria-current="true"[^>]*data-hand="1"/);
    expect(html).toContain('data-action="hit"');
    expect(html).toContain('data-action="double"');
    expect(html).not.toContain('data-action="split"');
    expect(html).not.toContain('data-action="deal"');
  });

  it('speaks Russian', () => {
    const html = render({ round: splitOpen }, 'ru');
    expect(html).toContain('Рука 2');
    expect(html).toContain('Удвоить');
    expect(html).toContain('Девятка червей');
  });
});

/** Real rounds of the domain's game, as the server would answer them. */
function domainRound(nonce: number, actions: { type: string }[]): RoundView {
  const random = new FairRandom(
    new FairByteStream({ serverSeed: 'ab'.repeat(32), clientSeed: 'table-test', nonce }),
  );
  const state = BLACKJACK_GAME.play({}, 1000n, actions as never, random);
  return {
    ...round(state.view, state.finished ? 'finished' : 'open', [...state.allowed]),
    stakedMinor: state.stakedMinor.toString(),
    payoutMinor: state.payoutMinor.toString(),
  };
}

describe('blackjack screen over the domain game', () => {
  it('reads every open and finished round of a sample played by the hint: hole card, totals, results', () => {
    let splits = 0;
    let finishedRounds = 0;
    for (let nonce = 0; nonce < 150; nonce += 1) {
      const actions: { type: string }[] = [];
      let current = domainRound(nonce, actions);
      for (let step = 0; step < 20 && current.status === 'open'; step += 1) {
        const table = blackjackTable(current)!;
        expect(table.dealer[1]).toEqual({ hidden: true });
        expect(table.dealer.length).toBe(2);
        const hint = strategyHint(table, current.allowed);
        expect(hint).not.toBeNull();
        expect(current.allowed).toContain(hint);
        if (hint === 'split') splits += 1;
        actions.push(decision(hint!) as { type: string });
        current = domainRound(nonce, actions);
      }
      expect(current.status).toBe('finished');
      finishedRounds += 1;
      const table = blackjackTable(current)!;
      expect(table.dealer.some((card) => card.hidden)).toBe(false);
      expect(table.active).toBeNull();
      const view = current.view as { hands: { total: number; result: string }[]; dealer: { total: number } };
      expect(table.hands.map((hand) => hand.total)).toEqual(view.hands.map((hand) => hand.total));
      expect(table.hands.map((hand) => hand.result)).toEqual(view.hands.map((hand) => hand.result));
      expect(table.dealerTotal).toBe(view.dealer.total);
      expect(render({ round: current })).toContain('data-action="deal"');
    }
    expect(finishedRounds).toBe(150);
    expect(splits).toBeGreaterThan(0);
  });
});
