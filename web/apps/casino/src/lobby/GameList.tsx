/**
 * The lobby's infinite grid: cursor pages appended as the end of the list comes near
 * (IntersectionObserver), with a "Show more" button for keyboards, old browsers and a failed page.
 * Tiles far from the viewport skip layout and paint (content-visibility in the CSS), so 2,000 games
 * scroll as lightly as 50.
 */
import { browserApi } from '@parlay/client/api.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type LobbyQuery, loadLobby } from '../api.ts';
import type { GamePage } from '../model.ts';
import { GameCard, SkeletonCards } from './GameCard.tsx';
import styles from './Lobby.module.css';
import { filterKeyOf } from './page-route.ts';
import {
  type PagingState,
  pageFailed,
  pageLoaded,
  pageRequested,
  retryFirst,
  startPaging,
} from './paging.ts';
import { usePlayerGames } from './player-games.tsx';

/** Paging of one filter; a new filter starts a new list (from the server's page when it has one). */
export function useLobbyList(lng: string, query: LobbyQuery, first: GamePage | null) {
  const key = filterKeyOf({ ...query, category: query.category ?? null, provider: query.provider ?? null });
  const [state, setState] = useState<PagingState>(() => startPaging(key, first));
  const stateRef = useRef(state);
  stateRef.current = state;
  const queryRef = useRef(query);
  queryRef.current = query;

  const fetchPage = useCallback(
    (filterKey: string, cursor: string | null) => {
      void loadLobby(browserApi, lng, { ...queryRef.current, cursor }).then((result) =>
        setState((current) =>
          result.ok ? pageLoaded(current, filterKey, result.data) : pageFailed(current, filterKey),
        ),
      );
    },
    [lng],
  );

  useEffect(() => {
    if (stateRef.current.filterKey === key) return;
    setState(startPaging(key, null));
    fetchPage(key, null);
  }, [key, fetchPage]);

  const more = useCallback(() => {
    const current = stateRef.current;
    const next = pageRequested(current);
    if (!next) return;
    stateRef.current = next;
    setState(next);
    fetchPage(current.filterKey, current.nextCursor);
  }, [fetchPage]);

  const retry = useCallback(() => {
    setState((current) => retryFirst(current));
    fetchPage(stateRef.current.filterKey, null);
  }, [fetchPage]);

  return { state, more, retry };
}

export function GameList({
  lng,
  state,
  more,
  retry,
  label,
  panelId,
  labelledBy,
}: {
  lng: string;
  state: PagingState;
  more: () => void;
  retry: () => void;
  label: string;
  panelId?: string;
  labelledBy?: string;
}) {
  const t = useT('casino');
  const format = useFormat();
  const sentinel = useRef<HTMLDivElement>(null);
  const { isFavorite, toggle } = usePlayerGames();

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined' || state.nextCursor === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, state.nextCursor, state.games.length]);

  const panel = {
    id: panelId,
    role: panelId ? 'tabpanel' : undefined,
    'aria-labelledby': labelledBy,
    className: styles.listPanel,
  };
  if (state.status === 'loading-first') {
    return (
      <div {...panel}>
        <SkeletonCards label={t('list.loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div {...panel}>
        <p className={styles.notice} role="alert">
          {t('list.error')}{' '}
          <Button size="sm" onClick={retry}>
            {t('list.retry')}
          </Button>
        </p>
      </div>
    );
  }
  if (state.games.length === 0) {
    return (
      <div {...panel}>
        <p className={styles.notice}>{t('list.empty')}</p>
      </div>
    );
  }
  return (
    <div {...panel}>
      <ul
        className={styles.grid}
        aria-label={label}
        data-testid="casino-games"
        aria-busy={state.status === 'loading-more'}
      >
        {state.games.map((game) => (
          <GameCard key={game.id} game={game} lng={lng} favorite={isFavorite(game.id)} toggle={toggle} />
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel} />
      <p className={styles.listFoot} aria-live="polite">
        {t('list.shown', {
          count: state.total,
          shown: format.number(state.games.length),
          total: format.number(state.total),
        })}
      </p>
      {state.nextCursor !== null ? (
        <div className={styles.moreRow}>
          <Button onClick={more} disabled={state.status === 'loading-more'}>
            {state.status === 'loading-more' ? t('list.loading_more') : t('list.more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
