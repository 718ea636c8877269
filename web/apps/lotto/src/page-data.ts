/**
 * Server side of the lotto and toto pages: from the page to the public data it renders with, loaded
 * through the API (in-process on one server) in parallel. The player's own lists (tickets,
 * coupons) load in the browser.
 */
import type { AreaProps } from '@parlay/mf/area-page.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import {
  loadDraw,
  loadDraws,
  loadGames,
  loadTotoArchive,
  loadTotoCurrent,
  loadTotoDraw,
  loadTotoNext,
} from './api.ts';
import type { DrawDetailView, DrawPage, GameView, TotoArchive, TotoDraw, TotoNext } from './model.ts';
import type { LottoView } from './rules.ts';

export interface PageData {
  /** Every lotto game (lobby, builder, archive, draw view). */
  games: GameView[] | null;
  /** The archive page of the chosen game (results). */
  draws: DrawPage | null;
  draw: DrawDetailView | null;
  totoDraw: TotoDraw | null;
  totoArchive: TotoArchive | null;
  totoNext: TotoNext | null;
  /** HTTP status of the page's main request that failed (null: none failed). */
  error: number | null;
  /** The API server's clock when the data was read (ms), for the countdowns. */
  serverNowMs: number;
}

export interface LottoPageProps extends AreaProps {
  signedIn: boolean;
  timeZone: number;
  view: LottoView;
  data: PageData;
}

const EMPTY: Omit<PageData, 'serverNowMs'> = {
  games: null,
  draws: null,
  draw: null,
  totoDraw: null,
  totoArchive: null,
  totoNext: null,
  error: null,
};

const statusOf = (result: { ok: boolean; status?: number | null }) =>
  result.ok ? null : ((result as { status: number | null }).status ?? 502);

/** The API's clock from a game's countdown (its next draw's closing time less the seconds to it). */
export function serverNowOf(games: readonly GameView[] | null, fallback: number): number {
  const next = games?.find((g) => g.nextDraw)?.nextDraw;
  return next ? Date.parse(next.closesAt) - next.secondsToClose * 1000 : fallback;
}

export async function loadPageData(api: ApiFetch, view: LottoView, now: number): Promise<PageData> {
  const base = { ...EMPTY, serverNowMs: now };
  switch (view.kind) {
    case 'lobby':
    case 'builder':
    case 'my-tickets':
    case 'ticket': {
      const games = await loadGames(api);
      const list = games.ok ? games.data : null;
      const missing = view.kind === 'builder' && list !== null && !list.some((g) => g.gameId === view.gameId);
      return {
        ...base,
        games: list,
        error: missing ? 404 : statusOf(games),
        serverNowMs: serverNowOf(list, now),
      };
    }
    case 'results': {
      const games = await loadGames(api);
      const list = games.ok ? games.data : null;
      const gameId = view.gameId ?? list?.[0]?.gameId ?? null;
      const draws = gameId ? await loadDraws(api, gameId, view.page) : null;
      return {
        ...base,
        games: list,
        draws: draws?.ok ? draws.data : null,
        error: statusOf(games) ?? (draws ? statusOf(draws) : null),
      };
    }
    case 'draw': {
      const [draw, games] = await Promise.all([loadDraw(api, view.drawId), loadGames(api)]);
      return {
        ...base,
        games: games.ok ? games.data : null,
        draw: draw.ok ? draw.data : null,
        error: statusOf(draw),
      };
    }
    case 'toto-draw':
    case 'toto-nominees':
    case 'toto-coupons': {
      const draw = await loadTotoCurrent(api);
      return { ...base, totoDraw: draw.ok ? draw.data : null, error: statusOf(draw) };
    }
    case 'toto-past': {
      const draw = await loadTotoDraw(api, view.drawId);
      return { ...base, totoDraw: draw.ok ? draw.data : null, error: statusOf(draw) };
    }
    case 'toto-archive': {
      const archive = await loadTotoArchive(api, view.page);
      return { ...base, totoArchive: archive.ok ? archive.data : null, error: statusOf(archive) };
    }
    case 'toto-next': {
      const [next, current] = await Promise.all([loadTotoNext(api), loadTotoCurrent(api)]);
      return {
        ...base,
        totoNext: next.ok ? next.data : null,
        totoDraw: current.ok ? current.data : null,
        error: statusOf(next),
      };
    }
    default:
      return { ...base, error: 404 };
  }
}
