/**
 * Server side of the casino pages: from the matched route to the page model, with the API calls a
 * page needs made in parallel. The first page of games is rendered on the server for every lobby
 * route; the player's own lists (favourites, rounds) load in the browser.
 */
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { loadCategories, loadGame, loadLobby, loadProviders } from './api.ts';
import type { PageRoute } from './lobby/page-route.ts';
import type { CasinoPageModel } from './page-model.ts';

/** The page model of a casino route. */
export async function loadPage(api: ApiFetch, lng: string, route: PageRoute): Promise<CasinoPageModel> {
  if (route.view === 'game') {
    if (route.gameId === null) return { kind: 'game', route, game: null, error: 404 };
    const result = await loadGame(api, lng, route.gameId);
    return {
      kind: 'game',
      route,
      game: result.ok ? result.data : null,
      error: result.ok ? null : (result.status ?? 502),
    };
  }
  // The verifier is a tool of its own (verifier/), computed in the browser: it lists no games.
  if (route.view === 'verify') {
    return { kind: 'lobby', route, first: null, error: null, categories: [], providers: [] };
  }
  const [categoriesResult, providersResult] = await Promise.all([
    loadCategories(api, lng, route.section),
    loadProviders(api, lng),
  ]);
  const categories = categoriesResult.ok ? categoriesResult.data : [];
  const providers = providersResult.ok ? providersResult.data : [];
  // A path's subcategory that the section does not have shows the whole section, not an empty page.
  const category = route.category && categories.some((c) => c.id === route.category) ? route.category : null;
  const provider = route.provider && providers.some((p) => p.id === route.provider) ? route.provider : null;
  const effective: PageRoute = { ...route, category, provider };
  if (route.view === 'provider' && providersResult.ok && !provider) {
    return { kind: 'lobby', route: effective, first: null, error: 404, categories, providers };
  }
  const first = await loadLobby(api, lng, {
    section: route.section,
    category,
    provider,
    q: route.view === 'search' ? route.q : null,
  });
  return {
    kind: 'lobby',
    route: effective,
    first: first.ok ? first.data : null,
    error: first.ok ? null : (first.status ?? 502),
    categories,
    providers,
  };
}
