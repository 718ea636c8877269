/**
 * The lotto micro-app's server module (web/dist/server/lotto.js): the routes of the table with app
 * "lotto". It reads the page's public data through the API (page-data.ts), renders it, and embeds
 * the same props for hydration; the player's tickets and coupons load in the browser.
 */
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { dictionaries } from './dictionaries.ts';
import { headingOf, LottoApp } from './LottoApp.tsx';
import { type LottoPageProps, loadPageData } from './page-data.ts';
import { viewOf } from './rules.ts';

const APP_NAME = manifest.name;
const pages = appPages(manifest, dictionaries);

/** Pages whose thing does not exist answer 404 (a page that failed to load answers 200 with its state). */
const NOT_FOUND_KINDS = new Set(['draw', 'toto-past']);

const lotto: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = pages.areaPageOf(input);
    if (!page) return notFoundResult(APP_NAME, lng);
    const { match, props: areaProps } = page;
    const view = viewOf(match.route.id, match.params, new URLSearchParams(splitUrl(input.url).search));
    const data = await loadPageData(input.api, view, Date.now());
    const props: LottoPageProps = {
      ...areaProps,
      signedIn: input.context.userToken !== null,
      timeZone: input.context.timeZone,
      view,
      data,
    };
    const t = createTranslator(match.lng, areaProps.dictionaries);
    const { frame } = areaProps;
    const heading = headingOf(props, (key, values) => t.t('lotto', key, values));
    const title = heading === frame.heading ? frame.title : t.t('lotto', 'title', { name: heading });
    const html = renderToString(<LottoApp {...props} />);
    const notFound =
      view.kind === 'not-found' ||
      (view.kind === 'builder'
        ? data.games !== null && !data.games.some((g) => g.gameId === view.gameId)
        : NOT_FOUND_KINDS.has(view.kind) && (data.error === 404 || data.error === 400));
    return {
      status: notFound ? 404 : 200,
      fragment: createFragment({ appName: APP_NAME, title, html, props, assets: input.assets }),
    };
  },
};

export default lotto;
