/**
 * A guest's favourite and recently played games, kept in localStorage (players keep theirs on the
 * server). The stored value is a JSON list of game tiles, newest first, so the lobby can draw them
 * without asking the server; anything unreadable in storage counts as an empty list.
 */
import { type GameTile, parseTiles } from '../model.ts';

export const FAVORITES_KEY = 'parlay.casino.favorites';
export const RECENT_KEY = 'parlay.casino.recent';
export const MAX_FAVORITES = 100;
export const MAX_RECENT = 20;

/** The part of Storage the store needs (localStorage, or a map in tests). */
export type GameStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readGames(storage: GameStorage | null, key: string): GameTile[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(key);
    return raw ? parseTiles(JSON.parse(raw)) : [];
  } catch {
    return [];
  }
}

function writeGames(storage: GameStorage | null, key: string, games: readonly GameTile[]): void {
  try {
    storage?.setItem(key, JSON.stringify(games));
  } catch {
    // Storage full or forbidden (private mode): the list lives on for this page only.
  }
}

/** Only a tile's own fields are kept (a game page hands in its details: limits, related games…). */
export function tileOf(game: GameTile): GameTile {
  const {
    id,
    slug,
    engineId,
    name,
    route,
    provider,
    categories,
    tags,
    rtp,
    volatility,
    thumbnail,
    badges,
    demo,
    real,
  } = game;
  return {
    id,
    slug,
    engineId,
    name,
    route,
    provider,
    categories,
    tags,
    rtp,
    volatility,
    thumbnail,
    badges,
    demo,
    real,
  };
}

/** Forgets a list (a guest's favourites once merged into the player's). */
export function clearGames(storage: GameStorage | null, key: string): void {
  writeGames(storage, key, []);
}

/** Adds the game to the favourites or takes it out; answers the new list (newest first). */
export function toggleFavorite(storage: GameStorage | null, game: GameTile): GameTile[] {
  const games = readGames(storage, FAVORITES_KEY);
  const next = games.some((g) => g.id === game.id)
    ? games.filter((g) => g.id !== game.id)
    : [tileOf(game), ...games].slice(0, MAX_FAVORITES);
  writeGames(storage, FAVORITES_KEY, next);
  return next;
}

/** Puts the game first in the recently played row. */
export function rememberPlayed(storage: GameStorage | null, game: GameTile): GameTile[] {
  const next = [tileOf(game), ...readGames(storage, RECENT_KEY).filter((g) => g.id !== game.id)].slice(
    0,
    MAX_RECENT,
  );
  writeGames(storage, RECENT_KEY, next);
  return next;
}

/** localStorage when the page may use it, otherwise null (SSR, blocked storage). */
export function browserStorage(): GameStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
