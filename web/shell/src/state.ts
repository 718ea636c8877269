/** The page state the shell server embeds as JSON (#parlay-state) and the shell client boots from. */
import type { Language } from '@parlay/i18n/languages.ts';
import type { Dictionaries, Dictionary } from '@parlay/i18n/runtime.tsx';
import type { OddsViewId } from '@parlay/mf/odds-view.ts';
import type { Device } from '@parlay/mf/protocol.ts';
import type { HeaderMenuItem } from './header-menu.ts';
import type { Theme } from './request-context.ts';
import type { Layout, RouteId } from './routes.ts';
import type { SessionStatus, ShellConfig } from './routing/site-config.ts';
import type { ActiveAccount } from './session/session-store.ts';

export const STATE_ELEMENT_ID = 'parlay-state';

/** A server-rendered micro-app the client hydrates: its name and entry module (empty when static). */
export interface SlotState {
  app: string;
  scripts: string[];
}

/** What the page container shows: a micro-app's fragment, or a view the shell renders itself. */
export type PageView = 'app' | 'not-found' | 'error';

export interface ShellState {
  lng: Language;
  theme: Theme;
  status: number;
  route: RouteId | null;
  view: PageView;
  /** The page micro-app when view is "app". Its props travel inside its fragment ([data-mf-props]). */
  page: SlotState | null;
  footer: SlotState | null;
  timeZone: number;
  /** The player's 12 h clock setting the header clock was drawn with. */
  is12h?: boolean;
  device: Device;
  geoCountry: string | null;
  /** Shell dictionaries (common, errors); each micro-app brings its own in its props. */
  dictionaries: Dictionaries;
  /** Modals micro-apps lend the shell, by modal id: the app's browser entry and stylesheets (modals/AppModalSlot.tsx). */
  appModals?: Record<string, { entry: string; css: string[] }>;
  /** The apps' header entries in the page language (the header hydrates with the same). */
  menu?: HeaderMenuItem[];
  /**
   * The maintenance notice's texts in every language: the notice is Russian for the configured
   * countries and English elsewhere, whatever the page language (site-shell §8).
   */
  maintenanceTexts?: Partial<Record<Language, Dictionary>>;
  /** The route's layout; a navigation to another layout is a full page load. */
  layout?: Layout;
  /** What client-side guards read until the next full load: the session status and the site config. */
  guardContext?: { session: SessionStatus; config: ShellConfig };
  /**
   * What the server drew for the visitor: the header balance (signed-in players) and the odds format
   * (the stored setting or the coef_view_id cookie); the browser hydrates with the same.
   */
  player?: { account: ActiveAccount | null; oddsView: OddsViewId };
}

/** Reads #parlay-state; null when the document has none (not a shell page). */
export function readShellState(doc: Document): ShellState | null {
  const element = doc.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ShellState;
}
