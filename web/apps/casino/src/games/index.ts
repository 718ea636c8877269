/**
 * The in-house games' screens by engine id, loaded lazily: the game page imports a screen only when a
 * player opens that game. A game's owner adds one line when its screen exists
 * (`dice: () => import('./dice/index.tsx'),`); an engine without a line shows the frame's
 * "screen not ready" notice instead of a broken page.
 */
import type { GameUiModule } from './game-ui.ts';

/** Loads the module of one game screen (its default export is the GameUi component). */
export type GameUiLoader = () => Promise<GameUiModule>;

export const GAME_UIS: Readonly<Record<string, GameUiLoader>> = {
  blackjack: () => import('./blackjack/index.tsx'),
  'video-poker': () => import('./video-poker/index.tsx'),
  crash: () => import('./crash/index.tsx'),
  dice: () => import('./dice/index.tsx'),
  limbo: () => import('./limbo/index.tsx'),
  roulette: () => import('./roulette/index.tsx'),
  keno: () => import('./keno/index.tsx'),
  mines: () => import('./mines/index.tsx'),
  plinko: () => import('./plinko/index.tsx'),
  'slot-classic': () => import('./slot-classic/index.tsx'),
  'slot-fruits': () => import('./slot-fruits/index.tsx'),
  'slot-cluster': () => import('./slot-cluster/index.tsx'),
  scratch: () => import('./scratch/index.tsx'),
  'sic-bo': () => import('./sic-bo/index.tsx'),
  baccarat: () => import('./baccarat/index.tsx'),
};

/** The loader of an engine's screen, or null when that game has none yet. */
export function gameUiLoader(engineId: string | null): GameUiLoader | null {
  if (!engineId || !Object.hasOwn(GAME_UIS, engineId)) return null;
  return GAME_UIS[engineId] ?? null;
}
