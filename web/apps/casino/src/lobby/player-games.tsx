/**
 * The player's own games for every part of a casino page: favourites (a star on each tile) and the
 * recently played row. A signed-in player's live on the server (GET/PUT/DELETE /favorites, GET
 * /recent); a guest's in localStorage (guest-games.ts). Before the browser knows, nothing is starred,
 * so the server render and the first browser render match.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { catalogueApi } from '../api.ts';
import type { GameTile } from '../model.ts';
import {
  browserStorage,
  clearGames,
  FAVORITES_KEY,
  RECENT_KEY,
  readGames,
  rememberPlayed,
  toggleFavorite,
} from './guest-games.ts';

/** The server takes up to 200 favourites in one merge; a device keeps at most 100. */
const MERGE_LIMIT = 100;

export interface PlayerGames {
  ready: boolean;
  favorites: readonly GameTile[];
  recent: readonly GameTile[];
  isFavorite(gameId: number): boolean;
  toggle(game: GameTile): Promise<void>;
  /** The game page tells the lobby's recent row (a guest's; the server records a player's rounds). */
  played(game: GameTile): void;
}

const PlayerGamesContext = createContext<PlayerGames | null>(null);

export function PlayerGamesProvider({
  signedIn,
  lng,
  children,
}: {
  signedIn: boolean;
  lng: string;
  children: ReactNode;
}) {
  const [favorites, setFavorites] = useState<readonly GameTile[]>([]);
  const [recent, setRecent] = useState<readonly GameTile[]>([]);
  const [ready, setReady] = useState(false);
  // The toggle reads the list through a ref, so it stays one function and the tiles stay memoised.
  const favoritesRef = useRef(favorites);
  favoritesRef.current = favorites;

  useEffect(() => {
    let stopped = false;
    if (!signedIn) {
      const storage = browserStorage();
      setFavorites(readGames(storage, FAVORITES_KEY));
      setRecent(readGames(storage, RECENT_KEY));
      setReady(true);
      return;
    }
    // A guest who signed in brings the favourites kept on this device (merged once, then forgotten here).
    const storage = browserStorage();
    const local = readGames(storage, FAVORITES_KEY).map((g) => g.id);
    const favoritesRequest =
      local.length > 0
        ? catalogueApi.mergeFavorites(lng, local.slice(0, MERGE_LIMIT)).then((answer) => {
            if (answer.ok) clearGames(storage, FAVORITES_KEY);
            return answer;
          })
        : catalogueApi.favorites(lng);
    void Promise.all([favoritesRequest, catalogueApi.recent(lng)]).then(([fav, rec]) => {
      if (stopped) return;
      if (fav.ok) setFavorites(fav.data);
      if (rec.ok) setRecent(rec.data);
      setReady(true);
    });
    return () => {
      stopped = true;
    };
  }, [signedIn, lng]);

  const toggle = useCallback(
    async (game: GameTile) => {
      if (!signedIn) {
        setFavorites(toggleFavorite(browserStorage(), game));
        return;
      }
      const had = favoritesRef.current.some((g) => g.id === game.id);
      // Optimistic: the star answers at once and goes back if the server says no.
      setFavorites((list) => (had ? list.filter((g) => g.id !== game.id) : [game, ...list]));
      const answer = had
        ? await catalogueApi.removeFavorite(lng, game.id)
        : await catalogueApi.addFavorite(lng, game.id);
      if (answer.ok) setFavorites(answer.data);
      else setFavorites((list) => (had ? [game, ...list] : list.filter((g) => g.id !== game.id)));
    },
    [signedIn, lng],
  );

  const played = useCallback(
    (game: GameTile) => {
      if (!signedIn) setRecent(rememberPlayed(browserStorage(), game));
    },
    [signedIn],
  );

  const value = useMemo<PlayerGames>(() => {
    const ids = new Set(favorites.map((g) => g.id));
    return { ready, favorites, recent, isFavorite: (id) => ids.has(id), toggle, played };
  }, [ready, favorites, recent, toggle, played]);
  return <PlayerGamesContext.Provider value={value}>{children}</PlayerGamesContext.Provider>;
}

export function usePlayerGames(): PlayerGames {
  const value = useContext(PlayerGamesContext);
  if (!value) throw new Error('usePlayerGames() needs a <PlayerGamesProvider> above it');
  return value;
}
