/**
 * Search with instant results: a combobox whose listbox fills as the player types (debounced,
 * stale answers dropped), navigable with the arrow keys, Enter opens the highlighted game, Escape
 * closes. Without JavaScript the form submits to /casino-search?q=… and the server lists the games.
 */

import { browserApi } from '@parlay/client/api.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { loadSearch } from '../api.ts';
import styles from './Lobby.module.css';
import {
  activeGame,
  answered,
  keyed,
  SEARCH_DEBOUNCE_MS,
  SEARCH_IDLE,
  type SearchState,
  typed,
} from './search.ts';

export function SearchBox({ lng, initial = '' }: { lng: string; initial?: string }) {
  const t = useT('casino');
  const format = useFormat();
  const [input, setInput] = useState(initial);
  const [state, setState] = useState<SearchState>(SEARCH_IDLE);
  const stateRef = useRef(state);
  stateRef.current = state;
  const id = useId();
  const listId = `${id}-results`;

  useEffect(() => {
    if (state.status !== 'loading' || state.text === null) return;
    const { seq, text } = state;
    const timer = setTimeout(() => {
      void loadSearch(browserApi, lng, text).then((result) =>
        setState((current) => answered(current, seq, result.ok ? result.data : null)),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, lng]);

  const open = (route: string) => window.location.assign(`/${lng}${route}`);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      const game = activeGame(stateRef.current);
      if (game) {
        event.preventDefault();
        open(game.route);
      }
      return;
    }
    const next = keyed(stateRef.current, event.key);
    if (next.handled) event.preventDefault();
    setState(next.state);
  };

  const showList = state.open && state.status !== 'idle';
  const active = state.active >= 0 ? `${id}-option-${state.active}` : undefined;
  return (
    <form
      className={styles.search}
      action={`/${lng}/casino-search`}
      method="get"
      aria-label={t('search.label')}
      onSubmit={(event) => {
        if (activeGame(state)) event.preventDefault();
      }}
    >
      <input
        className={styles.searchInput}
        type="search"
        name="q"
        value={input}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={active}
        autoComplete="off"
        maxLength={64}
        onChange={(event) => {
          setInput(event.target.value);
          setState((current) => typed(current, event.target.value));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setState((current) => ({ ...current, open: false })), 150)}
        onFocus={() => setState((current) => (current.text ? { ...current, open: true } : current))}
      />
      <div className={styles.searchPopup} hidden={!showList}>
        <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.searchList}>
          {state.results.map((game, index) => (
            // The combobox field handles the keys (aria-activedescendant); the options take the pointer.
            <div
              key={game.id}
              id={`${id}-option-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === state.active}
              className={styles.searchOption}
              onMouseDown={(event) => {
                event.preventDefault();
                open(game.route);
              }}
            >
              {game.thumbnail ? <img src={game.thumbnail} alt="" width={40} height={30} /> : null}
              <span className={styles.searchName}>{game.name}</span>
              <span className={styles.searchMeta}>
                {game.provider.name}
                {game.rtp ? ` · ${t('tile.rtp', { rtp: game.rtp })}` : ''}
              </span>
            </div>
          ))}
        </div>
        <p className={styles.searchStatus} aria-live="polite">
          {state.status === 'loading'
            ? t('search.loading')
            : state.status === 'error'
              ? t('search.error')
              : state.status === 'ready'
                ? t('search.count', {
                    count: state.results.length,
                    shown: format.number(state.results.length),
                  })
                : ''}
        </p>
      </div>
    </form>
  );
}
