/**
 * The header's entries from the micro-apps' manifests (MenuEntry of web/mf/src/app-manifest.ts): the
 * bar, its "More" menu and the mobile tab bar. The server names them (routes: menu.<id>, each app's
 * dictionary) and hands them to the browser in the page state with the header's other props.
 */
import type { AppManifest, MenuActive, MenuEntry } from '@parlay/mf/app-manifest.ts';

/** An entry with its label in the page language. */
export interface HeaderMenuItem extends MenuEntry {
  label: string;
}

/** The entries of these apps in bar order, named by `label(key)` (a key of namespace "routes"). */
export function headerMenu(apps: readonly AppManifest[], label: (key: string) => string): HeaderMenuItem[] {
  return apps
    .flatMap((app) => app.menu ?? [])
    .map((entry) => ({ ...entry, label: label(`menu.${entry.id}`) }))
    .sort((a, b) => a.order - b.order);
}

const startsWithPath = (rest: string, prefix: string) => rest === prefix || rest.startsWith(`${prefix}/`);

/** Whether an entry is the current one for a route and a path after the language prefix ("/home/live"). */
export function isActive(active: MenuActive, routeId: string | null, rest: string): boolean {
  if (active.notPathPrefixes?.some((prefix) => startsWithPath(rest, prefix))) return false;
  if (routeId !== null && active.routes?.includes(routeId)) return true;
  if (active.paths?.some((path) => rest === path || rest === `${path}/`)) return true;
  return active.pathPrefixes?.some((prefix) => startsWithPath(rest, prefix)) === true;
}
