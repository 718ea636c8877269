/**
 * The casino micro-app's server module (web/dist/server/casino.js): the routes of the table with app
 * "casino". It loads the page's data through the API (in-process on one server): the first page of
 * the lobby's games, its categories and providers, or the game's details; renders it; and embeds
 * the same props for hydration.
 */
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { CasinoApp, headingOf } from './CasinoApp.tsx';
import { dictionaries } from './dictionaries.ts';
import { pageRouteOf } from './lobby/page-route.ts';
import { loadPage } from './page-data.ts';
import type { CasinoPageProps } from './page-model.ts';

const APP_NAME = manifest.name;
const pages = appPages(manifest, dictionaries);

const casino: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page: area } = pages.areaPageOf(input);
    if (!area) return notFoundResult(APP_NAME, lng);
    const { match, props: areaProps } = area;
    const route = pageRouteOf(match.route.id, match.params, new URLSearchParams(splitUrl(input.url).search));
    const page = await loadPage(input.api, match.lng, route);
    const props: CasinoPageProps = {
      ...areaProps,
      signedIn: input.context.userToken !== null,
      timeZone: input.context.timeZone,
      page,
    };
    const t = createTranslator(match.lng, areaProps.dictionaries);
    const { frame } = areaProps;
    const heading = headingOf(page, frame.routeId, frame.heading, (key) => t.t('casino', key));
    const title = heading === frame.heading ? frame.title : t.t('casino', 'game.title', { name: heading });
    const html = renderToString(<CasinoApp {...props} />);
    const notFound = page.error === 404 && (page.kind === 'game' || route.view === 'provider');
    return {
      status: notFound ? 404 : 200,
      fragment: createFragment({ appName: APP_NAME, title, html, props, assets: input.assets }),
    };
  },
};

export default casino;
