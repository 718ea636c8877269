/**
 * The desktop side columns the player may hide (coupon-accounts §3 "Left and right section hidden
 * state"): the sports menu on the left, the bet slip and live widgets on the right. The server render
 * draws them from the page's view settings (hide_left and hide_right cookies, or the signed-in
 * player's stored hideLeft and hideRight), so nothing flashes. A change lasts for the page's life
 * (client navigations included); the shell keeps it in the cookies only with functional cookie
 * consent (rememberPanel), and a signed-in player's stored settings keep it too.
 */
import { type PanelSide, rememberPanel } from '@parlay/mf/host-api.ts';
import type { ViewSettings } from '@parlay/mf/view-settings.ts';
import { useEffect, useSyncExternalStore } from 'react';
import { useSportsContext } from './context.tsx';
import { storeForPlayer } from './sports-view.ts';

export type HiddenPanels = Record<PanelSide, boolean>;

/** The hidden columns a page is drawn with: hiddenPanelsFrom({ hideLeft: 1 }) → { left: true, right: false }. */
export function hiddenPanelsFrom(view: ViewSettings | undefined): HiddenPanels {
  return { left: view?.hideLeft === 1, right: view?.hideRight === 1 };
}

// null until the first page hydrates; then the state the player sees, whatever later fragments say.
let current: HiddenPanels | null = null;
const listeners = new Set<() => void>();

/** Hides or shows a column: on screen at once, remembered where the player allows it. */
export function setPanelHidden(side: PanelSide, hidden: boolean): void {
  if (!current || current[side] === hidden) return;
  current = { ...current, [side]: hidden };
  rememberPanel(side, hidden);
  storeForPlayer(side === 'left' ? { hideLeft: hidden ? 1 : 0 } : { hideRight: hidden ? 1 : 0 });
  for (const listener of listeners) listener();
}

/** The columns hidden now; the server render's during hydration. */
export function useHiddenPanels(): HiddenPanels {
  const { view } = useSportsContext();
  const drawn = hiddenPanelsFrom(view);
  useEffect(() => {
    current ??= drawn;
  });
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  return snapshot ?? drawn;
}
