/** What a sports page shows: loaded on the server, embedded as props, hydrated with the same. */
import type { Bet } from '@parlay/client/bets-api.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import type { Dictionaries } from '@parlay/i18n/runtime.tsx';
import type { OddsViewId } from '@parlay/mf/odds-view.ts';
import type { ViewSettings } from '@parlay/mf/view-settings.ts';
import type { Crumb } from '@parlay/ui/index.ts';
import type { Champ, Game, GamePage, Sport, TeamPage } from './model.ts';
import type { Section } from './paths.ts';
import type { ChampStatistics, GameStatistics } from './statistics-model.ts';

export type LoadFailure = { status: number | null };

export interface ListModel {
  kind: 'list';
  section: Section;
  sportId: number | null;
  champId: number | null;
  countryId: number | null;
  timeFilter: number;
  games: Game[];
  total: number;
  /** Esports pages list several disciplines: their sport ids (null: the one sport or every sport). */
  sportIds: number[] | null;
  /** Which address the "more" button pages (the list API query). */
  more: { mode: Section; sportId?: number; champId?: number; countryId?: number } | null;
  error: LoadFailure | null;
}

export type PageModel =
  | { kind: 'home'; live: Game[]; top: Game[]; error: LoadFailure | null }
  | ListModel
  | { kind: 'live-and-line'; live: Game[]; line: Game[]; note: string | null; error: LoadFailure | null }
  | { kind: 'game'; game: GamePage | null; section: Section; error: LoadFailure | null }
  | { kind: 'multi'; games: GamePage[]; candidates: Game[] }
  | {
      kind: 'results';
      type: 'live' | 'zone' | 'all';
      date: string;
      sportId: number | null;
      games: Game[];
      error: LoadFailure | null;
    }
  | {
      kind: 'statistic';
      game: GamePage | null;
      popup: boolean;
      /** The game's figures, form and head-to-head (null on a champ's page or when unavailable). */
      stats: GameStatistics | null;
      /** The table of the game's champ, or of the champ asked for (?champ=). */
      table: ChampStatistics | null;
    }
  | { kind: 'champs'; champs: Champ[]; sportId: number | null }
  | {
      /** A team page, or player-info (player: true) for a competitor of an individual sport. */
      kind: 'team';
      player: boolean;
      team: TeamPage['team'] | null;
      /** team/{section}/{team} shows that section's games first. */
      section: Section | null;
      live: Game[];
      line: Game[];
      results: Game[];
      error: LoadFailure | null;
    }
  | { kind: 'disciplines'; type: 'real' | 'virtual' | 'stream'; sports: Sport[] }
  | { kind: 'search'; query: string; teams: { id: number; sportId: number; name: string }[]; games: Game[] }
  | { kind: 'favorites' }
  | { kind: 'print'; bet: Bet }
  | { kind: 'empty'; area: 'sports' | 'esports'; note: string | null };

export interface MenuModel {
  sports: Sport[];
  topChamps: Champ[];
  /** The sport the page is about: its champs are expanded in the menu. */
  sportId: number | null;
  champs: Champ[];
  section: Section;
}

export interface SportsPageProps {
  lng: Language;
  dictionaries: Dictionaries;
  timeZone: number;
  /** When the server rendered the page: clocks and "starts in" render from it, then tick. */
  renderedAtMs: number;
  oddsView: OddsViewId;
  /** The player's display settings (fragment context view). */
  view: ViewSettings;
  routeId: string;
  /** The route carries the quickCoupon tag (coupon-accounts §5): the quick coupon may show. */
  quickCoupon: boolean;
  /** Path and query of the page. */
  url: string;
  heading: string;
  breadcrumbs: Crumb[];
  menu: MenuModel;
  page: PageModel;
}
