/**
 * The shell's routing, shared by the server render and the browser navigation (ARCHITECTURE.md §4
 * "Route map"). The table, matching, parameter rules, language, redirects and guards live in
 * ./routing/; this module is their front door.
 */
export { evaluateGuards, type GuardInput, type GuardOutcome } from './routing/guards.ts';
export {
  chooseLanguage,
  type LanguageSettings,
  languageRedirect,
  switchLanguagePath,
} from './routing/language.ts';
export { buildPath, matchPath, matchRoute, type RouteMatch } from './routing/match.ts';
export {
  type AppName,
  type Guard,
  type Layout,
  ROUTES,
  type RouteDefinition,
  type RouteId,
  routeById,
} from './routing/table.ts';
