import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../dictionaries.ts';
import { GameList } from './GameList.tsx';
import { startPaging } from './paging.ts';
import { PlayerGamesProvider } from './player-games.tsx';

const render = (state: ReturnType<typeof startPaging>) =>
  renderToString(
    <I18nProvider translator={createTranslator('en', dictionaries.pick('en', ['casino']))}>
      <PlayerGamesProvider signedIn={false} lng="en">
        <GameList lng="en" state={state} more={() => {}} retry={() => {}} label="Slots" />
      </PlayerGamesProvider>
    </I18nProvider>,
  );

describe('game list', () => {
  it('shows 16 skeleton cards while the first page loads (site-shell §9)', () => {
    const html = render(startPaging('k', null));
    expect(html).toContain('data-testid="casino-skeleton"');
    expect(html.match(/<li /g)).toHaveLength(16);
    expect(html).toContain('aria-busy="true"');
  });

  it('says when a list is empty, and offers "Show more" only while a cursor remains', () => {
    expect(render(startPaging('k', { games: [], nextCursor: null, total: 0 }))).toContain(
      'No games here yet.',
    );
    const tile = {
      id: 1,
      slug: 'a',
      engineId: null,
      name: 'A',
      route: '/slots/game/1/a',
      provider: { id: 'p', name: 'P' },
      categories: [],
      tags: [],
      rtp: '96.00',
      volatility: 'high',
      thumbnail: '',
      badges: [],
      demo: true,
      real: true,
    };
    expect(render(startPaging('k', { games: [tile], nextCursor: 'c', total: 2 }))).toContain('Show more');
    const last = render(startPaging('k', { games: [tile], nextCursor: null, total: 1 }));
    expect(last).not.toContain('Show more');
    expect(last).toContain('1 of 1 game shown');
  });
});
