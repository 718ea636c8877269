/**
 * A signed-in player's display choices made in the header (theme, odds format) are stored on the
 * server (PUT /web-api/user/settings, coupon-accounts §3 global settings), so the next server render
 * on any device draws the page with them; guests keep them in cookies only.
 */
import { callApi } from '@parlay/client/api.ts';
import { getOddsView, type OddsViewId, subscribeOddsView } from '@parlay/mf/odds-view.ts';
import { isSignedIn } from './session-store.ts';

function save(changes: Record<string, number>): void {
  if (!isSignedIn()) return;
  void callApi('/web-api/user/settings', { method: 'PUT', body: changes }).then((answer) => {
    if (!answer.ok) console.warn('settings were not saved', answer.status);
  });
}

/** What the server drew the page with, read at boot. */
export interface DrawnSettings {
  oddsView: OddsViewId;
  theme: string | undefined;
}

// appTheme is 0 light, 1 dark.
const appTheme = (): number => (document.documentElement.dataset.theme === 'light' ? 0 : 1);

export function startSettingsSync(drawn: DrawnSettings): void {
  subscribeOddsView((id) => save({ coefViewId: id }));
  // The header's theme switch sets <html data-theme>.
  new MutationObserver(() => save({ appTheme: appTheme() })).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  // This module loads after the page settles: a choice made in the header before then had no listener.
  const early: Record<string, number> = {};
  if (getOddsView() !== drawn.oddsView) early.coefViewId = getOddsView();
  if (document.documentElement.dataset.theme !== drawn.theme) early.appTheme = appTheme();
  if (Object.keys(early).length > 0) save(early);
}
