/**
 * The sports micro-app's server module (web/dist/server/sports.js): every sports and esports route of
 * the table. It loads the page's data through the API (in-process on one server), renders it, and
 * embeds the same props for hydration. The odds format and the display settings come from the
 * fragment context (view), which the shell fills from the stored settings and the cookies.
 */
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteRenderInput, RemoteServerModule } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { oddsViewFrom } from '@parlay/mf/odds-view.ts';
import { createFragment, notFoundResult, requestLanguage } from '@parlay/mf/remote-server.tsx';
import type { Crumb } from '@parlay/ui/index.ts';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { dictionaries } from './dictionaries.ts';
import type { Sport } from './model.ts';
import { loadPrintBet } from './PrintCoupon.tsx';
import { focusOf, loadMenu, loadPage, loadSportsList } from './page-data.ts';
import type { PageModel, SportsPageProps } from './page-model.ts';
import { listPath, type Section } from './paths.ts';
import { packProps } from './props-pack.ts';
import { SportsRoot } from './SportsRoot.tsx';

const APP_NAME = manifest.name;
const pages = appPages(manifest, dictionaries);

type T = (key: string, values?: Record<string, string | number>) => string;

function headingOf(page: PageModel, sports: Sport[], fallback: string, t: T): string {
  const sportName = (id: number | null) => sports.find((s) => s.id === id)?.name;
  switch (page.kind) {
    case 'home':
      return t('heading');
    case 'list': {
      const champ = page.champId
        ? page.games.find((g) => g.champ.id === page.champId)?.champ.name
        : undefined;
      const sport = sportName(page.sportId);
      if (champ) return champ;
      if (page.sportIds && page.sportIds.length > 1) return fallback;
      return sport ? `${sport} · ${t(`section.${page.section}`)}` : t(`section_all.${page.section}`);
    }
    case 'game':
      return page.game ? `${page.game.home.name} — ${page.game.away.name}` : t('game.not_found');
    case 'statistic':
      if (page.game) return `${t('statistic.heading')}: ${page.game.home.name} — ${page.game.away.name}`;
      if (!page.table) return fallback;
      return `${t('statistic.heading')}: ${page.table.champ.country.name} · ${page.table.champ.name}`;
    case 'team':
      return page.team?.name ?? fallback;
    case 'live-and-line':
      return page.live[0]?.champ.name ?? page.line[0]?.champ.name ?? fallback;
    default:
      return fallback;
  }
}

function crumbsOf(lng: Language, page: PageModel, sports: Sport[], heading: string, t: T): Crumb[] {
  const home: Crumb = { label: t('crumb_home'), href: `/${lng}/` };
  if (page.kind === 'home') return [{ label: t('crumb_home'), href: null }];
  const game = page.kind === 'game' ? page.game : null;
  const list = page.kind === 'list' ? page : null;
  const sportId = game?.sportId ?? list?.sportId ?? null;
  const sport = sports.find((s) => s.id === sportId);
  const section: Section = page.kind === 'game' || page.kind === 'list' ? page.section : 'line';
  const crumbs = [home];
  if (sport && !(list && !list.champId))
    crumbs.push({ label: sport.name, href: listPath(lng, section, sport.slug) });
  if (game && sport)
    crumbs.push({ label: game.champ.name, href: listPath(lng, section, sport.slug, game.champ) });
  crumbs.push({ label: heading, href: null });
  return crumbs;
}

/** The print page's model: the player's own bet, or null (404) for any other id or a guest. */
async function printPage(input: RemoteRenderInput, lng: string, couponId: string | undefined) {
  const bet = await loadPrintBet(input.api, lng, couponId, input.context.userToken);
  return bet ? ({ kind: 'print', bet } as const) : null;
}

const sports: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const lng = requestLanguage(input);
    if (input.components !== null) return notFoundResult(APP_NAME, lng);
    const { page: area } = pages.areaPageOf(input);
    if (!area) return notFoundResult(APP_NAME, lng);
    const { match, props: areaProps } = area;
    const { pathname, search } = splitUrl(input.url);
    const query = new URLSearchParams(search);
    const view = input.context.view ?? {};
    const oddsView = oddsViewFrom(view.coefViewId === undefined ? null : String(view.coefViewId));
    const nowMs = Date.now();
    const pageDictionaries = areaProps.dictionaries;
    const t: T = (key, values) => createTranslator(match.lng, pageDictionaries).t('sports', key, values);

    const sportsResult = await loadSportsList(input.api, match.lng);
    const sportList = sportsResult.ok ? sportsResult.data : [];
    const info = {
      routeId: match.route.id,
      params: match.params,
      query,
      timeZone: input.context.timeZone,
      nowMs,
    };
    const page =
      match.route.id === 'print-coupon'
        ? await printPage(input, match.lng, match.params.couponId)
        : await loadPage(input.api, match.lng, sportList, info);
    if (!page) return notFoundResult(APP_NAME, lng);
    const section: Section = match.params.section === 'live' || match.route.id === 'multi' ? 'live' : 'line';
    const menu = await loadMenu(input.api, match.lng, sportList, focusOf(page, section), nowMs);
    const heading =
      page.kind === 'print'
        ? t('print.title', { id: page.bet.id })
        : headingOf(page, sportList, areaProps.frame.heading, t);
    const q = query.toString();
    const props: SportsPageProps = {
      lng: match.lng,
      dictionaries: pageDictionaries,
      timeZone: input.context.timeZone,
      renderedAtMs: nowMs,
      oddsView,
      view,
      routeId: match.route.id,
      quickCoupon: match.route.tags.includes('quickCoupon'),
      url: pathname + (q ? `?${q}` : ''),
      heading,
      breadcrumbs: crumbsOf(match.lng, page, sportList, heading, t),
      menu,
      page,
    };
    const title = match.route.id === 'home' ? t('title') : t('page_title', { heading });
    const html = renderToString(<SportsRoot {...props} />);
    const status = (page.kind === 'game' || page.kind === 'team') && page.error?.status === 404 ? 404 : 200;
    return {
      status,
      fragment: createFragment({
        appName: APP_NAME,
        title,
        html,
        props: packProps(props),
        assets: input.assets,
      }),
    };
  },
};

export default sports;
