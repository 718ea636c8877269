/**
 * A signed-in player's display choices made in the header (theme, odds format) are stored on the
 * server (PUT /web-api/user/settings, coupon-accounts §3 global settings), so the next server render
 * on any device draws the page with them; guests keep them in cookies only.
 */
import { callApi } from '@parlay/client/api.ts';
import { subscribeOddsView } from '@parlay/mf/odds-view.ts';
import { isSignedIn } from './session-store.ts';

function save(changes: Record<string, number>): void {
  if (!isSignedIn()) return;
  void callApi('/web-api/user/settings', { method: 'PUT', body: changes }).then((answer) => {
    if (!answer.ok) console.warn('settings were not saved', answer.status);
  });
}

export function startSettingsSync(): void {
  subscribeOddsView((id) => save({ coefViewId: id }));
  // The header's theme switch sets <html data-theme>; appTheme is 0 light, 1 dark.
  new MutationObserver(() => {
    save({ appTheme: document.documentElement.dataset.theme === 'light' ? 0 : 1 });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
