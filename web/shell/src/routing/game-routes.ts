/**
 * Game routes for the "old or numeric route → 301 to the current route" rule (coupon-accounts §5;
 * game preview fields id, route, oldRoute of §3). Until the casino issue serves its catalogue, the
 * shell knows the in-house games of ARCHITECTURE.md §7 with their earlier addresses.
 */

export interface GameRoute {
  id: number;
  route: string;
  oldRoute: string | null;
}

export const IN_HOUSE_GAME_ROUTES: readonly GameRoute[] = [
  { id: 1, route: 'crash', oldRoute: 'crash-game' },
  { id: 2, route: 'dice', oldRoute: 'dice-game' },
  { id: 3, route: 'keno', oldRoute: 'keno-classic' },
  { id: 4, route: 'fruit-slots', oldRoute: 'slots-fruit' },
  { id: 5, route: 'roulette', oldRoute: 'european-roulette' },
  { id: 6, route: 'scratch-cards', oldRoute: 'scratch' },
];

/** The game a route segment names: its current route, its old route, or its numeric id. */
export function findGameRoute(games: readonly GameRoute[], segment: string): GameRoute | null {
  const id = /^\d{1,9}$/.test(segment) ? Number(segment) : null;
  return games.find((game) => game.route === segment || game.oldRoute === segment || game.id === id) ?? null;
}
