/** The props every casino page renders from, on the server and (embedded) in the browser. */
import type { AreaProps } from '@parlay/mf/area-page.ts';
import type { PageRoute } from './lobby/page-route.ts';
import type { Category, GameDetails, GamePage, Provider } from './model.ts';

export interface LobbyModel {
  kind: 'lobby';
  route: PageRoute;
  /** The first page of games, rendered on the server; null when it is the browser's to load. */
  first: GamePage | null;
  /** HTTP status of a failed first page (null: none failed). */
  error: number | null;
  categories: Category[];
  providers: Provider[];
}

export interface GameModel {
  kind: 'game';
  route: PageRoute;
  game: GameDetails | null;
  error: number | null;
}

export type CasinoPageModel = LobbyModel | GameModel;

export interface CasinoPageProps extends AreaProps {
  /** The request carried a session (the page is a player's); the browser confirms it. */
  signedIn: boolean;
  timeZone: number;
  page: CasinoPageModel;
}
